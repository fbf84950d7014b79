// The `test` comparison of json-patch v4 (`lazyNode.equal`), reproduced on the working tree:
// objects key-order-insensitive, arrays element-wise, scalars by their compact Go JSON text.
import { goJsonText } from "./jsonpatch-gojson.js";
import { GoPanic, RAW_NULL, isWObject, type WNode, type WObject } from "./jsonpatch-node.js";

const NIL_DEREF = "invalid memory address or nil pointer dereference";

/**
 * Compares a document node `n` (left) with an operation-value node `o` (right) as
 * `n.equal(o)` does upstream. Asymmetries kept on purpose:
 * - a RAW_NULL on either side reads as an empty object (and, on the right of an array, as an
 *   empty array): `{}` equals value `null`, `[]` equals value `null`;
 * - a nil (`null`) node met where Go calls a method on it panics: a JSON `null` element inside
 *   an array being compared, or a nil left node. Thrown as {@link GoPanic}.
 * Object keys are visited in the left node's key order (Go's map order is random, so which of
 * several mismatching keys is seen first — and thus whether a nested panic happens — is not
 * deterministic upstream).
 */
export function nodesEqual(n: WNode, o: WNode): boolean {
  if (n === null || o === null) throw new GoPanic(NIL_DEREF);
  if (Array.isArray(n)) {
    const right = o === RAW_NULL ? [] : o;
    if (!Array.isArray(right) || n.length !== right.length) return false;
    for (let i = 0; i < n.length; i++) {
      if (!nodesEqual(n[i], right[i])) return false;
    }
    return true;
  }
  if (n === RAW_NULL || isWObject(n)) {
    const left: WObject = n === RAW_NULL ? {} : n;
    const right: WObject | undefined = o === RAW_NULL ? {} : isWObject(o) ? o : undefined;
    if (right === undefined) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const k of keys) {
      if (!Object.prototype.hasOwnProperty.call(right, k)) return false;
      const v = left[k];
      const ov = right[k];
      if ((v === null) !== (ov === null)) return false;
      if (v === null) continue;
      if (!nodesEqual(v, ov)) return false;
    }
    return true;
  }
  // A scalar on the left: only a scalar with the same compact text is equal.
  if (Array.isArray(o) || o === RAW_NULL || isWObject(o)) return false;
  return goJsonText(n) === goJsonText(o);
}
