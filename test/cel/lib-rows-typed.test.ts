// Library rows are typed by their signatures (src/cel/lib/sig.ts): the declared argument types fix
// the implementation's (and cost function's) parameter types, the result type its return type.
// Each `@ts-expect-error` row must fail to compile — tsc rejects an unused directive, so the build
// fails if a mismatched row ever compiles; the tests show the well-typed rows run as declared.
import { test } from "node:test";
import assert from "node:assert/strict";
import { T, fn, member } from "../../src/cel/lib/sig.js";
import { celUint, celList, isCelError, type CelError, type CelList, type CelUint } from "../../src/cel/values/index.js";

const mismatched = [
  // @ts-expect-error a (number, string) implementation for (string, int) → string
  fn("f", [T.string, T.int], T.string, (n: number, s: string) => s + String(n)),
  // @ts-expect-error an int result (bigint) from a row declared → string
  fn("f", [T.string], T.string, (s: string) => BigInt(s.length)),
  // @ts-expect-error a uint argument is a CelUint, not a bigint
  member("g", [T.uint], T.int, (u: bigint) => u),
  // @ts-expect-error a list argument is a CelList, not a JS array
  fn("h", [T.list(T.int)], T.int, (l: bigint[]) => l[0] ?? 0n),
  // @ts-expect-error the cost function is typed by the arguments too
  fn("k", [T.string], T.int, (s: string) => BigInt(s.length), (n: bigint) => Number(n)),
  // @ts-expect-error an opaque payload type follows the declared opaque type
  member("p", [T.opaque<{ a: string }>("x.A")], T.string, (v: { value: { b: number } }) => String(v.value.b)),
];

const rows = {
  concat: fn("concat", [T.string, T.int], T.string, (s: string, n: bigint) => s + n.toString()),
  half: member("half", [T.uint], T.uint, (u: CelUint): CelUint | CelError => celUint(u.value / 2n)),
  count: fn("count", [T.list(T.A)], T.int, (l: CelList) => BigInt(l.size()), (l: CelList) => l.size()),
  payload: member("payload", [T.opaque<{ a: string }>("x.A")], T.string, (v) => v.value.a),
};

test("well-typed rows keep their declared signature and run with the declared JS values", () => {
  assert.equal(mismatched.length, 6);
  assert.deepEqual(rows.concat.args, [T.string, T.int]);
  assert.equal(rows.concat.member, false);
  assert.equal(rows.half.member, true);
  assert.equal(rows.concat.impl("n=", 3n), "n=3");
  const half = rows.half.impl(celUint(9n));
  assert.ok(!isCelError(half));
  assert.deepEqual(half, celUint(4n));
  assert.equal(rows.count.impl(celList([1n, 2n])), 2n);
  assert.equal(rows.count.cost?.(celList([1n, 2n, 3n])), 3);
  assert.equal(rows.concat.cost, undefined);
});
