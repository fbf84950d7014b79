// Where an apply configuration held CEL bytes: the positions the CEL → JSON conversion reports
// (BytesMarksCollector) are the JSON containers and keys holding the base64 form of those bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  celList, celMapFrom, celObject, celOptional, isCelError, isCelList, isCelMap, isCelObject, isCelOptional, objectToJson, type CelError, type CelValue,
} from "../../src/cel/index.js";
import { isObject, type JsonValue } from "../../src/data/index.js";
import { BytesMarksCollector } from "../../src/admission/mutating/apply-bytes.js";

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const obj = (name: string, fields: [string, CelValue][]): CelValue => celObject(name, new Map(fields));
const map = (entries: [string, CelValue][]): CelValue => {
  const m = celMapFrom(entries.map(([k]) => k), entries.map(([, v]) => v));
  assert.ok(!isCelError(m));
  return m;
};

/** Every mark as `path=text` (paths through the JSON result), in a stable order. */
function marksOf(root: CelValue): string[] | undefined {
  const c = new BytesMarksCollector();
  assert.ok(isCelObject(root));
  const json = objectToJson(root, "Object", c.onBytes);
  assert.ok(!isCelError(json), isCelError(json) ? json.message : "");
  const marks = c.result();
  if (marks === undefined) return undefined;
  const out: string[] = [];
  const visit = (v: JsonValue, path: string): void => {
    if (!Array.isArray(v) && !isObject(v)) return;
    const m = marks.get(v);
    for (const [k, x] of Object.entries(v)) {
      const key = Array.isArray(v) ? Number(k) : k;
      const at = `${path}/${k}`;
      const hit = m?.get(key);
      if (hit !== undefined) out.push(`${at}=${new TextDecoder().decode(hit)}`);
      visit(x, at);
    }
  };
  visit(json, "");
  return out;
}

const cases: { name: string; value: CelValue; expected: string[] | undefined }[] = [
  { name: "no bytes: no marks", value: obj("Object", [["data", map([["a", "x"]])]]), expected: undefined },
  { name: "a field", value: obj("Object", [["data", obj("Object.data", [["k", b("hi")]])]]), expected: ["/data/k=hi"] },
  { name: "a map value", value: obj("Object", [["data", map([["a", "x"], ["k", b("hi")]])]]), expected: ["/data/k=hi"] },
  { name: "a list item", value: obj("Object", [["l", celList(["x", b("hi")])]]), expected: ["/l/1=hi"] },
  { name: "an optional field's value", value: obj("Object", [["k", celOptional(b("hi"))]]), expected: ["/k=hi"] },
  {
    name: "several, nested in list items",
    value: obj("Object", [["l", celList([obj("Object.l", [["a", b("1")]]), obj("Object.l", [["a", "x"], ["c", b("2")]])])]]),
    expected: ["/l/0/a=1", "/l/1/c=2"],
  },
];
for (const c of cases) test(`bytes marks: ${c.name}`, () => assert.deepEqual(marksOf(c.value), c.expected));

/** The reference: walk the CEL value beside its JSON form, recording where the CEL value holds bytes. */
function referenceMarks(root: CelValue): string[] | undefined {
  const out: string[] = [];
  const walk = (v: CelValue, path: string): void => {
    const child = (x: CelValue | CelError | undefined, k: string | number): void => {
      if (x === undefined || isCelError(x)) return;
      const inner = isCelOptional(x) ? x.value : x;
      if (inner instanceof Uint8Array) out.push(`${path}/${k}=${new TextDecoder().decode(inner)}`);
      else if (inner !== undefined) walk(inner, `${path}/${k}`);
    };
    if (isCelList(v)) for (let i = 0; i < v.size(); i++) child(v.get(i), i);
    else if (isCelObject(v)) for (const f of v.fieldNames()) child(v.get(f), f);
    else if (isCelMap(v)) for (const k of v.keys()) if (typeof k === "string") child(v.get(k), k);
  };
  walk(root, "");
  return out.length > 0 ? out : undefined;
}

const name = fc.constantFrom("a", "b", "c");
const leaf: fc.Arbitrary<CelValue> = fc.oneof(fc.constantFrom("x", "y"), name.map((s) => b(s)));
const tree = fc.letrec<{ v: CelValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }).map((xs) => celList(xs)),
    fc.uniqueArray(fc.tuple(name, tie("v")), { maxLength: 3, selector: ([k]) => k }).map((es) => map(es)),
  ),
})).v;
const root = fc
  .uniqueArray(fc.tuple(name, fc.oneof(tree, leaf.map((x) => celOptional(x)))), { maxLength: 3, selector: ([k]) => k })
  .map((fields) => obj("Object", fields));

test("bytes marks: the conversion reports exactly where the CEL value holds bytes (property)", () => {
  fc.assert(fc.property(root, (v) => assert.deepEqual(marksOf(v), referenceMarks(v))), { numRuns: 500 });
});
