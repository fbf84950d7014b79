// CIDR prefixes as Go's netip.ParsePrefix (Go 1.26) reads them, with the Kubernetes CIDR
// library's rules and error texts; containment and masking as netip.Prefix does them.
import { goQuote } from "../../../data/index.js";
import { parseAddr, parseK8sIP, is4In6, ipToString, type IPAddr } from "./ip.js";

/** A prefix: its (unmasked) address and prefix length. */
export interface CIDR {
  readonly addr: IPAddr;
  readonly bits: number;
}

function prefixError(input: string, msg: string): { error: string } {
  return { error: `netip.ParsePrefix(${goQuote(input)}): ${msg}` };
}

/** netip.ParsePrefix. */
export function parsePrefix(s: string): CIDR | { error: string } {
  const slash = s.lastIndexOf("/");
  if (slash < 0) return prefixError(s, "no '/'");
  const addr = parseAddr(s.slice(0, slash));
  if ("error" in addr) return prefixError(s, addr.error);
  if (!addr.v4 && addr.zone !== "") return prefixError(s, "IPv6 zones cannot be present in a prefix");
  const bitsStr = s.slice(slash + 1);
  const bad = prefixError(s, "bad bits after slash: " + goQuote(bitsStr));
  if (bitsStr.length > 1 && (bitsStr[0] < "1" || bitsStr[0] > "9")) return bad;
  if (!/^[+-]?[0-9]+$/.test(bitsStr)) return bad;
  const n = BigInt(bitsStr);
  if (n > (1n << 63n) - 1n || n < -(1n << 63n)) return bad;
  const maxBits = addr.v4 ? 32 : 128;
  if (n < 0n || n > BigInt(maxBits)) return prefixError(s, "prefix length out of range");
  return { addr, bits: Number(n) };
}

/**
 * The Kubernetes library's parseCIDR plus the `cidr()` wrapping: errors are the full texts
 * `cidr()` reports (the apiserver prefixes the netip message twice).
 */
export function parseK8sCIDR(raw: string): CIDR | { error: string } {
  const p = parsePrefix(raw);
  const prefix = "network address parse error during conversion from string: ";
  if ("error" in p) return { error: prefix + prefix + p.error };
  if (is4In6(p.addr)) return { error: prefix + `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed` };
  return p;
}

function mask(addr: IPAddr, bits: number): bigint {
  const width = addr.v4 ? 32n : 128n;
  const host = width - BigInt(bits);
  return (addr.bits >> host) << host;
}

/** Prefix.String: `<ip>/<bits>` with the address as given (not masked). */
export function cidrToString(c: CIDR): string {
  return `${ipToString(c.addr)}/${c.bits}`;
}

/** Prefix.Masked: host bits cleared. */
export function cidrMasked(c: CIDR): CIDR {
  return { addr: { v4: c.addr.v4, bits: mask(c.addr, c.bits), zone: "" }, bits: c.bits };
}

/** Prefix.Contains: same family and the first `bits` bits equal. */
export function cidrContainsIP(c: CIDR, ip: IPAddr): boolean {
  if (ip.zone !== "" || ip.v4 !== c.addr.v4) return false;
  return mask(ip, c.bits) === mask(c.addr, c.bits);
}

/** The library's containsCIDR: `other` overlaps `c` and is at least as long a prefix. */
export function cidrContainsCIDR(c: CIDR, other: CIDR): boolean {
  if (c.addr.v4 !== other.addr.v4) return false;
  const minBits = Math.min(c.bits, other.bits);
  return mask(c.addr, minBits) === mask(other.addr, minBits) && c.bits <= other.bits;
}

/** Same address and prefix length (the address is compared unmasked, as Go's `==`). */
export function cidrEqual(a: CIDR, b: CIDR): boolean {
  return a.bits === b.bits && a.addr.v4 === b.addr.v4 && a.addr.bits === b.addr.bits;
}

/** Parses a string for `containsIP(string)`: the `ip()` rules and errors. */
export { parseK8sIP };
