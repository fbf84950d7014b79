# kmutate KRM function image. Not published to a registry yet: build it locally,
#   docker build -t ghcr.io/kmutate/kmutate:v0.1.0 .
# (the tag the examples and krm/ configs name; kpt and kustomize then find it without pulling).
# The running container writes nothing to disk (works with a read-only root filesystem).
# test/e2e/container-runtime.test.ts reads this file, assembles the final stage's file system and runs
# its ENTRYPOINT as its USER on a read-only root; a RUN step it cannot emulate fails that test.
# Base: Node.js 24 (LTS) on Alpine, pinned by the digest of its multi-platform index; update tag and
# digest together (docker buildx imagetools inspect node:24-alpine).

FROM node:24.18.0-alpine3.24@sha256:a0b9bf06e4e6193cf7a0f58816cc935ff8c2a908f81e6f1a95432d679c54fbfd AS build
WORKDIR /src
COPY package.json package-lock.json ./
# No lifecycle scripts: the sources are not copied yet (the build runs below).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
# `npm run build`: tsc, then the bin's bundles (scripts/post-build.mjs, esbuild).
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24.18.0-alpine3.24@sha256:a0b9bf06e4e6193cf7a0f58816cc935ff8c2a908f81e6f1a95432d679c54fbfd
LABEL org.opencontainers.image.title="kmutate" \
      org.opencontainers.image.description="Kubernetes MutatingAdmissionPolicies applied offline as a KRM function" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.source="https://github.com/kmutate/kmutate" \
      org.opencontainers.image.base.name="docker.io/library/node:24.18.0-alpine3.24"
ENV NODE_ENV=production
# Each run starts a fresh container: Node's compile cache (module.enableCompileCache, Node >= 22.1)
# and kmutate's per-user code cache would be written to /tmp and thrown away every time, so they
# stay off and nothing is written. The V8 code cache the build wrote beside the bundles
# (dist/src/cli/*.v8-cache, for this Node) is read by every user.
ENV NODE_DISABLE_COMPILE_CACHE=1
WORKDIR /opt/kmutate
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist/src ./dist/src
COPY krm ./krm
COPY LICENSE README.md ./
RUN ln -s /opt/kmutate/dist/src/cli/kmutate.cjs /usr/local/bin/kmutate
# The node image's unprivileged user (uid 1000).
USER node
# Absolute paths: kustomize passes the host's PATH into the container (`-e PATH`), which may lack
# /usr/local/bin; neither the entrypoint nor node is looked up through it.
# --max-semi-space-size=8: Node 24 lets V8's young generation grow to 64 MiB semi-spaces, which
# raised peak RSS by 35-185 MB on lists of 13-200 MB and took more CPU, not less (docs/performance.md,
# "The young generation kept small"). The bin caps it at run time too, once it has grown that far;
# the flag holds from the start.
ENTRYPOINT ["/usr/local/bin/node", "--max-semi-space-size=8", "/opt/kmutate/dist/src/cli/kmutate.cjs"]
