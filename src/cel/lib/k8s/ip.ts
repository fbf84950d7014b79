// IP addresses as Go's net/netip (Go 1.26) parses and prints them, with the Kubernetes IP
// library's extra rules (no zones, no IPv4-mapped IPv6) and its exact error texts.
import { goQuote } from "../../../data/index.js";

/** A parsed address: 32-bit IPv4 or 128-bit IPv6 (as a bigint), with an IPv6 zone if any. */
export interface IPAddr {
  readonly v4: boolean;
  readonly bits: bigint;
  readonly zone: string;
}

function addrError(input: string, msg: string, at = ""): { error: string } {
  return { error: `ParseAddr(${goQuote(input)}): ${msg}` + (at !== "" ? ` (at ${goQuote(at)})` : "") };
}

/** Parses the dotted quad in in[off:end] (netip.parseIPv4Fields); errors name the whole input. */
function parseV4Fields(input: string, off: number, end: number): number[] | { error: string } {
  const s = input.slice(off, end);
  const fields: number[] = [];
  let val = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c >= "0" && c <= "9") {
      if (digLen === 1 && val === 0) return addrError(input, "IPv4 field has octet with leading zero");
      val = val * 10 + (c.charCodeAt(0) - 48);
      digLen++;
      if (val > 255) return addrError(input, "IPv4 field has value >255");
    } else if (c === ".") {
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".") {
        return addrError(input, "IPv4 field must have at least one digit", s.slice(i));
      }
      if (fields.length === 3) return addrError(input, "IPv4 address too long");
      fields.push(val);
      val = 0;
      digLen = 0;
    } else {
      return addrError(input, "unexpected character", s.slice(i));
    }
  }
  if (fields.length < 3) return addrError(input, "IPv4 address too short");
  fields.push(val);
  return fields;
}

function hexVal(c: string): number {
  const x = c.charCodeAt(0);
  if (x >= 48 && x <= 57) return x - 48;
  if (x >= 97 && x <= 102) return x - 87;
  if (x >= 65 && x <= 70) return x - 55;
  return -1;
}

function parseV6(input: string): IPAddr | { error: string } {
  let s = input;
  let zone = "";
  const pct = s.indexOf("%");
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === "") return addrError(input, "zone must be a non-empty string");
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ":" && s[1] === ":") {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { v4: false, bits: 0n, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const h = hexVal(s[off]);
      if (h < 0) break;
      acc = acc * 16 + h;
      if (off > 3) return addrError(input, "each group must have 4 or less digits", s);
    }
    if (off === 0) return addrError(input, "each colon-separated field must have at least one digit", s);
    if (off < s.length && s[off] === ".") {
      if (ellipsis < 0 && i !== 12) return addrError(input, "embedded IPv4 address must replace the final 2 fields of the address", s);
      if (i + 4 > 16) return addrError(input, "too many hex fields to fit an embedded IPv4 at the end of the address", s);
      const end = input.length - (zone.length > 0 ? zone.length + 1 : 0);
      const f = parseV4Fields(input, end - s.length, end);
      if ("error" in f) return f;
      ip.splice(i, 4, ...f);
      s = "";
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ":") return addrError(input, "unexpected character, want colon", s);
    if (s.length === 1) return addrError(input, "colon must be followed by more characters", s);
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) return addrError(input, "multiple :: in address", s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return addrError(input, "trailing garbage after address", s);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, "address string too short");
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j];
    ip.fill(0, ellipsis, ellipsis + n);
  } else if (ellipsis >= 0) {
    return addrError(input, "the :: must expand to at least one field of zeros");
  }
  let bits = 0n;
  for (const b of ip) bits = (bits << 8n) | BigInt(b);
  return { v4: false, bits, zone };
}

/** netip.ParseAddr: an IPv4 or IPv6 address (IPv6 may carry a zone); errors as Go words them. */
export function parseAddr(s: string): IPAddr | { error: string } {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ".") {
      const f = parseV4Fields(s, 0, s.length);
      if ("error" in f) return f;
      return { v4: true, bits: BigInt(((f[0] << 24) | (f[1] << 16) | (f[2] << 8) | f[3]) >>> 0), zone: "" };
    }
    if (s[i] === ":") return parseV6(s);
    if (s[i] === "%") return addrError(s, "missing IPv6 address");
  }
  return addrError(s, "unable to parse IP");
}

/** True for an IPv4-mapped IPv6 address (::ffff:a.b.c.d). */
export function is4In6(a: IPAddr): boolean {
  return !a.v4 && a.bits >> 32n === 0xffffn;
}

/**
 * The Kubernetes library's parseIPAddr: netip parsing, then no zone and no IPv4-mapped IPv6.
 * Errors are the full texts `ip()` reports.
 */
export function parseK8sIP(raw: string): IPAddr | { error: string } {
  const a = parseAddr(raw);
  if ("error" in a) return { error: `IP Address ${goQuote(raw)} parse error during conversion from string: ${a.error}` };
  if (a.zone !== "") return { error: `IP address ${goQuote(raw)} with zone value is not allowed` };
  if (is4In6(a)) return { error: `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed` };
  return a;
}

function v6Group(bits: bigint, i: number): number {
  return Number((bits >> BigInt((7 - i) * 16)) & 0xffffn);
}

/** Addr.String: dotted quad, or RFC 5952 IPv6 (longest run of ≥2 zero groups as `::`, first on ties). */
export function ipToString(a: IPAddr): string {
  if (a.v4) {
    const b = Number(a.bits);
    return `${b >>> 24}.${(b >>> 16) & 255}.${(b >>> 8) & 255}.${b & 255}`;
  }
  if (is4In6(a)) {
    const b = Number(a.bits & 0xffffffffn);
    return `::ffff:${b >>> 24}.${(b >>> 16) & 255}.${(b >>> 8) & 255}.${b & 255}` + (a.zone ? `%${a.zone}` : "");
  }
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && v6Group(a.bits, j) === 0) j++;
    const l = j - i;
    if (l >= 2 && l > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += "::";
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) {
      out += ":";
    }
    out += v6Group(a.bits, i).toString(16);
  }
  return a.zone ? `${out}%${a.zone}` : out;
}

/** Address family: 4 or 6. */
export function ipFamily(a: IPAddr): number {
  return a.v4 ? 4 : 6;
}

/** Same address (and zone). */
export function ipEqual(a: IPAddr, b: IPAddr): boolean {
  return a.v4 === b.v4 && a.bits === b.bits && a.zone === b.zone;
}

/** IsUnspecified: 0.0.0.0 or ::. */
export function ipIsUnspecified(a: IPAddr): boolean {
  return a.bits === 0n && a.zone === "";
}

/** IsLoopback: 127.0.0.0/8 or ::1. */
export function ipIsLoopback(a: IPAddr): boolean {
  return a.v4 ? a.bits >> 24n === 127n : a.bits === 1n;
}

/** IsLinkLocalMulticast: 224.0.0.0/24 or ff02::/16 (any flags nibble: ffx2). */
export function ipIsLinkLocalMulticast(a: IPAddr): boolean {
  return a.v4 ? a.bits >> 8n === 0xe00000n : (v6Group(a.bits, 0) & 0xff0f) === 0xff02;
}

/** IsLinkLocalUnicast: 169.254.0.0/16 or fe80::/10. */
export function ipIsLinkLocalUnicast(a: IPAddr): boolean {
  return a.v4 ? a.bits >> 16n === 0xa9fen : (v6Group(a.bits, 0) & 0xffc0) === 0xfe80;
}

function isMulticast(a: IPAddr): boolean {
  return a.v4 ? a.bits >> 28n === 0xen : a.bits >> 120n === 0xffn;
}

/** IsGlobalUnicast: not unspecified, broadcast, loopback, multicast or link-local unicast. */
export function ipIsGlobalUnicast(a: IPAddr): boolean {
  if (a.v4 && (a.bits === 0n || a.bits === 0xffffffffn)) return false;
  if (!a.v4 && a.bits === 0n && a.zone === "") return false;
  return !ipIsLoopback(a) && !isMulticast(a) && !ipIsLinkLocalUnicast(a);
}
