// Fuzzing the patchers and label selectors against simple models: JSON patch add/replace/remove
// on object-only documents vs a model applier, arbitrary operation lists (never a throw, input
// untouched, Object.prototype untouched), structured merge on generated shapes (never a throw,
// idempotent), and matchExpressions against a direct reading of their meaning.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { applyJsonPatch, applyConfigurationDeduced, type JsonPatchOperation } from "../../src/patch/index.js";
import { escapeToken } from "../../src/patch/json-pointer.js";
import { compileLabelSelector } from "../../src/admission/match/label-selector.js";
import type { LabelSelectorRequirementSpec } from "../../src/admission/policy/policy-model.js";
import { deepClone, deepEqual, isObject, setKey, type JsonObject, type JsonValue } from "../../src/data/index.js";

const SEED = 0x6b6d77;
const protoNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

const key = fc.constantFrom("a", "b", "c", "__proto__", "constructor", "prototype", "a/b", "~", "0", "-", "");
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -9, max: 9 }), fc.string({ maxLength: 3 }));
const objectOf = (entries: [string, JsonValue][]): JsonObject => {
  const o: JsonObject = {};
  for (const [k, v] of entries) setKey(o, k, v);
  return o;
};
/** Object-only JSON (no arrays), for the model check. */
const objTree: fc.Arbitrary<JsonObject> = fc.letrec<{ o: JsonObject; v: JsonValue }>((tie) => ({
  o: fc.array(fc.tuple(key, tie("v")), { maxLength: 4 }).map(objectOf),
  v: fc.oneof({ depthSize: "small" }, scalar, tie("o")),
})).o;
const anyTree: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.array(fc.tuple(key, tie("v")), { maxLength: 3 }).map(objectOf)),
})).v;

/** Every object path of an object-only tree, as key lists. */
function paths(o: JsonObject, prefix: string[] = []): string[][] {
  const out: string[][] = [prefix];
  for (const k of Object.keys(o)) {
    const v = o[k];
    out.push([...prefix, k]);
    if (isObject(v)) out.push(...paths(v, [...prefix, k]).slice(1));
  }
  return out;
}
const pointer = (ks: string[]): string => ks.map((k) => "/" + escapeToken(k)).join("");

/**
 * The model: add/replace set a key of an existing object parent, remove deletes an existing key;
 * the whole document (path "") can only be replaced, and only by an object, an array or null
 * (json-patch v4 decodes the value into its document type).
 */
function model(doc: JsonObject, op: "add" | "replace" | "remove", ks: string[], value: JsonValue): JsonValue | "error" {
  if (ks.length === 0) return op === "replace" && (value === null || typeof value === "object") ? deepClone(value) : "error";
  const out = deepClone(doc);
  let parent: JsonValue = out;
  for (const k of ks.slice(0, -1)) {
    if (!isObject(parent) || !Object.prototype.hasOwnProperty.call(parent, k)) return "error";
    parent = parent[k];
  }
  if (!isObject(parent)) return "error";
  const last = ks[ks.length - 1];
  if (op === "remove") {
    if (!Object.prototype.hasOwnProperty.call(parent, last)) return "error";
    delete parent[last];
  } else setKey(parent, last, deepClone(value));
  return out;
}

test("fuzz JSON patch add/replace/remove on object documents agrees with a model (2000 cases)", () => {
  const before = protoNames();
  fc.assert(
    fc.property(objTree, fc.constantFrom("add", "replace", "remove") as fc.Arbitrary<"add" | "replace" | "remove">, fc.nat(), fc.array(key, { maxLength: 2 }), scalar, (doc, op, pick, extra, value) => {
      const all = paths(doc);
      const ks = [...all[pick % all.length], ...extra.slice(0, pick % 2)];
      const copy = deepClone(doc);
      const r = applyJsonPatch(doc, [{ op, path: pointer(ks), value, hasValue: op !== "remove" }]);
      assert.ok(deepEqual(doc, copy), "input untouched");
      const want = model(doc, op, ks, value);
      if (want === "error") assert.equal(r.kind, "error", `${op} ${pointer(ks)} should fail`);
      else {
        assert.equal(r.kind, "applied", `${op} ${pointer(ks)}: ${r.kind === "error" ? r.message : ""}`);
        if (r.kind === "applied") assert.ok(deepEqual(r.doc, want));
      }
    }),
    { seed: SEED, numRuns: 2000 },
  );
  assert.deepEqual(protoNames(), before);
});

const opArb: fc.Arbitrary<JsonPatchOperation> = fc.record({
  op: fc.constantFrom("add", "remove", "replace", "move", "copy", "test", "upsert", ""),
  path: fc.oneof(fc.array(fc.oneof(key, fc.constantFrom("1", "-1", "01", "+1", "99999999999999999999")), { maxLength: 4 }).map((ks) => ks.map((k) => "/" + k).join("")), fc.string({ maxLength: 6 })),
  from: fc.option(fc.constantFrom("/a", "/b/0", "/__proto__", "", "/constructor/prototype"), { nil: undefined }),
  value: anyTree,
  hasValue: fc.boolean(),
});

test("fuzz JSON patch with arbitrary operation lists: never throws, never touches its input or Object.prototype (3000 cases)", () => {
  const before = protoNames();
  fc.assert(
    fc.property(anyTree, fc.array(opArb, { maxLength: 5 }), (doc, ops) => {
      const copy = deepClone(doc);
      const r = applyJsonPatch(doc, ops);
      assert.ok(["applied", "testFailed", "error"].includes(r.kind));
      if (r.kind === "error") assert.match(r.message, /^JSON Patch: /);
      assert.ok(deepEqual(doc, copy), "input untouched");
    }),
    { seed: SEED, numRuns: 3000 },
  );
  assert.deepEqual(protoNames(), before);
  assert.equal(({} as Record<string, unknown>).a, undefined);
});

test("fuzz structured merge (no schema): never throws, keeps Object.prototype, applying twice equals once (2000 cases)", () => {
  const before = protoNames();
  const obj = fc.tuple(objTree, objTree).map(([a, b]) => ({ ...a, apiVersion: "v1", kind: "ConfigMap", metadata: { name: "n" }, data: b }) as JsonObject);
  fc.assert(
    fc.property(obj, objTree, (live, patchData) => {
      const patch: JsonObject = { apiVersion: "v1", kind: "ConfigMap" };
      setKey(patch, "data", patchData);
      const once = applyConfigurationDeduced(live, patch);
      if (!once.ok) {
        assert.equal(typeof once.message, "string");
        return;
      }
      const twice = applyConfigurationDeduced(once.object, patch);
      assert.ok(twice.ok && deepEqual(twice.object, once.object), "idempotent");
    }),
    { seed: SEED, numRuns: 2000 },
  );
  assert.deepEqual(protoNames(), before);
});

const labelKey = fc.constantFrom("app", "team", "x.io/t", "bad key", "", "-a", "a".repeat(64));
const labelValue = fc.constantFrom("a", "b", "", "bad value!", "-x");
const requirement: fc.Arbitrary<LabelSelectorRequirementSpec> = fc.record({
  key: labelKey,
  operator: fc.constantFrom("In", "NotIn", "Exists", "DoesNotExist", "in", "Equals", ""),
  values: fc.option(fc.array(labelValue, { maxLength: 3 }), { nil: undefined }),
});

/** What a requirement means, straight from the API docs. */
function holds(r: LabelSelectorRequirementSpec, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  switch (r.operator) {
    case "In": return has && (r.values ?? []).includes(labels[r.key]);
    case "NotIn": return !has || !(r.values ?? []).includes(labels[r.key]);
    case "Exists": return has;
    default: return !has;
  }
}

test("fuzz label selectors: a valid selector matches exactly per the model, an invalid one is an error value (3000 cases)", () => {
  let valid = 0;
  fc.assert(
    fc.property(fc.array(requirement, { maxLength: 3 }), fc.dictionary(fc.constantFrom("app", "team", "x.io/t"), fc.constantFrom("a", "b", "")), (exprs, labels) => {
      const c = compileLabelSelector({ matchExpressions: exprs });
      if ("error" in c) {
        assert.equal(typeof c.error, "string");
        return;
      }
      valid++;
      assert.equal(c.selector.matches(labels), exprs.every((r) => holds(r, labels)), JSON.stringify({ exprs, labels }));
    }),
    { seed: SEED, numRuns: 3000 },
  );
  assert.ok(valid > 300, `too few valid selectors generated (${valid})`);
});
