// The checker reuses overload resolutions of argument types with type variables (open-resolution.ts):
// a reused resolution must give every node the same type and overloads as a first resolution.
import { test } from "node:test";
import assert from "node:assert/strict";
import { celEnv, type CelEnv } from "../../src/cel/env.js";
import { kubernetesLibraries } from "../../src/cel/lib/library-sets.js";
import { parse } from "../../src/cel/parse.js";
import { allMacros } from "../../src/cel/macros.js";
import { libraryMacros } from "../../src/cel/lib/macros.js";
import { check, formatCelType } from "../../src/cel/check.js";

const exprs: string[] = [
  "object.items.map(x, x * 2).filter(x, x % 3 == 0).size() > 10",
  "[].map(x, [x, 1.0])",
  "[[], [1]].map(l, l + [2])",
  "(true ? [] : [1]) + [2]",
  "[1, 2].map(x, [x] + []).filter(l, l.size() > 0)",
  "[].map(x, x).map(y, y + 1) + [2u]",
  "{}.map(k, [k]) + [['a']]",
  "[1, 'a'].map(x, x) + [1]",
  "[[]].map(l, l + l)",
  "[{}].map(m, m) + [{'a': 1}]",
  "[].filter(x, x > 1).map(x, x + [])",
  "[optional.none()].map(o, o.orValue([]) + [1])",
  "[1, 2].transformList(i, v, v + i)",
  "{'a': []}.transformMap(k, v, v + [k])",
  "[[1], []].exists(l, (l + []).size() == 0)",
  "[null, []].map(x, x)",
  "dyn([]).map(x, [x]) + [[1]]",
];

const env = (): CelEnv => celEnv({ variables: { object: { kind: "dyn" } }, ...kubernetesLibraries({ mutation: true }) });

/** Every node's type and overloads of `text` in `e`, or its errors, as text. */
function dump(e: CelEnv, text: string): string {
  const p = parse(text, { macros: [...allMacros, ...libraryMacros(e.libraries)] });
  if ("errors" in p) return `parse: ${p.errors.map((x) => x.message).join("; ")}`;
  const c = check(p.parsed, e);
  if ("errors" in c) return `errors: ${c.errors.map((x) => x.message).join("; ")}`;
  const types = [...c.types].sort((a, b) => a[0] - b[0]).map(([id, t]) => `${id}:${formatCelType(t)}`).join(" ");
  const ovl = [...c.overloads].sort((a, b) => a[0] - b[0]).map(([id, s]) => `${id}:${s.map((x) => x.name + "/" + x.args.map(formatCelType).join(",")).join("|")}`).join(" ");
  return `${formatCelType(c.type)} | ${types} | ${ovl}`;
}

// One warm env sees every expression twice first (so their resolutions are recorded and replayed);
// each expression is also checked alone in a fresh env (first resolutions only).
const warm = env();
for (let round = 0; round < 2; round++) for (const x of exprs) dump(warm, x);
for (const x of exprs) {
  test(`open resolution reuse: ${x}`, () => {
    const fresh = dump(env(), x);
    assert.ok(!fresh.startsWith("parse:"), fresh);
    assert.equal(dump(warm, x), fresh);
  });
}
