// Kubernetes semver library, version 1 as Kubernetes 1.36 enables it (kubernetes.Semver):
// semver/isSemver with the optional normalize flag, components, comparisons.
import type { CelLibrary } from "../../types.js";
import { celError, celOpaque, type CelOpaque, type CelError } from "../../values/index.js";
import { T, fn, member, actualSize, traversal } from "../sig.js";
import { parseSemver, parseSemverNormalized, semverCompare, semverComponent, semverToString, type Semver } from "./semver.js";

/** CEL type name of versions. */
export const SEMVER_TYPE = "kubernetes.Semver";
const S = T.opaque<Semver>(SEMVER_TYPE);
type SV = CelOpaque<Semver>;

/** Wraps a version as a CEL value (equality ignores build metadata). */
export function celSemver(v: Semver): CelOpaque<Semver> {
  return celOpaque<Semver>(SEMVER_TYPE, v, { equals: (a, b) => semverCompare(a, b) === 0, goNative: (x) => `(semver.Version)${semverToString(x)}` });
}
function toSemver(s: string, normalize: boolean): SV | CelError {
  const v = normalize ? parseSemverNormalized(s) : parseSemver(s);
  return "error" in v ? celError(v.error) : celSemver(v);
}
const isSemver = (s: string, normalize: boolean): boolean => !("error" in (normalize ? parseSemverNormalized(s) : parseSemver(s)));
const strCost = (s: string): number => traversal(actualSize(s));

/** The semver library table. */
export const semverLibrary: CelLibrary = {
  name: "kubernetes.Semver",
  overloads: [
    fn("semver",             [T.string],         S,      (s: string) => toSemver(s, false), strCost),
    fn("semver",             [T.string, T.bool], S,      (s: string, n: boolean) => toSemver(s, n), strCost),
    fn("isSemver",           [T.string],         T.bool, (s: string) => isSemver(s, false), strCost),
    fn("isSemver",           [T.string, T.bool], T.bool, (s: string, n: boolean) => isSemver(s, n), strCost),
    member("isGreaterThan",  [S, S],             T.bool, (a: SV, b: SV) => semverCompare(a.value, b.value) === 1),
    member("isLessThan",     [S, S],             T.bool, (a: SV, b: SV) => semverCompare(a.value, b.value) === -1),
    member("compareTo",      [S, S],             T.int,  (a: SV, b: SV) => BigInt(semverCompare(a.value, b.value))),
    member("major",          [S],                T.int,  (v: SV) => semverComponent(v.value.major)),
    member("minor",          [S],                T.int,  (v: SV) => semverComponent(v.value.minor)),
    member("patch",          [S],                T.int,  (v: SV) => semverComponent(v.value.patch)),
  ],
};
