// The bin's bundles read the schema tables from kmutate-types.txt beside them: the file holds
// every entry of the generated tables, the file-backed lookup answers as the in-module one for
// every name, the format refuses what it cannot hold, and a bin without the file fails naming it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeTypeTables, encodeTypeTables, typeTablesFile, typeTableText as fromFile } from "../../src/cli/type-tables-file.js";
import { builtinTypes } from "../../src/schema/gen/builtin-types.js";
import { typedShapes } from "../../src/schema/gen/typed-shapes.js";
import { typeTableText, type TypeTable } from "../../src/schema/type-tables.js";
import { binding, configMap, policy, resourceList } from "../adversarial/fixtures.js";

const cliDir = fileURLToPath(new URL("../../src/cli/", import.meta.url));
const tables: Record<TypeTable, Readonly<Record<string, string>>> = { builtinTypes, typedShapes };

test("kmutate-types.txt holds every entry of the generated tables, and only those", () => {
  const entries = decodeTypeTables(readFileSync(join(cliDir, typeTablesFile), "latin1"));
  const want = Object.entries(tables).flatMap(([table, t]) => Object.entries(t).map(([name, text]) => [`${table}\t${name}`, text]));
  assert.ok(want.length > 1000);
  assert.deepEqual([...entries], want);
});

test("the file-backed lookup answers as the generated tables for every name, and undefined for others", () => {
  for (const [table, t] of Object.entries(tables) as [TypeTable, Readonly<Record<string, string>>][]) {
    for (const name of Object.keys(t)) assert.equal(fromFile(table, name), typeTableText(table, name), `${table} ${name}`);
    for (const name of ["io.k8s.api.core.v1.Nope", "toString", "__proto__", ""]) assert.deepEqual([fromFile(table, name), typeTableText(table, name)], [undefined, undefined], name);
  }
});

test("the file's format: a round trip, and what it cannot hold", () => {
  const t = { builtinTypes: { a: '{"m":1}', "b.c": "[]" }, typedShapes: { "~x": '[[["f","s"]]]' } };
  assert.equal(encodeTypeTables(t), 'builtinTypes\ta\t{"m":1}\nbuiltinTypes\tb.c\t[]\ntypedShapes\t~x\t[[["f","s"]]]\n');
  assert.deepEqual(Object.fromEntries(decodeTypeTables(encodeTypeTables(t))), { "builtinTypes\ta": '{"m":1}', "builtinTypes\tb.c": "[]", "typedShapes\t~x": '[[["f","s"]]]' });
  for (const [name, text] of [["a\tb", "x"], ["a", "x\ny"], ["é", "x"]]) assert.throws(() => encodeTypeTables({ builtinTypes: { [name]: text }, typedShapes: {} }), /a tab, newline or non-ASCII character/);
  assert.throws(() => decodeTypeTables("builtinTypes\ta\n"), /line at offset 0 is not <table>\\t<name>\\t<text>/);
  assert.throws(() => decodeTypeTables("builtinTypes\ta\tx"), /line at offset 0/);
});

test("a bin whose kmutate-types.txt is missing fails naming the file, exit 1", () => {
  const copy = mkdtempSync(join(tmpdir(), "kmutate-no-tables-"));
  try {
    for (const f of readdirSync(cliDir)) if (f === "kmutate.cjs" || f.startsWith("kmutate-fn.cjs")) copyFileSync(join(cliDir, f), join(copy, f));
    // A JSON patch on a ConfigMap: the patched object is checked against the ConfigMap's schema.
    const list = resourceList([configMap("a"), policy("label", ['[JSONPatch{op: "add", path: "/metadata/labels", value: {"a": "b"}}]']), binding("label")]);
    const r = spawnSync(process.execPath, [join(copy, "kmutate.cjs")], { input: list, encoding: "utf8", env: { ...process.env, TMPDIR: copy } });
    assert.equal(r.status, 1);
    const missing = join(copy, typeTablesFile);
    assert.equal(r.stderr, `error: internal error: the schema tables (${missing}) cannot be read: ENOENT: no such file or directory, open '${missing}'; reinstall kmutate\n`);
  } finally {
    rmSync(copy, { recursive: true });
  }
});
