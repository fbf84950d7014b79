// The §4.3 type-name check of `Object…{}` trees (checkObjectTypeNames), which builds a path only
// for an error, against the plain rule: every object is named by its field path from the root
// (lists and map values transparent, below a wrong name the expected path goes on).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { celList, celMapFrom, celObject, checkObjectTypeNames, isCelError, isCelList, isCelMap, isCelObject, type CelObject, type CelValue } from "../../src/cel/index.js";

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
const tree = (path: string, depth: number): fc.Arbitrary<CelValue> => {
  const name = fc.constantFrom(path, path + "x", path.replace(/\.(?=[^.]*$)/, ","), "Object.a", "Object.b.a");
  const obj = fc
    .tuple(name, fc.uniqueArray(field, { maxLength: depth > 0 ? 2 : 0 }))
    .chain(([n, fs]) => fc.tuple(...fs.map((f) => tree(`${path}.${f}`, depth - 1))).map((vs) => celObject(n, new Map(fs.map((f, i) => [f, vs[i]])))));
  if (depth === 0) return fc.oneof(fc.constant<CelValue>("s"), obj);
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
