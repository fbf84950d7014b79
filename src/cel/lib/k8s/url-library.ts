// Kubernetes URL library (kubernetes.urls): url()/isURL() with Go's ParseRequestURI check and
// Parse result, and the accessors; equality compares URL.String() as the apiserver does.
import type { CelLibrary } from "../../types.js";
import { celError, celOpaque, celList, celMapFrom, type CelOpaque, type CelMap, type CelError } from "../../values/index.js";
import { T, fn, member, actualSize, traversal } from "../sig.js";
import {
  parseRequestURI, parseURL, urlScheme, urlHost, urlHostname, urlPort, urlEscapedPath, urlQuery, urlToString, type GoURL,
} from "./url.js";

/** CEL type name of URLs. */
export const URL_TYPE = "kubernetes.URL";
const U = T.opaque<GoURL>(URL_TYPE);
type UV = CelOpaque<GoURL>;

/** Wraps a parsed URL as a CEL value. */
export function celURL(u: GoURL): CelOpaque<GoURL> {
  return celOpaque<GoURL>(URL_TYPE, u, { equals: (a, b) => urlToString(a) === urlToString(b), goNative: (x) => `(*url.URL)${urlToString(x)}` });
}
function toURL(s: string): UV | CelError {
  const check = parseRequestURI(s);
  if ("error" in check) return celError(`URL parse error during conversion from string: ${check.error}`);
  const u = parseURL(s);
  return "error" in u ? celError(`URL parse error during conversion from string: ${u.error}`) : celURL(u);
}
function query(u: UV): CelMap | CelError {
  const q = urlQuery(u.value);
  const m = celMapFrom([...q.keys()], [...q.values()].map((v) => celList(v)));
  return typeof m === "string" ? celError(m) : m;
}

/** The URL library table. */
export const urlLibrary: CelLibrary = {
  name: "kubernetes.urls",
  overloads: [
    fn("url",                [T.string], U,        (s: string) => toURL(s), (s: string) => traversal(actualSize(s))),
    fn("isURL",              [T.string], T.bool,   (s: string) => !("error" in parseRequestURI(s))),
    member("getScheme",      [U],        T.string, (u: UV) => urlScheme(u.value)),
    member("getHost",        [U],        T.string, (u: UV) => urlHost(u.value)),
    member("getHostname",    [U],        T.string, (u: UV) => urlHostname(u.value)),
    member("getPort",        [U],        T.string, (u: UV) => urlPort(u.value)),
    member("getEscapedPath", [U],        T.string, (u: UV) => urlEscapedPath(u.value)),
    member("getQuery",       [U],        T.map(T.string, T.list(T.string)), (u: UV) => query(u)),
  ],
};
