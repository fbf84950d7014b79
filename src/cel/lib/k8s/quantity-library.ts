// Kubernetes quantity library (kubernetes.quantity, 1.36): one row per overload. `sign` is a
// global function in 1.36 (`sign(q)`), as upstream declares it; the other accessors are members.
import type { CelLibrary } from "../../types.js";
import { celError, celOpaque, type CelOpaque, type CelError } from "../../values/index.js";
import { T, fn, member, actualSize, traversal } from "../sig.js";
import {
  parseQuantity, isQuantityString, quantityFromInt, quantitySign, quantityCmp, quantityEqual, quantityAdd,
  quantitySub, quantityAsInt64, quantityAsApproximateFloat, quantityToString, type Quantity,
} from "./quantity.js";

/** CEL type name of quantities. */
export const QUANTITY_TYPE = "kubernetes.Quantity";
const Q = T.opaque<Quantity>(QUANTITY_TYPE);
type QV = CelOpaque<Quantity>;

/** Wraps a quantity as a CEL value (equality compares values). */
export function celQuantity(q: Quantity): CelOpaque<Quantity> {
  return celOpaque<Quantity>(QUANTITY_TYPE, q, { equals: quantityEqual, goNative: (x) => `(*resource.Quantity)${quantityToString(x)}` });
}

function toQuantity(s: string): QV | CelError {
  const q = parseQuantity(s);
  return "error" in q ? celError(q.error) : celQuantity(q);
}
function asInteger(q: QV): bigint | CelError {
  const v = quantityAsInt64(q.value);
  return v === undefined ? celError("cannot convert value to integer") : v;
}
const strCost = (s: string): number => traversal(actualSize(s));
const cmp = (a: QV, b: QV): number => quantityCmp(a.value, b.value);

/** The quantity library table. */
export const quantityLibrary: CelLibrary = {
  name: "kubernetes.quantity",
  overloads: [
    fn("quantity",                [T.string], Q,        (s: string) => toQuantity(s), strCost),
    fn("isQuantity",              [T.string], T.bool,   (s: string) => isQuantityString(s), strCost),
    fn("sign",                    [Q],        T.int,    (q: QV) => BigInt(quantitySign(q.value))),
    member("isGreaterThan",       [Q, Q],     T.bool,   (a: QV, b: QV) => cmp(a, b) === 1),
    member("isLessThan",          [Q, Q],     T.bool,   (a: QV, b: QV) => cmp(a, b) === -1),
    member("compareTo",           [Q, Q],     T.int,    (a: QV, b: QV) => BigInt(cmp(a, b))),
    member("asApproximateFloat",  [Q],        T.double, (q: QV) => quantityAsApproximateFloat(q.value)),
    member("asInteger",           [Q],        T.int,    (q: QV) => asInteger(q)),
    member("isInteger",           [Q],        T.bool,   (q: QV) => quantityAsInt64(q.value) !== undefined),
    member("add",                 [Q, Q],     Q,        (a: QV, b: QV) => celQuantity(quantityAdd(a.value, b.value))),
    member("add",                 [Q, T.int], Q,        (a: QV, n: bigint) => celQuantity(quantityAdd(a.value, quantityFromInt(n)))),
    member("sub",                 [Q, Q],     Q,        (a: QV, b: QV) => celQuantity(quantitySub(a.value, b.value))),
    member("sub",                 [Q, T.int], Q,        (a: QV, n: bigint) => celQuantity(quantitySub(a.value, quantityFromInt(n)))),
  ],
};
