// The §4.3 type-name check of `Object…{}` trees (checkObjectTypeNames), which builds a path only
// for an error, against the plain rule: every object is named by its field path from the root
// (lists and map values transparent, below a wrong name the expected path goes on); and
// objectToJson, which checks the names while it converts, against the check then toJson.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  celError, celList, celMapFrom, celObject, celOptional, checkObjectTypeNames, isCelError, isCelList, isCelMap, isCelObject, objectToJson, toJson,
  type BytesSink, type CelError, type CelObject, type CelValue,
} from "../../src/cel/index.js";
import type { JsonValue } from "../../src/data/index.js";

function reference(v: CelValue, root: string): string | undefined {
  const errs: string[] = [];
  const walk = (x: CelValue, path: string): void => {
    if (isCelObject(x)) {
      if (x.typeName !== path) errs.push(`unexpected type name "${x.typeName}", expected "${path}", which matches field name path from root Object type`);
      for (const f of x.fieldNames()) {
        const fv = x.get(f);
        if (fv !== undefined && !isCelError(fv)) walk(fv, path + "." + f);
      }
    } else if (isCelList(x)) for (let i = 0; i < x.size(); i++) walk(x.get(i), path);
    else if (isCelMap(x)) for (const k of x.keys()) walk(x.get(k) as CelValue, path);
  };
  walk(v, root);
  return errs.length ? errs.join("\n") : undefined;
}

const cases: { name: string; value: CelObject; expected: string | undefined }[] = [
  { name: "well named", value: celObject("Object", new Map([["spec", celObject("Object.spec", new Map([["a", celObject("Object.spec.a", new Map())]]))]])), expected: undefined },
  {
    name: "a name that only starts and ends right",
    value: celObject("Object", new Map([["ab", celObject("Object,ab", new Map())]])),
    expected: 'unexpected type name "Object,ab", expected "Object.ab", which matches field name path from root Object type',
  },
  {
    name: "below a wrong name the expected path goes on",
    value: celObject("Object", new Map([["s", celObject("Object.x", new Map([["t", celObject("Object.x.t", new Map())]]))]])),
    expected:
      'unexpected type name "Object.x", expected "Object.s", which matches field name path from root Object type\n' +
      'unexpected type name "Object.x.t", expected "Object.s.t", which matches field name path from root Object type',
  },
];
for (const c of cases) test(`checkObjectTypeNames: ${c.name}`, () => assert.equal(checkObjectTypeNames(c.value), c.expected));

// Names drawn from right and near-miss spellings of the path, so that both branches are taken.
const field = fc.constantFrom("a", "b", "ab");
const tree = (path: string, depth: number, leaf?: fc.Arbitrary<CelValue>): fc.Arbitrary<CelValue> => {
  // With other leaves (the conversion's test), mostly right names, so that conversions are compared.
  const names = fc.constantFrom(path, path + "x", path.replace(/\.(?=[^.]*$)/, ","), "Object.a", "Object.b.a");
  const name = leaf === undefined ? names : fc.oneof({ arbitrary: fc.constant(path), weight: 12 }, { arbitrary: names, weight: 1 });
  const obj = fc
    .tuple(name, fc.uniqueArray(field, { maxLength: depth > 0 ? 2 : 0 }))
    .chain(([n, fs]) => fc.tuple(...fs.map((f) => tree(`${path}.${f}`, depth - 1, leaf))).map((vs) => celObject(n, new Map(fs.map((f, i) => [f, vs[i]])))));
  if (depth === 0) return fc.oneof(leaf ?? fc.constant<CelValue>("s"), obj);
  return fc.oneof(
    obj,
    fc.array(obj, { maxLength: 2 }).map((xs) => celList(xs)),
    obj.map((x): CelValue => {
      const m = celMapFrom(["k"], [x]);
      assert.ok(typeof m !== "string");
      return m;
    }),
  );
};

test("checkObjectTypeNames equals the plain rule (property)", () => {
  const root = fc.uniqueArray(field, { maxLength: 3 }).chain((fs) =>
    fc.tuple(...fs.map((f) => tree(`Object.${f}`, 2))).map((vs) => celObject("Object", new Map(fs.map((f, i) => [f, vs[i]])))),
  );
  fc.assert(fc.property(root, (v) => assert.equal(checkObjectTypeNames(v), reference(v, "Object"))), { numRuns: 500 });
});

/** The conversion as two walks: the names checked first, then toJson. */
function twoWalks(v: CelObject, onBytes: BytesSink): JsonValue | CelError {
  const err = checkObjectTypeNames(v, "Object");
  return err !== undefined ? celError(`type mismatch: ${err}`) : toJson(v, onBytes);
}

// Leaves with and without a JSON form: bytes (reported to the sink), optionals (converted as
// their value in an object field, none in a list), a map with an int key.
const leaf = fc.oneof(
  fc.constant<CelValue>("s"),
  fc.constant<CelValue>(new Uint8Array([1, 2])),
  fc.constant<CelValue>(celOptional("o")),
  fc.constant<CelValue>(celOptional(undefined)),
  fc.constant<CelValue>(celList([new Uint8Array([3]), "t"])),
  fc.constant<CelValue>(celMapFrom(["k", "l"], [new Uint8Array([4]), "t"]) as CelValue),
  fc.constant<CelValue>(celList([celOptional("in a list")])),
  fc.constant<CelValue>(celMapFrom([1n], ["int key"]) as CelValue),
);

test("objectToJson equals the name check then toJson (property)", () => {
  const root = fc.uniqueArray(field, { maxLength: 3 }).chain((fs) =>
    fc.tuple(...fs.map((f) => tree(`Object.${f}`, 2, leaf))).map((vs) => celObject("Object", new Map(fs.map((f, i) => [f, vs[i]])))),
  );
  fc.assert(
    fc.property(root, (v) => {
      // Where each conversion said it wrote bytes: the base64 string found there, and the bytes.
      const seen: [unknown, number[]][][] = [[], []];
      const reported: [Record<string | number, unknown>, string | number, Uint8Array][][] = [[], []];
      const sink = (i: number): BytesSink => (container, key, bytes) => {
        reported[i].push([container as Record<string | number, unknown>, key, bytes]);
      };
      const got = objectToJson(v, "Object", sink(0));
      const want = twoWalks(v, sink(1));
      if (isCelError(want)) {
        assert.ok(isCelError(got));
        assert.equal(got.message, want.message);
      } else {
        assert.deepEqual(got, want);
        for (const i of [0, 1]) for (const [c, k, b] of reported[i]) seen[i].push([c[k], [...b]]);
        assert.deepEqual(seen[0], seen[1]);
      }
    }),
    { numRuns: 1000 },
  );
});
