// Copy-on-write pointer walks of the JSON-patch applier: the working tree shares every sub-tree
// with the input document and the operation values until an operation writes below it (or, when
// the result must share nothing, is a private deep copy from the start).
import { splitPointer } from "./json-pointer.js";
import { deepClone, type JsonValue } from "../data/index.js";
import { RAW_NULL, containerOf, getIn, isWObject, setIn, setW, toJsonValue, type Container, type WNode } from "./jsonpatch-node.js";

/**
 * The working tree of one patch. Containers in `owned` were created by this patch and may be
 * written in place; every other container belongs to the input (document or operation value)
 * and is never written. Invariant: the parent of an owned container is owned (containers are
 * copied top-down along a write path), so an unowned container has no owned descendants.
 * With `ownsAll` the root is a private deep copy and every value entering the tree is copied:
 * then all containers are owned and `owned` stays empty.
 */
export interface CowTree {
  /** The document: an object, an array, or RAW_NULL (a nil map, after `replace ""` with null). */
  root: WNode;
  /** Containers this patch created (shallow copies on write paths). */
  readonly owned: Set<object>;
  /** Every container of the tree is private (the result must share nothing with the input). */
  readonly ownsAll: boolean;
}

/** A shallow copy of `n` owned by `t` when `n` is a container `t` does not own yet, else `n`. */
function own(t: CowTree, n: WNode): WNode {
  if (t.ownsAll || t.owned.has(n as object)) return n;
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
  if (typeof n !== "object" || n === null || !(t.ownsAll || t.owned.has(n))) return n;
  return toJsonValue(n);
}

/**
 * The node an operation's value becomes: a top-level `null` is RAW_NULL; anything else is the
 * value itself (never written, see {@link CowTree}), or a deep copy of it under `ownsAll`.
 */
export function valueIntoTree(t: CowTree, v: JsonValue): WNode {
  if (v === null) return RAW_NULL;
  return t.ownsAll ? deepClone(v) : v;
}

/**
 * The applied document, with every RAW_NULL turned into `null`. Without `ownsAll` unowned
 * sub-trees stay shared with the input (they hold no RAW_NULL, so only owned containers are
 * visited, and fixed in place).
 */
export function finishTree(t: CowTree, rawNullUsed: boolean): JsonValue {
  if (!rawNullUsed) return t.root as JsonValue;
  if (t.ownsAll) return toJsonValue(t.root);
  const fix = (n: WNode): WNode => {
    if (n === RAW_NULL) return null;
    if (typeof n !== "object" || n === null || !t.owned.has(n)) return n;
    if (Array.isArray(n)) {
      for (let i = 0; i < n.length; i++) n[i] = fix(n[i]);
    } else if (isWObject(n)) {
      for (const k of Object.keys(n)) setW(n, k, fix(n[k]));
    }
    return n;
  };
  return fix(t.root) as JsonValue;
}
