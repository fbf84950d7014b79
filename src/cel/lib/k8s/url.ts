// URLs as Go's net/url (Go 1.26) parses them for the Kubernetes URL library: ParseRequestURI
// to validate, Parse to build the value, and the accessors the library exposes.
import { goQuote } from "../../../data/index.js";
import { parseAddr } from "./ip.js";

/** The parsed fields of a Go url.URL that the library reads. */
export interface GoURL {
  scheme: string;
  opaque: string;
  user: { username: string; password?: string } | undefined;
  host: string;
  path: string;
  rawPath: string;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
  omitHost: boolean;
}

type Mode = "path" | "pathSegment" | "host" | "zone" | "userPassword" | "queryComponent" | "fragment";
type R<T> = T | { error: string };
const isErr = <T>(v: R<T>): v is { error: string } => typeof v === "object" && v !== null && "error" in v;

function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}
/** url.shouldEscape. */
function shouldEscape(c: number, mode: Mode): boolean {
  if (isAlnum(c)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === "host" || mode === "zone") && "!$&'()*+,;=:[]<>\"".includes(ch)) return false;
  if ("-_.~".includes(ch)) return false;
  if ("$&+,/:;=?@".includes(ch)) {
    switch (mode) {
      case "path": return ch === "?";
      case "pathSegment": return ch === "/" || ch === ";" || ch === "," || ch === "?";
      case "userPassword": return ch === "@" || ch === "/" || ch === "?" || ch === ":";
      case "queryComponent": return true;
      case "fragment": return false;
    }
  }
  if (mode === "fragment" && "!()*".includes(ch)) return false;
  return true;
}
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** url.unescape over a byte string (one char per byte). */
function unescape(s: string, mode: Mode): R<string> {
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < s.length; ) {
    const c = s[i];
    if (c === "%") {
      n++;
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) {
        return { error: "invalid URL escape " + goQuote(utf8(s.slice(i, i + 3))) };
      }
      const v = parseInt(s.slice(i + 1, i + 3), 16);
      if (mode === "host" && v >> 4 < 8 && s.slice(i, i + 3) !== "%25") return { error: "invalid URL escape " + goQuote(s.slice(i, i + 3)) };
      if (mode === "zone" && s.slice(i, i + 3) !== "%25" && v !== 0x20 && shouldEscape(v, "host")) {
        return { error: "invalid URL escape " + goQuote(s.slice(i, i + 3)) };
      }
      i += 3;
    } else if (c === "+") {
      hasPlus = mode === "queryComponent";
      i++;
    } else {
      const b = c.charCodeAt(0);
      if ((mode === "host" || mode === "zone") && b < 0x80 && shouldEscape(b, mode)) {
        return { error: "invalid character " + goQuote(c) + " in host name" };
      }
      i++;
    }
  }
  if (n === 0 && !hasPlus) return s;
  return s.replace(/%([0-9a-fA-F]{2})|\+/g, (_m, h: string | undefined) =>
    h !== undefined ? String.fromCharCode(parseInt(h, 16)) : mode === "queryComponent" ? " " : "+");
}

/** url.escape over a byte string. */
function escape(s: string, mode: Mode): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i);
    if (b === 0x20 && mode === "queryComponent") out += "+";
    else if (shouldEscape(b, mode)) out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
    else out += s[i];
  }
  return out;
}

const toBytes = (s: string): string => Buffer.from(s, "utf8").toString("latin1");
const utf8 = (b: string): string => Buffer.from(b, "latin1").toString("utf8");

function getScheme(raw: string): R<[string, string]> {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) continue;
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
      if (i === 0) return ["", raw];
      continue;
    }
    if (c === 58) return i === 0 ? { error: "missing protocol scheme" } : [raw.slice(0, i), raw.slice(i + 1)];
    return ["", raw];
  }
  return ["", raw];
}

const validOptionalPort = (p: string): boolean => p === "" || /^:[0-9]*$/.test(p);

function parseHost(scheme: string, host: string): R<string> {
  const open = host.lastIndexOf("[");
  if (open > 0) return { error: "invalid IP-literal" };
  if (open === 0) {
    const close = host.lastIndexOf("]");
    if (close < 0) return { error: "missing ']' in host" };
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) return { error: `invalid port ${goQuote(utf8(colonPort))} after host` };
    const port = unescape(colonPort, "host");
    if (isErr(port)) return port;
    const hostname = host.slice(1, close);
    const zi = hostname.indexOf("%25");
    let unescaped: R<string>;
    if (zi >= 0) {
      const h = unescape(hostname.slice(0, zi), "host");
      if (isErr(h)) return h;
      const z = unescape(hostname.slice(zi), "zone");
      if (isErr(z)) return z;
      unescaped = h + z;
    } else {
      unescaped = unescape(hostname, "host");
      if (isErr(unescaped)) return unescaped;
    }
    const addr = parseAddr(utf8(unescaped));
    if ("error" in addr) return { error: "invalid host: " + addr.error };
    if (addr.v4) return { error: "invalid IP-literal" };
    return "[" + unescaped + "]" + port;
  }
  let i = host.indexOf(":");
  if (i !== -1) {
    const last = host.lastIndexOf(":");
    if (last !== i && scheme !== "http" && scheme !== "https") i = last;
    const colonPort = host.slice(i);
    if (!validOptionalPort(colonPort)) return { error: `invalid port ${goQuote(utf8(colonPort))} after host` };
  }
  return unescape(host, "host");
}

const USERINFO_OK = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;

function setPath(u: GoURL, p: string): R<void> {
  const path = unescape(p, "path");
  if (isErr(path)) return path;
  u.path = path;
  u.rawPath = escape(path, "path") === p ? "" : p;
}

function parse(raw: string, viaRequest: boolean): R<GoURL> {
  if (/[\x00-\x1f\x7f]/.test(raw)) return { error: "net/url: invalid control character in URL" };
  if (raw === "" && viaRequest) return { error: "empty url" };
  const u: GoURL = { scheme: "", opaque: "", user: undefined, host: "", path: "", rawPath: "", forceQuery: false, rawQuery: "", fragment: "", rawFragment: "", omitHost: false };
  if (raw === "*") {
    u.path = "*";
    return u;
  }
  const sch = getScheme(raw);
  if (isErr(sch)) return sch;
  u.scheme = sch[0].toLowerCase();
  let rest = sch[1];
  if (rest.endsWith("?") && rest.split("?").length === 2) {
    u.forceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const q = rest.indexOf("?");
    if (q >= 0) {
      u.rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith("/")) {
    if (u.scheme !== "") {
      u.opaque = rest;
      return u;
    }
    if (viaRequest) return { error: "invalid URI for request" };
    const seg = rest.split("/")[0];
    if (seg.includes(":")) return { error: "first path segment in URL cannot contain colon" };
  }
  if ((u.scheme !== "" || (!viaRequest && !rest.startsWith("///"))) && rest.startsWith("//")) {
    let authority = rest.slice(2);
    rest = "";
    const slash = authority.indexOf("/");
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    const at = authority.lastIndexOf("@");
    const host = parseHost(u.scheme, at < 0 ? authority : authority.slice(at + 1));
    if (isErr(host)) return host;
    u.host = host;
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!USERINFO_OK.test(userinfo)) return { error: "net/url: invalid userinfo" };
      const colon = userinfo.indexOf(":");
      const name = unescape(colon < 0 ? userinfo : userinfo.slice(0, colon), "userPassword");
      if (isErr(name)) return name;
      if (colon < 0) {
        u.user = { username: name };
      } else {
        const pw = unescape(userinfo.slice(colon + 1), "userPassword");
        if (isErr(pw)) return pw;
        u.user = { username: name, password: pw };
      }
    }
  } else if (u.scheme !== "" && rest.startsWith("/")) {
    u.omitHost = true;
  }
  const e = setPath(u, rest);
  return e && isErr(e) ? e : u;
}

function urlError(raw: string, e: { error: string }): { error: string } {
  return { error: `parse ${goQuote(raw)}: ${e.error}` };
}

/** url.ParseRequestURI; the error is `*url.Error` text: `parse "<raw>": <reason>`. */
export function parseRequestURI(raw: string): R<GoURL> {
  const u = parse(toBytes(raw), true);
  return isErr(u) ? urlError(raw, { error: fixText(u.error) }) : u;
}

/** url.Parse (fragment allowed). */
export function parseURL(raw: string): R<GoURL> {
  const b = toBytes(raw);
  const hash = b.indexOf("#");
  const main = hash < 0 ? b : b.slice(0, hash);
  const u = parse(main, false);
  if (isErr(u)) return urlError(utf8(main), { error: fixText(u.error) });
  if (hash < 0) return u;
  const f = b.slice(hash + 1);
  const frag = unescape(f, "fragment");
  if (isErr(frag)) return urlError(raw, { error: fixText(frag.error) });
  u.fragment = frag;
  u.rawFragment = escape(frag, "fragment") === f ? "" : f;
  return u;
}

/** Error texts were built over byte strings; render any non-ASCII back as UTF-8. */
function fixText(s: string): string {
  return /[\x80-\xff]/.test(s) ? utf8(s) : s;
}

function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort, port = "";
  const colon = host.lastIndexOf(":");
  if (colon !== -1 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return [host, port];
}

/** URL.Scheme. */
export const urlScheme = (u: GoURL): string => utf8(u.scheme);
/** URL.Host (unescaped). */
export const urlHost = (u: GoURL): string => utf8(u.host);
/** URL.Hostname(). */
export const urlHostname = (u: GoURL): string => utf8(splitHostPort(u.host)[0]);
/** URL.Port(). */
export const urlPort = (u: GoURL): string => utf8(splitHostPort(u.host)[1]);

function validEncoded(s: string, mode: Mode): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ("!$&'()*+,;=:@[]%".includes(c)) continue;
    if (shouldEscape(s.charCodeAt(i), mode)) return false;
  }
  return true;
}

/** URL.EscapedPath(). */
export function urlEscapedPath(u: GoURL): string {
  if (u.rawPath !== "" && validEncoded(u.rawPath, "path")) {
    const p = unescape(u.rawPath, "path");
    if (!isErr(p) && p === u.path) return utf8(u.rawPath);
  }
  if (u.path === "*") return "*";
  return utf8(escape(u.path, "path"));
}

/** URL.Query(): ParseQuery ignoring errors (bad pairs skipped; more than 10,000 params → empty). */
export function urlQuery(u: GoURL): Map<string, string[]> {
  const m = new Map<string, string[]>();
  let query = u.rawQuery;
  if (query.split("&").length > 10000) return m;
  while (query !== "") {
    const amp = query.indexOf("&");
    let key = amp < 0 ? query : query.slice(0, amp);
    query = amp < 0 ? "" : query.slice(amp + 1);
    if (key.includes(";") || key === "") continue;
    const eq = key.indexOf("=");
    let value = eq < 0 ? "" : key.slice(eq + 1);
    key = eq < 0 ? key : key.slice(0, eq);
    const k = unescape(key, "queryComponent");
    if (isErr(k)) continue;
    const v = unescape(value, "queryComponent");
    if (isErr(v)) continue;
    const ks = utf8(k);
    value = utf8(v);
    const list = m.get(ks);
    if (list) list.push(value);
    else m.set(ks, [value]);
  }
  return m;
}

/** URL.String() (used for URL equality). */
export function urlToString(u: GoURL): string {
  let buf = "";
  if (u.scheme !== "") buf += u.scheme + ":";
  if (u.opaque !== "") {
    buf += u.opaque;
  } else {
    if (u.scheme !== "" || u.host !== "" || u.user) {
      if (!(u.omitHost && u.host === "" && !u.user)) {
        if (u.host !== "" || u.path !== "" || u.user) buf += "//";
        if (u.user) {
          buf += escape(u.user.username, "userPassword");
          if (u.user.password !== undefined) buf += ":" + escape(u.user.password, "userPassword");
          buf += "@";
        }
        if (u.host !== "") buf += escape(u.host, "host");
      }
    }
    let path = toBytes(urlEscapedPath(u));
    if (u.omitHost && u.host === "" && !u.user && path.startsWith("//")) {
      buf += "%2F";
      path = path.slice(1);
    }
    if (path !== "" && path[0] !== "/" && u.host !== "") buf += "/";
    if (buf === "" && path.split("/")[0].includes(":")) buf += "./";
    buf += path;
  }
  if (u.forceQuery || u.rawQuery !== "") buf += "?" + u.rawQuery;
  if (u.fragment !== "") {
    let f = escape(u.fragment, "fragment");
    if (u.rawFragment !== "" && validEncoded(u.rawFragment, "fragment")) {
      const x = unescape(u.rawFragment, "fragment");
      if (!isErr(x) && x === u.fragment) f = u.rawFragment;
    }
    buf += "#" + f;
  }
  return utf8(buf);
}
