// Copy-on-write pointer walks of the JSON-patch applier: the working tree shares every sub-tree
// with the input document and the operation values until an operation writes below it.
import { splitPointer } from "./json-pointer.js";
import { JsonFloat, type JsonValue } from "../data/index.js";
import { RAW_NULL, containerOf, getIn, isWObject, setIn, setW, toJsonValue, type Container, type WNode } from "./jsonpatch-node.js";

/**
 * The working tree of one patch. Containers in `owned` were created by this patch and may be
 * written in place; every other container belongs to the input (document or operation value)
 * and is never written. Invariant: the parent of an owned container is owned (containers are
 * copied top-down along a write path), so an unowned container has no owned descendants.
 */
export interface CowTree {
  /** The document: an object, an array, or RAW_NULL (a nil map, after `replace ""` with null). */
  root: WNode;
  /** Containers this patch created (shallow copies on write paths). */
  readonly owned: Set<object>;
}

/** A shallow copy of `n` owned by `t` when `n` is a container `t` does not own yet, else `n`. */
function own(t: CowTree, n: WNode): WNode {
  if (t.owned.has(n as object)) return n;
  let copy: WNode;
  if (Array.isArray(n)) copy = n.slice();
  else if (isWObject(n)) copy = { ...n }; // spread defines own data properties: `__proto__` stays a key
  else return n;
  t.owned.add(copy as object);
  return copy;
}

/** `findObject` for reading: walks every token but the last; undefined is "missing path". */
export function findObject(root: WNode, path: string): { c: Container; key: string } | undefined {
  const sp = splitPointer(path);
  let c = containerOf(root);
  if (sp === undefined || c === undefined) return undefined;
  for (const part of sp.parents) {
    const r = getIn(c, part);
    if ("error" in r) return undefined;
    c = containerOf(r.node);
    if (c === undefined) return undefined;
  }
  return { c, key: sp.key };
}

/**
 * `findObject` for writing: the same walk and the same outcome as {@link findObject}, but every
 * container on the way (the root included) is made owned first, so the returned container may be
 * written in place. Copies made on a walk that then fails are harmless: they hold the same data.
 */
export function findWritable(t: CowTree, path: string): { c: Container; key: string } | undefined {
  const sp = splitPointer(path);
  if (sp === undefined) return undefined;
  t.root = own(t, t.root);
  let c = containerOf(t.root);
  if (c === undefined) return undefined;
  for (const part of sp.parents) {
    const r = getIn(c, part);
    if ("error" in r) return undefined;
    const child = own(t, r.node);
    if (child !== r.node) setIn(c, part, child);
    c = containerOf(child);
    if (c === undefined) return undefined;
  }
  return { c, key: sp.key };
}

/**
 * json-patch v4 `deepCopy` of a node for `copy`: a top-level RAW_NULL stays RAW_NULL and nested
 * RAW_NULLs become plain nils. An unowned node is shared as it is (it holds no RAW_NULL and is
 * never written); an owned one is copied, since writes into one of two places sharing it would
 * show in both.
 */
export function copyForCopyOp(t: CowTree, n: WNode): WNode {
  if (typeof n !== "object" || n === null || !t.owned.has(n)) return n;
  return toJsonValue(n);
}

/**
 * The applied document. `share`: unowned sub-trees stay shared with the input; else they are
 * deep-copied, so the result shares nothing. Either way every RAW_NULL becomes `null` (only owned
 * containers can hold one) and owned containers are reused as they are.
 */
export function finishTree(t: CowTree, share: boolean, rawNullUsed: boolean): JsonValue {
  if (share && !rawNullUsed) return t.root as JsonValue;
  const fix = (n: WNode): WNode => {
    if (n === RAW_NULL) return null;
    if (typeof n !== "object" || n === null || n instanceof JsonFloat) return n;
    if (!t.owned.has(n)) return share ? n : toJsonValue(n);
    if (Array.isArray(n)) {
      for (let i = 0; i < n.length; i++) n[i] = fix(n[i]);
    } else {
      for (const k of Object.keys(n)) setW(n, k, fix(n[k]));
    }
    return n;
  };
  return fix(t.root) as JsonValue;
}
