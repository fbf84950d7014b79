// Expressions for the static cost estimate differential: sized values (string, list and map
// literals, cel.bind) flowing through the constructs policies use — comprehensions (nested, two
// variables), string functions, regex, membership, concatenation, conditionals, the Kubernetes and
// ext list/set functions — and the same shapes over the unsized `object`. Deterministic per Rng.
import type { Rng } from "../../bench/rng.js";

const strings = ["''", "'a'", "'web'", "'nginx:1.25'", "'registry.example.com/team/app:v1'", "'a,b,c'", "'ÄÖÜ-äöü'", "object.metadata.name", "object.spec.image"];
const patterns = ["'^a'", "'[a-z]+'", "'^[a-z0-9]([-a-z0-9]*[a-z0-9])?$'", "'.*'", "'(?i)web'"];
const stringLists = ["[]", "['a']", "['web', 'api', 'db']", "['nginx:1.25', 'busybox', 'registry.example.com/team/app:v1']", "object.spec.names", "['a', object.metadata.name]"];
const intLists = ["[]", "[1]", "[1, 2, 3]", "[5, 4, 3, 2, 1, 0]", "object.spec.ports", "lists.range(4)"];
const maps = ["{}", "{'a': 'x'}", "{'app': 'web', 'tier': 'front', 'team': 'a'}", "object.metadata.labels"];
const nested = ["[['a'], ['b', 'c']]", "[[], ['web', 'api'], ['x', 'y', 'z']]", "object.spec.groups"];

/** A string-valued operation on `s` (sizes flow into the result). */
function stringOp(rng: Rng, s: string): string {
  return rng.pick([
    s, `${s}.lowerAscii()`, `${s}.upperAscii()`, `${s}.trim()`, `${s}.substring(1)`, `${s}.replace('a', 'bb')`, `${s}.replace('', '-')`,
    `${s} + '-x'`, `${s} + ${s}`, `${s}.split(',').join('|')`, `${s}.find(${rng.pick(patterns)})`, `strings.quote(${s})`, `string(bytes(${s}))`,
    `jsonpatch.escapeKey(${s})`,
  ]);
}

/** A bool-valued test of `s`. */
function stringTest(rng: Rng, s: string): string {
  return rng.pick([
    `${s}.startsWith('a')`, `${s}.endsWith(${rng.pick(strings.slice(0, 5))})`, `${s}.contains('b')`, `${s}.matches(${rng.pick(patterns)})`,
    `${s} == 'web'`, `${s} < 'm'`, `${s} in ${rng.pick(stringLists)}`, `size(${s}) > 3`, `${s}.findAll('[a-z]').size() > 1`,
    `${s}.indexOf('a') >= 0`, `${s}.split(',').size() == 3`, `isQuantity(${s})`, `isURL(${s})`, `isSemver(${s})`,
  ]);
}

/** The families: name, weight, generator. */
export const estimateFamilies: readonly (readonly [string, number, (rng: Rng) => string])[] = [
  ["est-string", 4, (rng) => stringTest(rng, stringOp(rng, rng.pick(strings)))],
  ["est-all", 5, (rng) => `${rng.pick(stringLists)}.${rng.pick(["all", "exists", "exists_one"])}(s, ${stringTest(rng, stringOp(rng, "s"))})`],
  ["est-map", 4, (rng) => `${rng.pick(stringLists)}.${rng.pick(["map", "filter"])}(s, ${rng.chance(0.5) ? stringTest(rng, "s") : `${stringTest(rng, "s")}`})${rng.pick(["", ".size()", ".all(t, t)", "[0]"])}`],
  ["est-map-step", 3, (rng) => `${rng.pick(stringLists)}.map(s, ${stringOp(rng, "s")})${rng.pick(["", ".all(t, t.startsWith('a'))", ".join(',')", ".exists(t, t.matches('^w'))"])}`],
  ["est-nested", 4, (rng) => `${rng.pick(nested)}.${rng.pick(["all", "exists"])}(l, l.${rng.pick(["all", "exists", "exists_one"])}(s, ${stringTest(rng, "s")}))`],
  ["est-two-var", 3, (rng) => rng.pick([
    `${rng.pick(maps)}.all(k, v, ${stringTest(rng, "k")} && ${stringTest(rng, "v")})`, `${rng.pick(maps)}.transformMap(k, v, ${stringOp(rng, "v")})`,
    `${rng.pick(stringLists)}.transformList(i, s, ${stringOp(rng, "s")})`, `${rng.pick(maps)}.exists(k, ${stringTest(rng, `${rng.pick(maps)}[k]`)})`,
    `${rng.pick(stringLists)}.all(i, s, i < 3 || ${stringTest(rng, "s")})`,
  ])],
  ["est-bind", 3, (rng) => `cel.bind(xs, ${rng.pick(stringLists)}, xs.${rng.pick(["all", "exists"])}(s, ${stringTest(rng, "s")}) ${rng.pick(["&&", "||"])} ${stringTest(rng, "xs.join('')")})`],
  ["est-int-lists", 3, (rng) => `${rng.pick(intLists)}${rng.pick([".sum() > 2", ".max() < 9", ".isSorted()", ".indexOf(2) > 0", ".map(x, x * 2).filter(x, x > 2).size() > 0", ".all(x, x in [1, 2, 3])", ".sort().reverse()[0] > 1", ".distinct().size() > 1", ".slice(1, 2).size() == 1", " + [7]", ".exists(x, [x, x].all(y, y > 0))"])}`],
  ["est-sets", 2, (rng) => `sets.${rng.pick(["contains", "intersects", "equivalent"])}(${rng.pick(stringLists)}, ${rng.pick(stringLists)})`],
  ["est-cond", 3, (rng) => `(${stringTest(rng, rng.pick(strings))} ? ${rng.pick(stringLists)} : ${rng.pick(stringLists)}).${rng.pick(["all", "exists"])}(s, ${stringTest(rng, "s")})`],
  ["est-k8s", 3, (rng) => rng.pick([
    `quantity(${rng.pick(["'1Gi'", "object.spec.memory"])}).isGreaterThan(quantity('1Mi'))`, `url(${rng.pick(strings)}).getHost() == 'x'`,
    `ip(${rng.pick(["'10.0.0.1'", "object.spec.ip"])}).family() == 4`, `cidr('10.0.0.0/8').containsIP(${rng.pick(["'10.1.2.3'", "object.spec.ip", "ip('10.0.0.1')"])})`,
    `semver(${rng.pick(["'1.2.3'", "object.spec.version"])}).isGreaterThan(semver('1.0.0'))`, `format.dns1123Label().validate(${rng.pick(strings)}).hasValue()`,
    `${rng.pick(stringLists)}.all(s, quantity(s) == quantity('1'))`, `ip.isCanonical(${rng.pick(strings)})`, `url('https://a.b/c') == url(${rng.pick(strings)})`,
  ])],
];

/** Typed variables of the sized cases (the oracle patched with oracle-typed-sizes.patch declares them). */
export const typedVars: Readonly<Record<string, string>> = {
  xs: "list(string)", ls: "list(list(string))", m: "map(string,string)", ms: "map(string,list(string))", s: "string", ns: "list(int)",
};

/** Random bounds for every path of {@link typedVars} (estimator paths: `@items`, `@keys`, `@values`). */
export function typedSizes(rng: Rng): Record<string, [number, number]> {
  const n = (): [number, number] => [rng.pick([0, 1, 2]), rng.pick([0, 1, 3, 10, 64, 253, 1000, 5000])];
  const out: Record<string, [number, number]> = {};
  for (const p of ["xs", "xs/@items", "ls", "ls/@items", "ls/@items/@items", "m", "m/@keys", "m/@values", "ms", "ms/@keys", "ms/@values", "ms/@values/@items", "s", "ns"]) {
    if (rng.chance(0.85)) out[p] = n();
  }
  return out;
}

/** An expression over the typed variables, in the shapes of {@link estimateFamilies}. */
export function typedEstimateExpr(rng: Rng): string {
  return rng.pick([
    () => stringTest(rng, stringOp(rng, "s")),
    () => `xs.${rng.pick(["all", "exists", "exists_one"])}(x, ${stringTest(rng, stringOp(rng, "x"))})`,
    () => `xs.${rng.pick(["map", "filter"])}(x, ${stringTest(rng, "x")})${rng.pick(["", ".size()", ".all(t, t)"])}`,
    () => `xs.map(x, ${stringOp(rng, "x")})${rng.pick(["", ".all(t, t.startsWith('a'))", ".join(',')"])}`,
    () => `ls.${rng.pick(["all", "exists"])}(l, l.${rng.pick(["all", "exists", "exists_one"])}(x, ${stringTest(rng, "x")}))`,
    () => `m.all(k, v, ${stringTest(rng, "k")} && ${stringTest(rng, "v")})`,
    () => `m.${rng.pick(["all", "exists"])}(k, ${stringTest(rng, "m[k]")})`,
    () => `ms.all(k, ms[k].all(x, ${stringTest(rng, "x")}))`,
    () => `ms.exists(k, v, v.exists(x, ${stringTest(rng, "x")}))`,
    () => `xs.transformList(i, x, ${stringOp(rng, "x")})`,
    () => `cel.bind(ys, xs + ${rng.pick(stringLists)}, ys.${rng.pick(["all", "exists"])}(x, ${stringTest(rng, "x")}))`,
    () => `ns${rng.pick([".sum() > 2", ".max() < 9", ".isSorted()", ".map(x, x * 2).filter(x, x > 2).size() > 0", ".all(x, x in ns)", ".exists(x, ns.all(y, y <= x))"])}`,
    () => `sets.${rng.pick(["contains", "intersects", "equivalent"])}(xs, ${rng.pick(["xs", ...stringLists])})`,
    () => `(${stringTest(rng, "s")} ? xs : ${rng.pick(stringLists)}).all(x, ${stringTest(rng, "x")})`,
    () => `xs.all(a, xs.exists_one(b, a == b))`,
  ])();
}
