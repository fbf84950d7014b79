// Layering of src/ (DESIGN; STYLE §1): every import of the real tree obeys the rules of
// import-rules.ts, and each rule is shown on a made-up tree, an allowed import beside a refused one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { allowedImports, importsOf, importViolations, layers, violationText, type Violation } from "./import-rules.js";

const src = fileURLToPath(new URL("../../../src/", import.meta.url));

/** Every .ts file under `dir`, by path relative to src/ (with `/`). */
function sources(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (name.endsWith(".ts")) out.set(relative(src, p).split(sep).join("/"), readFileSync(p, "utf8"));
  }
  return out;
}

/**
 * Violations that are still there, each with its reason, keyed `<file> imports "<specifier>"`.
 * The list may only shrink: a listed import that no longer breaks a rule fails the test.
 */
const knownViolations: Record<string, string> = {
  'cel/plan-ops.ts imports "./values/access.js"': "cel/values' access functions are not yet on its index.ts (CEL engine work)",
  'cel/planner.ts imports "./values/access.js"': "cel/values' access functions are not yet on its index.ts (CEL engine work)",
  'cel/lib/std-operators.ts imports "../values/access.js"': "cel/values' access functions are not yet on its index.ts (CEL engine work)",
  'cel/lib/std-operators.ts imports "../values/list.js"': "concatLists is not yet on cel/values/index.ts (CEL engine work)",
  'cel/lib/ext-lists.ts imports "../values/list.js"': "concatLists is not yet on cel/values/index.ts (CEL engine work)",
  'cel/values/access.ts imports "./index.js"': "access.ts takes its package's own surface instead of the defining files (CEL engine work)",
};

const keyOf = (v: Violation): string => (v.specifier === undefined ? v.file : `${v.file} imports "${v.specifier}"`);

test("layering: every import in src/ follows the layer and package rules", () => {
  const found = importViolations(sources(src));
  assert.deepEqual(found.filter((v) => !(keyOf(v) in knownViolations)).map(violationText), []);
  const stillThere = new Set(found.map(keyOf));
  assert.deepEqual(Object.keys(knownViolations).filter((k) => !stillThere.has(k)), [], "fixed: remove these from knownViolations");
});

test("layering: the allowed-import table points downward only", () => {
  for (const [i, layer] of layers.entries()) {
    for (const to of allowedImports[layer]) assert.ok(layers.indexOf(to) > i, `${layer} → ${to}`);
  }
  assert.deepEqual([...allowedImports.schema, ...allowedImports.cel], ["data", "data"]);
});

/** A made-up tree: the layer and package index files the rules look for, plus `extra`. */
function tree(extra: Record<string, string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const l of layers) files.set(`${l}/index.ts`, "");
  for (const p of ["index.ts", "admission/types.ts", "admission/admit.ts", "admission/dispatch/index.ts", "admission/dispatch/select.ts",
    "admission/mutating/index.ts", "cel/env.ts", "cel/lib/std.ts", "cel/lib/k8s/index.ts", "cel/check/unify.ts", "cel/values/index.ts", "cel/values/list.ts"]) {
    files.set(p, "");
  }
  for (const [p, text] of Object.entries(extra)) files.set(p, text);
  return files;
}

const ruleCases: { name: string; file: string; text: string; extra?: Record<string, string>; expected: string[] }[] = [
  { name: "a layer imports a lower layer through its index.ts", file: "krm/read.ts", text: 'import { admit } from "../admission/index.js";', expected: [] },
  {
    name: "a layer does not import a higher layer", file: "schema/crd.ts", text: 'import type { KrmResult } from "../admission/index.js";',
    expected: ['schema/crd.ts:1 imports "../admission/index.js": layer schema may not import layer admission (it may import: data)'],
  },
  {
    name: "schema and cel are siblings: neither imports the other", file: "schema/crd.ts", text: 'import { celEnv } from "../cel/index.js";',
    expected: ['schema/crd.ts:1 imports "../cel/index.js": layer schema may not import layer cel (it may import: data)'],
  },
  {
    name: "a lower layer is entered only through its index.ts", file: "krm/read.ts", text: 'import { admit } from "../admission/admit.js";',
    expected: ['krm/read.ts:1 imports "../admission/admit.js": enter layer admission through admission/index.ts'],
  },
  { name: "the library entry imports a layer's index.ts", file: "index.ts", text: 'export { admit } from "./admission/index.js";', expected: [] },
  {
    name: "the library entry imports no other file of a layer", file: "index.ts", text: 'export { admit } from "./admission/admit.js";',
    expected: ['index.ts:1 imports "./admission/admit.js": enter layer admission through admission/index.ts'],
  },
  {
    name: "a layer does not import the library entry", file: "cli/fn.ts", text: 'import { mutate } from "../index.js";',
    expected: ['cli/fn.ts:1 imports "../index.js": only the library entry may be src/index.ts; layers do not import it'],
  },
  {
    name: "a package enters a sibling package through its index.ts", file: "admission/mutating/invoke.ts",
    text: 'import { selectInvocations } from "../dispatch/index.js";', expected: [],
  },
  {
    name: "a package does not reach into a sibling package's files", file: "admission/mutating/invoke.ts",
    text: 'import { selectInvocations } from "../dispatch/select.js";',
    expected: ['admission/mutating/invoke.ts:1 imports "../dispatch/select.js": admission/dispatch/select.ts is inside admission/dispatch/: enter it through admission/dispatch/index.ts'],
  },
  {
    name: "a layer's root file enters a sub-package only through its index.ts", file: "admission/admit.ts",
    text: 'import { selectInvocations } from "./dispatch/select.js";',
    expected: ['admission/admit.ts:1 imports "./dispatch/select.js": admission/dispatch/select.ts is inside admission/dispatch/: enter it through admission/dispatch/index.ts'],
  },
  { name: "a sub-package imports its layer's contract types.ts", file: "admission/mutating/invoke.ts", text: 'import type { KrmResult } from "../types.js";', expected: [] },
  { name: "a sub-package imports a file of its enclosing package", file: "cel/lib/k8s/url.ts", text: 'import { fn } from "../std.js";', expected: [] },
  {
    name: "a sub-package does not import the file that imports it (a cycle across packages)",
    file: "admission/mutating/invoke.ts", text: 'import type { AdmissionRun } from "../admit.js";',
    extra: { "admission/admit.ts": 'import { invoke } from "./mutating/index.js";', "admission/mutating/index.ts": 'export { invoke } from "./invoke.js";' },
    expected: ['admission/mutating/invoke.ts:1 imports "../admit.js": closes an import cycle across packages: admission/mutating/invoke.ts → admission/admit.ts → admission/mutating/index.ts → admission/mutating/invoke.ts'],
  },
  {
    name: "sibling packages do not import each other, even through their index.ts (every crossing import of the cycle is named)",
    file: "admission/match/rules.ts", text: 'import { select } from "../dispatch/index.js";',
    extra: {
      "admission/match/index.ts": 'export { rules } from "./rules.js";',
      "admission/dispatch/index.ts": 'export { select } from "./select.js";',
      "admission/dispatch/select.ts": 'import { rules } from "../match/index.js";',
    },
    expected: [
      'admission/dispatch/select.ts:1 imports "../match/index.js": closes an import cycle across packages: admission/dispatch/select.ts → admission/match/index.ts → admission/match/rules.ts → admission/dispatch/index.ts → admission/dispatch/select.ts',
      'admission/match/rules.ts:1 imports "../dispatch/index.js": closes an import cycle across packages: admission/match/rules.ts → admission/dispatch/index.ts → admission/dispatch/select.ts → admission/match/index.ts → admission/match/rules.ts',
    ],
  },
  {
    name: "import cycles inside one package are allowed", file: "cel/values/map.ts", text: 'import { list } from "./list.js";',
    extra: { "cel/values/list.ts": 'import { map } from "./map.js";' }, expected: [],
  },
  {
    name: "a file does not import the index.ts of its own layer", file: "admission/mutating/invoke.ts",
    text: 'import { admit } from "../index.js";',
    expected: ['admission/mutating/invoke.ts:1 imports "../index.js": admission/index.ts is the surface of admission/mutating/invoke.ts\'s own package: import the file that defines the name'],
  },
  {
    name: "a folder without index.ts is part of its parent: its files import each other and the parent's",
    file: "cel/lib/ext.ts", text: 'import { env } from "../env.js";\nimport { unify } from "../check/unify.js";\nimport { std } from "./std.js";', expected: [],
  },
  {
    name: "a folder without index.ts still enters a package only through its index.ts", file: "cel/lib/ext.ts",
    text: 'import { concat } from "../values/list.js";',
    expected: ['cel/lib/ext.ts:1 imports "../values/list.js": cel/values/list.ts is inside cel/values/: enter it through cel/values/index.ts'],
  },
  {
    name: "type-only imports, re-exports, dynamic imports and import types are all checked", file: "data/x.ts",
    text: 'import type { A } from "../cel/index.js";\nexport { b } from "../cel/index.js";\nconst c = await import("../cel/index.js");\ntype D = import("../cel/index.js").D;',
    expected: [1, 2, 3, 4].map((n) => `data/x.ts:${n} imports "../cel/index.js": layer data may not import layer cel (it may import: nothing)`),
  },
  {
    name: "an import that resolves to no source file is reported", file: "krm/read.ts", text: 'import { x } from "./missing.js";',
    expected: ['krm/read.ts:1 imports "./missing.js": krm/missing.ts is not a source file under src/'],
  },
  { name: "a folder under src/ that is no layer is reported", file: "text/read.ts", text: "", expected: ["text/read.ts: text/ is not a layer (add it to allowedImports)"] },
];

for (const c of ruleCases) {
  test(`layering rule: ${c.name}`, () => {
    assert.deepEqual(importViolations(tree({ ...c.extra, [c.file]: c.text })).map(violationText), c.expected);
  });
}

test("layering: importsOf reads relative specifiers with their lines, ignoring packages", () => {
  const text = 'import fs from "node:fs";\nimport yaml from "yaml";\n\nimport { a } from "./a.js";\nexport type { B } from "../b.js";\n';
  assert.deepEqual(importsOf("x.ts", text), [{ specifier: "./a.js", line: 4 }, { specifier: "../b.js", line: 5 }]);
});
