// Law: ResourceList read → write → read is the identity (YAML and JSON), for values with ints,
// bigints, integral and fractional doubles, and strings that need quoting.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { deepEqual, JsonFloat, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { readDocument, runFunction, writeValue, writeYaml, type Format } from "../../src/krm/index.js";

const tricky = fc.constantFrom("yes", "no", "on", "off", "y", "n", "~", "null", "true", "1.0", "0x1F", "1_000", "12:30", "2024-01-02", "", " lead", "trail ", "a: b", "#x", "- x", "*a", "&a", "!t", "@x", "`x", "'", '"', "{}", "[]", "%x", "multi\nline\n", "tab\there", "é✓", "=", "<<");
const str = fc.oneof(fc.string(), tricky);
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.integer(),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((b) => (b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Number.isInteger(d) ? new JsonFloat(d) : d)),
  str,
  fc.boolean(),
  fc.constant(null),
);
const key = fc.oneof(fc.string(), tricky, fc.constantFrom("__proto__", "constructor", "toString"));
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(key, tie("v"), { maxKeys: 4 }) as fc.Arbitrary<JsonValue>),
})).v;
const item: fc.Arbitrary<JsonObject> = fc.tuple(str.filter((s) => s !== ""), fc.dictionary(key, value, { maxKeys: 5 })).map(([name, rest]) => {
  const o: JsonObject = {};
  for (const k of Object.keys(rest)) Object.defineProperty(o, k, { value: rest[k], enumerable: true, writable: true, configurable: true });
  return Object.assign(o, { apiVersion: "v1", kind: "ConfigMap", metadata: { name } });
});
const list = fc.array(item, { maxLength: 5 }).map((items): JsonObject => ({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items }));

for (const format of ["yaml", "json"] as Format[]) {
  test(`property: ${format} read → write → read is the identity`, () => {
    fc.assert(
      fc.property(list, (rl) => {
        const w1 = writeValue(rl, format);
        assert.ok(w1.ok);
        const r1 = readDocument(w1.text);
        assert.ok(r1.ok, w1.text);
        assert.equal(r1.format, format);
        assert.ok(deepEqual(r1.value, rl) && sameKinds(r1.value, rl), w1.text);
        const w2 = writeValue(r1.value, format);
        assert.ok(w2.ok);
        assert.equal(w2.text, w1.text);
      }),
      { numRuns: 300 },
    );
  });
}

test("property: the function passes a ResourceList through byte for byte", () => {
  fc.assert(
    fc.property(list, (rl) => {
      const text = writeYaml(rl);
      const run = runFunction(text, undefined, { quiet: true });
      assert.equal(run.exitCode, 0);
      assert.equal(run.stdout, text);
    }),
    { numRuns: 200 },
  );
});

/** deepEqual treats 1 and 1n alike; also require the same int/double kinds everywhere. */
function sameKinds(a: JsonValue, b: JsonValue): boolean {
  if (a instanceof JsonFloat || b instanceof JsonFloat) return a instanceof JsonFloat && b instanceof JsonFloat;
  if (typeof a === "number" || typeof b === "number") return typeof a === typeof b && Number.isInteger(a) === Number.isInteger(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.every((x, i) => sameKinds(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") return Object.keys(a).every((k) => sameKinds((a as JsonObject)[k], (b as JsonObject)[k]));
  return true;
}
