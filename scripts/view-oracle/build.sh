#!/bin/bash
# Builds scripts/view-oracle/.build/view-oracle: the JSON decoding of kube-apiserver (k8s.io/
# apimachinery v0.36.3 serializer, strict, into the k8s.io/api v0.36.3 types) with the create
# handler's error text, and ToUnstructured of the result. Needs the admission oracle's GOPATH tree
# (../shared/oracle/admission/setup.sh) and Go 1.23; builds in GOPATH mode, downloads nothing.
# About 4 minutes the first time (its own build cache), seconds after.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SHARED=${SHARED:-$HERE/../../../shared}
TREE=$SHARED/oracle/admission/.build/gopath
W=$HERE/.build
[ -d "$TREE/src/k8s.io/apimachinery" ] || { echo "view-oracle: $TREE is missing: run ../shared/oracle/admission/setup.sh first" >&2; exit 1; }
mkdir -p "$W/gopath/src/view-oracle"
cp "$HERE/view-oracle.go" "$W/gopath/src/view-oracle/"
# The scheme of typed built-in objects: the admission oracle's (GA groups, no defaulting functions).
cp "$SHARED/oracle/admission/scheme.go" "$W/gopath/src/view-oracle/"
export PATH=/usr/lib/go-1.23/bin:$PATH GOPATH=$W/gopath:$TREE GO111MODULE=off GOCACHE=$W/gocache GOFLAGS=
go build -o "$W/view-oracle" view-oracle
echo "built $W/view-oracle"
