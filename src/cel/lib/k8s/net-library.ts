// Kubernetes IP and CIDR libraries (kubernetes.net.ip, kubernetes.net.cidr, 1.36): one row per
// overload, opaque types `net.IP` and `net.CIDR`, costs as the apiserver's cost estimator charges.
import type { CelLibrary } from "../../types.js";
import { celError, celOpaque, errText, type CelOpaque, type CelError } from "../../values/index.js";
import { T, fn, member, actualSize, traversal, withResolvedCost } from "../sig.js";
import {
  parseK8sIP, ipToString, ipFamily, ipEqual, ipIsUnspecified, ipIsLoopback, ipIsLinkLocalMulticast,
  ipIsLinkLocalUnicast, ipIsGlobalUnicast, type IPAddr,
} from "./ip.js";
import { parseK8sCIDR, cidrToString, cidrMasked, cidrContainsIP, cidrContainsCIDR, cidrEqual, type CIDR } from "./cidr.js";

/** CEL type names. */
export const IP_TYPE = "net.IP";
export const CIDR_TYPE = "net.CIDR";
const IP = T.opaque<IPAddr>(IP_TYPE), CI = T.opaque<CIDR>(CIDR_TYPE);
type IV = CelOpaque<IPAddr>;
type CV = CelOpaque<CIDR>;

/** Wraps an address as a CEL `net.IP`. */
export function celIP(a: IPAddr): CelOpaque<IPAddr> {
  return celOpaque<IPAddr>(IP_TYPE, a, { equals: ipEqual, size: (x) => (x.v4 ? 4 : 16), goNative: (x) => `(netip.Addr)${ipToString(x)}` });
}
/** Wraps a prefix as a CEL `net.CIDR`. */
export function celCIDR(c: CIDR): CelOpaque<CIDR> {
  return celOpaque<CIDR>(CIDR_TYPE, c, { equals: cidrEqual, size: (x) => Math.ceil(x.bits / 8), goNative: (x) => `(netip.Prefix)${cidrToString(x)}` });
}

function toIP(s: string): IV | CelError {
  const a = parseK8sIP(s);
  return "error" in a ? celError(a.error) : celIP(a);
}
function toCIDR(s: string): CV | CelError {
  const c = parseK8sCIDR(s);
  return "error" in c ? celError(c.error) : celCIDR(c);
}
function isCanonical(s: string): boolean | CelError {
  const a = parseK8sIP(s);
  return "error" in a ? celError(a.error) : ipToString(a) === s;
}
function containsIPString(c: CV, s: string): boolean | CelError {
  const a = parseK8sIP(s);
  // The library hands the parse failure to the IP overload, which finds no IP: `no such overload`.
  return "error" in a ? celError(errText.noSuchOverload) : cidrContainsIP(c.value, a);
}
function containsCIDRString(c: CV, s: string): boolean | CelError {
  const o = parseK8sCIDR(s);
  return "error" in o ? celError(o.error) : cidrContainsCIDR(c.value, o);
}

const strCost = (s: string): number => traversal(actualSize(s));
/** Size of a CIDR value: its prefix length in bytes, rounded up (cel.CIDR.Size). */
const cidrSize = (c: CV): number => Math.ceil(c.value.bits / 8);
/** Parsing the string argument of containsIP/containsCIDR: charged only for a call resolved to the string row. */
const parseCost = (_c: CV, s: string): number => Math.ceil(actualSize(s) * 0.1);
const containsIPCost = (c: CV): number => Math.ceil(2 * cidrSize(c) * 0.1) - 1;
const containsCIDRCost = (c: CV): number => Math.ceil(2 * cidrSize(c) * 0.1) + Math.ceil(cidrSize(c) * 0.1);

/** The IP library table. */
export const ipLibrary: CelLibrary = {
  name: "kubernetes.net.ip",
  typeIdents: [IP_TYPE],
  overloads: [
    fn("ip",                       [T.string], IP,       (s: string) => toIP(s), strCost),
    fn("isIP",                     [T.string], T.bool,   (s: string) => !("error" in parseK8sIP(s)), strCost),
    fn("ip.isCanonical",           [T.string], T.bool,   (s: string) => isCanonical(s), (s: string) => Math.ceil(actualSize(s) * 0.2) - 1),
    fn("string",                   [IP],       T.string, (a: IV) => ipToString(a.value)),
    member("family",               [IP],       T.int,    (a: IV) => BigInt(ipFamily(a.value))),
    member("isUnspecified",        [IP],       T.bool,   (a: IV) => ipIsUnspecified(a.value)),
    member("isLoopback",           [IP],       T.bool,   (a: IV) => ipIsLoopback(a.value)),
    member("isLinkLocalMulticast", [IP],       T.bool,   (a: IV) => ipIsLinkLocalMulticast(a.value)),
    member("isLinkLocalUnicast",   [IP],       T.bool,   (a: IV) => ipIsLinkLocalUnicast(a.value)),
    member("isGlobalUnicast",      [IP],       T.bool,   (a: IV) => ipIsGlobalUnicast(a.value)),
  ],
};

/** The CIDR library table. */
export const cidrLibrary: CelLibrary = {
  name: "kubernetes.net.cidr",
  typeIdents: [CIDR_TYPE],
  overloads: [
    fn("cidr",                 [T.string],     CI,       (s: string) => toCIDR(s), strCost),
    fn("isCIDR",               [T.string],     T.bool,   (s: string) => !("error" in parseK8sCIDR(s)), strCost),
    fn("string",               [CI],           T.string, (c: CV) => cidrToString(c.value)),
    withResolvedCost(member("containsIP", [CI, T.string], T.bool, (c: CV, s: string) => containsIPString(c, s), (c: CV) => containsIPCost(c)), parseCost),
    member("containsIP",       [CI, IP],       T.bool,   (c: CV, a: IV) => cidrContainsIP(c.value, a.value), (c: CV) => containsIPCost(c)),
    withResolvedCost(member("containsCIDR", [CI, T.string], T.bool, (c: CV, s: string) => containsCIDRString(c, s), (c: CV) => containsCIDRCost(c)), parseCost),
    member("containsCIDR",     [CI, CI],       T.bool,   (c: CV, o: CV) => cidrContainsCIDR(c.value, o.value), (c: CV) => containsCIDRCost(c)),
    member("ip",               [CI],           IP,       (c: CV) => celIP(c.value.addr)),
    member("prefixLength",     [CI],           T.int,    (c: CV) => BigInt(c.value.bits)),
    member("masked",           [CI],           CI,       (c: CV) => celCIDR(cidrMasked(c.value))),
  ],
};
