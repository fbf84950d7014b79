// Standard library: string and bytes predicates contains/startsWith/endsWith and RE2 `matches`.
import type { Overload } from "../types.js";
import { celError, type CelError } from "../values/index.js";
import { T, fn, member, actualSize, traversal, byOverload } from "./sig.js";
import { compileRegex } from "./util-regex.js";

function matches(s: string, re: string): boolean | CelError {
  const r = compileRegex(re);
  return typeof r === "string" ? celError(r) : r.test(s);
}
const regexCost = (s: string, re: string): number => Math.ceil((1 + actualSize(s)) * 0.1) * Math.ceil(actualSize(re) * 0.25) - 1;
const containsCost = (s: string, sub: string): number => Math.ceil(actualSize(s) * 0.1) * Math.ceil(actualSize(sub) * 0.1) - 1;
const prefixCost = (s: string): number => traversal(actualSize(s));

/** String functions of the standard library. */
export const stdStrings: Overload[] = [
  ...byOverload(
    member("contains",   [T.string, T.string], T.bool, (s: string, x: string) => s.includes(x), containsCost),
    member("startsWith", [T.string, T.string], T.bool, (s: string, x: string) => s.startsWith(x), prefixCost),
    member("endsWith",   [T.string, T.string], T.bool, (s: string, x: string) => s.endsWith(x), prefixCost),
    member("matches",    [T.string, T.string], T.bool, matches, regexCost),
  ),
  // cel-go's cost switch names the member overload only: the global form costs 1.
  fn("matches",          [T.string, T.string], T.bool, matches),
];
