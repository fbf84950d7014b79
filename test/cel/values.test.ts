// CEL values: JSON in/out (reference §5.1), laziness, heterogeneous equality, time text, Object
// type-name checks (§4.3) and JSONPatch conversion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JsonFloat, type JsonValue } from "../../src/data/index.js";
import {
  fromJson, toJson, objectToJson, celObject, celList, celMapFrom, celUint, celEquals, lazyObject, isCelError, jsonPatchOps,
  celDuration, celOpaque, celOptional, isCelList, isCelMap, type CelValue, type CelError,
} from "../../src/cel/index.js";
import { parseDuration, parseTimestamp, formatDuration, formatTimestamp, compareValues } from "../../src/cel/values/index.js";

const ok = <T>(v: T | CelError): T => {
  assert.ok(!isCelError(v), isCelError(v) ? v.message : "");
  return v as T;
};

test("fromJson is lazy and toJson returns the same data for untouched JSON", () => {
  const data: JsonValue = { a: [1, { b: 2 }] };
  assert.equal(toJson(fromJson(data)), data);
});

const jsonRows: { name: string; value: CelValue; want: JsonValue }[] = [
  { name: "small int → number", value: 42n, want: 42 },
  { name: "int beyond 2^53 → decimal string", value: 9007199254740992n, want: "9007199254740992" },
  { name: "negative int beyond -(2^53-1) → string", value: -9007199254740992n, want: "-9007199254740992" },
  { name: "uint → number", value: celUint(7n), want: 7 },
  { name: "integral double → JsonFloat", value: 3, want: new JsonFloat(3) },
  { name: "fractional double → number", value: 1.5, want: 1.5 },
  { name: "bytes → base64", value: new Uint8Array([104, 105]), want: "aGk=" },
  { name: "timestamp → RFC 3339", value: ok(parseTimestamp("2024-05-06T07:08:09.5+02:00")), want: "2024-05-06T07:08:09.5+02:00" },
  { name: "duration → seconds", value: ok(celDuration(1_500_000_000n)), want: "1.5s" },
  { name: "list of mixed", value: celList([1n, "a", null, true]), want: [1, "a", null, true] },
  { name: "map with string keys", value: ok(celMapFrom(["k"], [1n]) as CelValue), want: { k: 1 } },
  { name: "object → fields", value: celObject("Object", new Map<string, CelValue>([["spec", celObject("Object.spec", new Map([["replicas", 2n]]))]])), want: { spec: { replicas: 2 } } },
];
for (const r of jsonRows) test(`toJson: ${r.name}`, () => assert.deepEqual(toJson(r.value), r.want));

test("toJson: map with an int key is an error", () => {
  const m = celMapFrom([1n], ["a"]);
  assert.ok(typeof m !== "string");
  const r = toJson(m);
  assert.ok(isCelError(r));
  assert.equal(r.message, "unsupported map key type: int");
});

test("toJson: optional has no JSON form", () => assert.ok(isCelError(toJson(celOptional(1n)))));

test("objectToJson checks the type-name path from the root", () => {
  const bad = celObject("Object", new Map<string, CelValue>([["spec", celObject("Object.spec", new Map<string, CelValue>([["containers", celList([celObject("Object.spec.container", new Map())])]]))]]));
  const r = objectToJson(bad);
  assert.ok(isCelError(r));
  assert.equal(r.message, 'type mismatch: unexpected type name "Object.spec.container", expected "Object.spec.containers", which matches field name path from root Object type');
  const good = celObject("Object", new Map<string, CelValue>([["spec", celObject("Object.spec", new Map<string, CelValue>([["containers", celList([celObject("Object.spec.containers", new Map([["name", "x"]]))])]]))]]));
  assert.deepEqual(objectToJson(good), { spec: { containers: [{ name: "x" }] } });
});

test("jsonPatchOps emits from only when set and value only when set", () => {
  const p1 = celObject("JSONPatch", new Map<string, CelValue>([["op", "add"], ["path", "/a"], ["value", 3n]]));
  const p2 = celObject("JSONPatch", new Map<string, CelValue>([["op", "remove"], ["path", "/b"]]));
  const p3 = celObject("JSONPatch", new Map<string, CelValue>([["op", "copy"], ["path", "/c"], ["from", "/a"], ["value", null]]));
  assert.deepEqual(jsonPatchOps(celList([p1, p2, p3])), [{ op: "add", path: "/a", value: 3 }, { op: "remove", path: "/b" }, { op: "copy", path: "/c", from: "/a", value: null }]);
});

test("jsonPatchOps reports values with no JSON form", () => {
  const p = celObject("JSONPatch", new Map<string, CelValue>([["op", "add"], ["path", "/a"], ["value", ok(celMapFrom([true], [1n]) as CelValue)]]));
  const r = jsonPatchOps(celList([p]));
  assert.ok(isCelError(r));
  assert.equal(r.message, "JSONPath valueExpression evaluated to a type that could not marshal to JSON: unsupported map key type: bool");
});

const eqRows: [string, CelValue, CelValue, boolean][] = [
  ["int == uint", 1n, celUint(1n), true],
  ["int == double", 1n, 1, true],
  ["int != double fraction", 1n, 1.5, false],
  ["NaN != NaN", NaN, NaN, false],
  ["string != int", "1", 1n, false],
  ["list deep", celList([1n, celList(["a"])]), celList([1, celList(["a"])]), true],
  ["null == null", null, null, true],
  ["bytes", new Uint8Array([1, 2]), new Uint8Array([1, 2]), true],
  ["opaque with equals", celOpaque("q", 1, { equals: (a, b) => a === b }), celOpaque("q", 1, { equals: (a, b) => a === b }), true],
];
for (const [name, a, b, want] of eqRows) test(`equality: ${name}`, () => assert.equal(celEquals(a, b), want));

test("ordering across numeric types", () => {
  assert.equal(compareValues(1n, 1.5), -1);
  assert.equal(compareValues(celUint(3n), 2n), 1);
  assert.equal(compareValues("a", 1n), undefined);
});

const durRows: [string, string][] = [["1h2m3.5s", "3723.5s"], ["-1.5ms", "-0.0015s"], ["0", "0s"], ["1us", "0.000001s"], ["100ns", "0.0000001s"]];
for (const [text, want] of durRows) test(`duration ${text}`, () => assert.equal(formatDuration(ok(parseDuration(text))), want));
test("invalid duration text", () => assert.ok(isCelError(parseDuration("1x"))));

const tsRows: [string, string][] = [["0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"], ["9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999999999Z"], ["2024-02-29T12:00:00-08:00", "2024-02-29T12:00:00-08:00"], ["2024-02-29T12:00:00+00:00", "2024-02-29T12:00:00Z"]];
for (const [text, want] of tsRows) test(`timestamp ${text}`, () => assert.equal(formatTimestamp(ok(parseTimestamp(text))), want));
test("invalid timestamps", () => {
  for (const t of ["2023-02-29T00:00:00Z", "2024-01-01", "2024-01-01T25:00:00Z"]) assert.ok(isCelError(parseTimestamp(t)), t);
});

test("lazy objects compute each field once per value", () => {
  let calls = 0;
  const o = lazyObject("kubernetes.variables", new Map([["x", () => { calls++; return 1n; }]]));
  assert.equal(o.get("x"), 1n);
  assert.equal(o.get("x"), 1n);
  assert.equal(calls, 1);
  assert.equal(o.get("y"), undefined);
});

test("property: toJson(fromJson(x)) gives back JSON data equal to x", async () => {
  const fc = (await import("fast-check")).default;
  const { deepEqual } = await import("../../src/data/index.js");
  const json = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: "small" }, fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)), fc.string(), fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(fc.string(), tie("v"), { maxKeys: 4 })),
  })).v as import("fast-check").Arbitrary<JsonValue>;
  // Rebuild every container as engine-made values so toJson takes its converting paths, not the raw view.
  const rebuild = (v: CelValue): CelValue => {
    if (isCelList(v)) return celList(v.toArray().map(rebuild));
    if (isCelMap(v)) {
      const m = celMapFrom([...v.keys()], v.keys().map((k) => rebuild(v.get(k) as CelValue)));
      return typeof m === "string" ? null : m;
    }
    return v;
  };
  fc.assert(fc.property(json, (x) => {
    const back = toJson(rebuild(fromJson(x)));
    return !isCelError(back) && deepEqual(back, x);
  }));
});

test("property: CEL equality is reflexive for JSON-derived values and symmetric across int/double", async () => {
  const fc = (await import("fast-check")).default;
  fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.array(fc.string(), { maxLength: 5 }), (n, strs) => {
    const v = fromJson({ n, strs });
    return celEquals(v, v) && celEquals(BigInt(n), n + 0.0) === celEquals(n + 0.0, BigInt(n));
  }));
});
