// JSON-pointer splitting as json-patch v4 does it (tokens after the first "/", then "~1" and "~0"
// unescaped left to right), whether or not the split was remembered from an earlier call.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { splitPointer } from "../../src/patch/json-pointer.js";

const cases: { path: string; expected: { parents: string[]; key: string } | undefined }[] = [
  { path: "", expected: undefined },
  { path: "a", expected: undefined },
  { path: "/", expected: { parents: [], key: "" } },
  { path: "x/a", expected: { parents: [], key: "a" } },
  { path: "/metadata/annotations/a.example.com~1p", expected: { parents: ["metadata", "annotations"], key: "a.example.com/p" } },
  { path: "/a~01/b~10/~2", expected: { parents: ["a~1", "b/0"], key: "~2" } },
];
for (const c of cases) {
  test(`splitPointer ${JSON.stringify(c.path)}`, () => {
    assert.deepEqual(splitPointer(c.path), c.expected);
    assert.deepEqual(splitPointer(c.path), c.expected, "remembered");
  });
}

test("splitPointer gives the same split on every call, past the remembered ones (property)", () => {
  const token = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom("~", "~0", "~1", "~01", "~10", ""));
  const path = fc.array(token, { maxLength: 4 }).map((ts) => (ts.length === 0 ? "" : "/" + ts.join("/")));
  const unescape = (t: string): string => t.replace(/~[01]/g, (m) => (m === "~1" ? "/" : "~"));
  const direct = (p: string): { parents: string[]; key: string } | undefined => {
    const parts = p.split("/");
    return parts.length < 2 ? undefined : { parents: parts.slice(1, -1).map(unescape), key: unescape(parts[parts.length - 1]) };
  };
  fc.assert(
    fc.property(fc.array(path, { minLength: 1, maxLength: 40 }), (paths) => {
      for (const p of [...paths, ...paths]) assert.deepEqual(splitPointer(p), direct(p));
    }),
    { numRuns: 300 },
  );
});
