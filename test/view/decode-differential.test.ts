// The typed decode against kube-apiserver's: every case of facts/decode.jsonl (hand-written edge
// cases and seeded random manifests of every GA built-in kind, answered by the view oracle,
// scripts/view-oracle) decodes to exactly the oracle's view and strict-decoding warnings, or is
// refused with exactly its error text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isObject, JsonFloat, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { goKindType } from "../../src/schema/index.js";
import { decodeTyped } from "../../src/view/index.js";

const factsPath = fileURLToPath(new URL("../../../test/view/facts/decode.jsonl", import.meta.url));

interface Fact {
  id: string;
  object: JsonObject;
  expect: { error: string } | { view: JsonObject; strict: string[] };
}

/** Plain JSON with sorted keys (numbers as JSON numbers), for comparing views. */
function canonical(v: JsonValue): string {
  const walk = (x: JsonValue): unknown => {
    if (x instanceof JsonFloat) return x.value;
    if (typeof x === "bigint") return Number(x);
    if (Array.isArray(x)) return x.map(walk);
    if (isObject(x)) return Object.fromEntries(Object.keys(x).sort().map((k) => [k, walk(x[k])]));
    return x;
  };
  return JSON.stringify(walk(v));
}

/** What kmutate's decode answers, in the oracle's terms (the create handler's refusal text). */
function kmutateAnswer(o: JsonObject): Fact["expect"] {
  const type = goKindType(String(o.apiVersion), String(o.kind));
  assert.ok(type !== undefined, `${String(o.apiVersion)}/${String(o.kind)} has no Go type`);
  const d = decodeTyped(o, type);
  if (d.error !== undefined) {
    const version = String(o.apiVersion).split("/").pop();
    return { error: `${String(o.kind)} in version "${version}" cannot be handled as a ${String(o.kind)}: ${d.error}` };
  }
  return { view: d.value, strict: d.unknown.map((p) => `unknown field ${JSON.stringify(p)}`) };
}

test("typed decode: every manifest of the facts decodes as kube-apiserver decodes it", () => {
  const lines = readFileSync(factsPath, "utf8").trim().split("\n");
  const facts = lines.slice(1).map((l) => JSON.parse(l) as Fact);
  assert.ok(facts.length >= 1200, `only ${facts.length} facts`);
  const differ: string[] = [];
  let refused = 0;
  for (const f of facts) {
    if ("error" in f.expect) refused++;
    const mine = kmutateAnswer(f.object);
    if (canonical(mine as JsonValue) !== canonical(f.expect as JsonValue)) {
      differ.push(`${f.id}\n  oracle  ${canonical(f.expect as JsonValue).slice(0, 600)}\n  kmutate ${canonical(mine as JsonValue).slice(0, 600)}`);
    }
  }
  assert.ok(refused >= 100, `the facts should refuse some manifests (${refused})`);
  assert.deepEqual(differ.slice(0, 10), [], `${differ.length} of ${facts.length} cases differ`);
});
