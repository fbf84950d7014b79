// Semantic versions as blang/semver v4 parses and orders them, plus the Kubernetes semver
// library's normalize option (v prefix, missing minor/patch, leading zeros), with its error texts.
import { goQuote } from "../../../data/index.js";

/** A prerelease identifier: numeric (compared as uint64) or alphanumeric (compared bytewise). */
export type PreRelease = { num: bigint } | { str: string };

/** A parsed version; build metadata is kept but ignored by comparisons. */
export interface Semver {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: PreRelease[];
  build: string[];
}

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;
const MAX_UINT64 = (1n << 64n) - 1n;

function parseUint(s: string): bigint | { error: string } {
  if (s === "") return { error: `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax` };
  const v = BigInt(s);
  if (v > MAX_UINT64) return { error: `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` };
  return v;
}

const leadingZero = (s: string): boolean => s.length > 1 && s[0] === "0";

function number(part: string, what: string): bigint | { error: string } {
  if (!NUMBERS.test(part)) return { error: `Invalid character(s) found in ${what} number ${goQuote(part)}` };
  const cap = what[0].toUpperCase() + what.slice(1);
  if (leadingZero(part)) return { error: `${cap} number must not contain leading zeroes ${goQuote(part)}` };
  return parseUint(part);
}

/** semver.Parse (strict SemVer 2.0). */
export function parseSemver(s: string): Semver | { error: string } {
  if (s.length === 0) return { error: "Version string empty" };
  const dot1 = s.indexOf(".");
  const dot2 = dot1 < 0 ? -1 : s.indexOf(".", dot1 + 1);
  if (dot2 < 0) return { error: "No Major.Minor.Patch elements found" };
  const major = number(s.slice(0, dot1), "major");
  if (typeof major !== "bigint") return major;
  const minor = number(s.slice(dot1 + 1, dot2), "minor");
  if (typeof minor !== "bigint") return minor;
  let patchStr = s.slice(dot2 + 1);
  let build: string[] = [];
  let prerelease: string[] = [];
  const plus = patchStr.indexOf("+");
  if (plus !== -1) {
    build = patchStr.slice(plus + 1).split(".");
    patchStr = patchStr.slice(0, plus);
  }
  const dash = patchStr.indexOf("-");
  if (dash !== -1) {
    prerelease = patchStr.slice(dash + 1).split(".");
    patchStr = patchStr.slice(0, dash);
  }
  const patch = number(patchStr, "patch");
  if (typeof patch !== "bigint") return patch;
  const pre: PreRelease[] = [];
  for (const p of prerelease) {
    if (p.length === 0) return { error: "Prerelease is empty" };
    if (NUMBERS.test(p)) {
      if (leadingZero(p)) return { error: `Numeric PreRelease version must not contain leading zeroes ${goQuote(p)}` };
      const n = parseUint(p);
      if (typeof n !== "bigint") return n;
      pre.push({ num: n });
    } else if (ALPHANUM.test(p)) {
      pre.push({ str: p });
    } else {
      return { error: `Invalid character(s) found in prerelease ${goQuote(p)}` };
    }
  }
  for (const b of build) {
    if (b.length === 0) return { error: "Build meta data is empty" };
    if (!ALPHANUM.test(b)) return { error: `Invalid character(s) found in build meta data ${goQuote(b)}` };
  }
  return { major, minor, patch, pre, build };
}

/**
 * The library's normalizeAndParse: drop one leading `v`, strip leading zeros of the first three
 * dot-separated parts, fill a missing minor/patch with 0, then {@link parseSemver}.
 */
export function parseSemverNormalized(input: string): Semver | { error: string } {
  const s = input.startsWith("v") ? input.slice(1) : input;
  const parts = splitN(s, ".", 3).map((p) => {
    if (p.length <= 1) return p;
    const t = p.replace(/^0+/, "");
    return t.length === 0 || !(t[0] >= "0" && t[0] <= "9") ? "0" + t : t;
  });
  if (parts.length < 3) {
    if (/[+-]/.test(parts[parts.length - 1])) return { error: "short version cannot contain PreRelease/Build meta data" };
    while (parts.length < 3) parts.push("0");
  }
  return parseSemver(parts.join("."));
}

function splitN(s: string, sep: string, n: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (out.length < n - 1) {
    const i = rest.indexOf(sep);
    if (i < 0) break;
    out.push(rest.slice(0, i));
    rest = rest.slice(i + 1);
  }
  out.push(rest);
  return out;
}

const cmp = (a: bigint | string | number, b: bigint | string | number): number => (a === b ? 0 : a > b ? 1 : -1);

/** Version.Compare: major, minor, patch, then prerelease (a release ranks above its prereleases). */
export function semverCompare(v: Semver, o: Semver): number {
  const c = cmp(v.major, o.major) || cmp(v.minor, o.minor) || cmp(v.patch, o.patch);
  if (c !== 0) return c;
  if (v.pre.length === 0 || o.pre.length === 0) return v.pre.length === o.pre.length ? 0 : v.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < v.pre.length && i < o.pre.length; i++) {
    const a = v.pre[i], b = o.pre[i];
    const r = "num" in a ? ("num" in b ? cmp(a.num, b.num) : -1) : "num" in b ? 1 : cmp(a.str, b.str);
    if (r !== 0) return r;
  }
  return cmp(v.pre.length, o.pre.length);
}

/** An int64 view of a uint64 component, as `types.Int(v.Major)` converts it in Go. */
export function semverComponent(n: bigint): bigint {
  return BigInt.asIntN(64, n);
}

/** Version.String. */
export function semverToString(v: Semver): string {
  let s = `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre.length) s += "-" + v.pre.map((p) => ("num" in p ? p.num.toString() : p.str)).join(".");
  if (v.build.length) s += "+" + v.build.join(".");
  return s;
}
