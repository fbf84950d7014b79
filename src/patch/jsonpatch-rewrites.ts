// The rewrites of a copy-on-write JSON patch: its operations write below one place reached
// through maps, so only that place differs from the input (the rest is shared by reference).
import { isObject, type JsonValue, type Rewrite } from "../data/index.js";
import { splitPointer } from "./json-pointer.js";

/** The parts of an operation this module reads. */
interface WritingOperation {
  readonly op: string;
  readonly path: string;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The longest common prefix of two token lists. */
function commonPrefix(a: readonly string[], b: readonly string[]): string[] {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return a.slice(0, n);
}

/**
 * The {@link Rewrite}s that turn `before` into `after`, the document `ops` produced from it
 * copy-on-write (`shareInput`): one rewrite at the longest common prefix of the paths that
 * `add`, `replace` and `remove` wrote (`test` writes nothing), when every container above that
 * place is a map in both documents. Undefined otherwise (`move`, `copy`, or a list on the way),
 * and the caller compares the documents instead.
 */
export function jsonPatchRewrites(before: JsonValue, after: JsonValue, ops: readonly WritingOperation[]): Rewrite[] | undefined {
  let place: string[] | undefined;
  for (const op of ops) {
    if (op.op === "test") continue;
    if (op.op !== "add" && op.op !== "replace" && op.op !== "remove") return undefined;
    const sp = splitPointer(op.path);
    if (sp === undefined) return undefined;
    const tokens = [...sp.parents, sp.key];
    place = place === undefined ? tokens : commonPrefix(place, tokens);
  }
  if (place === undefined) return after === before ? [] : undefined;
  let b: JsonValue | undefined = before;
  let a: JsonValue | undefined = after;
  for (let i = 0; i < place.length; i++) {
    // Every container above the place is a map on both sides (its other keys are shared).
    if (!isObject(b) || !isObject(a)) return undefined;
    const k = place[i];
    b = hasOwn.call(b, k) ? b[k] : undefined;
    a = hasOwn.call(a, k) ? a[k] : undefined;
  }
  return [{ at: place, before: b, after: a }];
}
