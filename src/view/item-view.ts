// One admitted object's view: made once from the manifest (the apiserver's decode, then its
// defaulting), renewed after every mutation (the typed decode of the patch result), and written
// back at the end as the manifest plus exactly the changes the mutations made to the view.
import { deepEqual, getString, hasKey, isObject, setKey, type JsonObject, type JsonValue, type Rewrite } from "../data/index.js";
import { goKindType, type GoShape } from "../schema/index.js";
import { applyBuiltinDefaults, applyCrdDefaults } from "./defaults/index.js";
import { structPlan } from "./decode-plan.js";
import { decodeTyped, type TypedDecode } from "./go-decode.js";
import { renewLeaves } from "./renew-leaves.js";
import type { PatchKind, ViewKind, ViewOptions } from "./types.js";
import { rewriteTree, type RewriteTree } from "./rewrite-tree.js";
import { carryAlong, carryChange } from "./write-back.js";

/** The outcome of renewing the view after a mutation. */
export type MutationView =
  | { object: JsonObject }
  /** The patch result does not decode: `status` errors (JSON patch) stop the request whatever the failurePolicy. */
  | { error: string; status: boolean };

/** An admitted object's view and how its changes get back into the manifest. */
export interface ItemView {
  /** The object as admission sees it (CEL `object`, what patches apply to). */
  readonly object: JsonObject;
  /** The old object as admission sees it (UPDATE), else null. */
  readonly oldObject: JsonObject | null;
  /** Fields of the manifest its Go type lacks (dropped from the view), as strict decoding names them. */
  readonly unknownFields: readonly string[];
  /** The view decodes patch results into the Go type (unknown fields of a JSON patch are its to report). */
  readonly decodesPatches: boolean;
  /**
   * The view after a mutation turned `before` (a view) into `patched`; `rewrites`, when the
   * applier knows them, turn `before` into `patched` (only their places are walked then).
   */
  afterMutation(before: JsonObject, patched: JsonObject, patchKind: PatchKind, rewrites?: readonly Rewrite[]): MutationView;
  /** The manifest with the changes from the first view to `final` (the last view); the manifest itself when none. */
  writeBack(final: JsonObject): JsonObject;
}

/**
 * How one object is normalised: the typed decode (built-in kinds), then defaulting. `reference`,
 * a view `o` was made from, spares the decode the sub-trees `o` shares with it; `rewritten`, the
 * only places where `o` differs from it, the other keys of the maps on the way.
 */
type Normaliser = (o: JsonObject, reference?: TypedDecode, rewritten?: RewriteTree) => TypedDecode;

/** The Go shape of a kind's objects (built-in kinds: `goType`), for writing added values minimally. */
function rootShape(goType: string | undefined): GoShape | undefined {
  return goType === undefined ? undefined : { kind: "struct", type: goType, goType };
}

function normaliser(kind: ViewKind, goType: string | undefined, options: ViewOptions): Normaliser | undefined {
  if (options.mode === "raw") return undefined;
  const builtin = options.defaulting === "builtin";
  const schema = kind.openAPIV3Schema;
  if (goType !== undefined) {
    return (o, reference, rewritten) => {
      const d = decodeTyped(o, goType, reference, rewritten);
      if (!builtin || d.error !== undefined) return d;
      // (An unstable reference is no fixed point of the decode: nothing is taken from it.)
      const ref = reference !== undefined && !reference.unstable ? reference.value : undefined;
      return { ...d, value: applyBuiltinDefaults(kind.apiVersion, kind.kind, d.value, ref) };
    };
  }
  if (builtin && schema !== undefined) return (o) => ({ value: applyCrdDefaults(o, schema), unknown: [] });
  return undefined;
}

/** The apiserver's refusal of a manifest its Go type cannot hold (the create handler's text). */
function decodeRefusal(kind: ViewKind, error: string): string {
  const version = kind.apiVersion.slice(kind.apiVersion.indexOf("/") + 1);
  return `${kind.kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind.kind}: ${error}`;
}

/**
 * The view of `object` (and of `oldObject` for UPDATE), or the apiserver's refusal when the
 * manifest does not decode into its Go type (a wrong JSON type, a bad quantity or time).
 */
export function openItemView(object: JsonObject, oldObject: JsonObject | null, kind: ViewKind, options: ViewOptions): ItemView | { error: string } {
  const goType = options.mode === "raw" ? undefined : goKindType(kind.apiVersion, kind.kind);
  const normalise = normaliser(kind, goType, options);
  if (normalise === undefined) return rawView(object, oldObject);
  const first = normalise(object);
  if (first.error !== undefined) return { error: decodeRefusal(kind, first.error) };
  let old: JsonObject | null = null;
  if (oldObject === object) old = first.value;
  else if (oldObject !== null) {
    const o = normalise(oldObject);
    if (o.error !== undefined) return { error: `old object: ${decodeRefusal(kind, o.error)}` };
    old = o.value;
  }
  let written = object;
  // The copies in `written` that only it holds (changed in place; none once written back).
  let own = new Set<JsonObject>();
  const shape = rootShape(goType);
  // The views made so far that are no fixed point of the decode (rare: a set pointer to a zero time).
  const unstable = new Set<JsonObject>();
  if (first.unstable) unstable.add(first.value);
  // The typed decode alone (no defaults) renews scalar leaves without a walk (renew-leaves.ts).
  const leafPlan = goType !== undefined && options.defaulting !== "builtin" ? structPlan(goType) : undefined;
  return {
    object: first.value,
    oldObject: old,
    unknownFields: first.unknown,
    decodesPatches: goType !== undefined,
    afterMutation(before, patched, patchKind, rewrites) {
      // Defaults can change fields beside the rewritten ones (an image's tag decides its pull
      // policy): only the typed decode alone keeps the view's changes within the rewrites.
      // An unstable view is no reference: its shared sub-trees can change too.
      const stable = !unstable.has(before);
      if (leafPlan !== undefined && rewrites !== undefined && stable) {
        const carried = renewLeaves(rewrites, before, patched, leafPlan, written, own);
        if (carried !== undefined) {
          written = carried;
          return { object: patched };
        }
      }
      const tree = rewrites !== undefined && stable && options.defaulting !== "builtin" ? rewriteTree(rewrites) : undefined;
      const d = normalise(patched, { value: before, unknown: [], unstable: !stable }, tree);
      if (d.unstable) unstable.add(d.value);
      if (patchKind === "JSONPatch") {
        if (d.error !== undefined) return { error: `Internal error occurred: ${d.error}`, status: true };
        if (d.unknown.length > 0) {
          return { error: `Internal error occurred: strict decoding error: ${d.unknown.map((p) => `unknown field ${JSON.stringify(p)}`).join(", ")}`, status: true };
        }
      } else if (d.error !== undefined) return { error: d.error, status: false };
      const carried = tree === undefined ? carryChange(written, before, d.value, patched, shape) : carryAlong(written, before, d.value, patched, shape, tree, own);
      written = objectOr(carried, written);
      return { object: d.value };
    },
    writeBack(final) {
      own = new Set();
      // Without defaults the decode is compositional (each field decodes alone), so the carried
      // changes are exact (test/view/write-back.test.ts checks that law); defaults are not (an
      // image's tag decides its pull policy), so their written object is checked and settled.
      if (final === first.value || options.defaulting !== "builtin") return written;
      return settle(written, final, normalise, shape);
    },
  };
}

/** `written` adjusted until its view equals `final` (where a change moved a default's basis). */
function settle(written: JsonObject, final: JsonObject, normalise: Normaliser, shape: GoShape | undefined): JsonObject {
  let out = written;
  for (let round = 0; round < 4; round++) {
    const view = normalise(out).value;
    if (deepEqual(view, final)) return out;
    const next = objectOr(carryChange(out, view, final, final, shape), out);
    // No change to carry: a default fires that the final view has not (a Job's completions when
    // only parallelism is set, equal to its default): write the final view's siblings of the
    // differing field, one at a time, until it stops.
    out = next !== out ? next : withExplicitSiblings(out, view, final, normalise);
  }
  throw new Error(`the written object does not decode to the admitted view (kind ${getString(final, "kind") ?? ""}, name ${JSON.stringify(getString(final, "metadata", "name") ?? "")})`);
}

/** The path (keys, list indexes) of the first place where `a` and `b` differ, or undefined. */
function firstDifference(a: JsonValue | undefined, b: JsonValue | undefined, at: (string | number)[] = []): (string | number)[] | undefined {
  if (a === b || (a !== undefined && b !== undefined && deepEqual(a, b))) return undefined;
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], [...at, k]);
      if (d !== undefined) return d;
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], [...at, i]);
      if (d !== undefined) return d;
    }
  }
  return at;
}

/** The value at `path`, or undefined. */
function valueAt(v: JsonValue | undefined, path: readonly (string | number)[]): JsonValue | undefined {
  let cur = v;
  for (const k of path) cur = Array.isArray(cur) && typeof k === "number" ? cur[k] : isObject(cur) && typeof k === "string" && hasKey(cur, k) ? cur[k] : undefined;
  return cur;
}

/** `o` with `value` at `path` (objects created on the way; copy-on-write). */
function withValueAt(o: JsonValue | undefined, path: readonly (string | number)[], value: JsonValue): JsonValue {
  if (path.length === 0) return value;
  const [k, ...rest] = path;
  if (typeof k === "number") {
    const list = Array.isArray(o) ? [...o] : [];
    list[k] = withValueAt(list[k], rest, value);
    return list;
  }
  const out: JsonObject = isObject(o) ? { ...o } : {};
  setKey(out, k, withValueAt(isObject(o) && hasKey(o, k) ? o[k] : undefined, rest, value));
  return out;
}

/**
 * `out` with, one by one, the final view's fields beside the first differing field that `out`
 * lacks (or has as null), until the decode agrees there (the defaults that depend on those
 * fields stop firing).
 */
function withExplicitSiblings(out: JsonObject, view: JsonObject, final: JsonObject, normalise: Normaliser): JsonObject {
  const diff = firstDifference(view, final);
  if (diff === undefined || diff.length === 0) return out;
  const parent = diff.slice(0, -1);
  const siblings = valueAt(final, parent);
  if (!isObject(siblings)) return out;
  let cur = out;
  for (const k of Object.keys(siblings)) {
    const w = valueAt(cur, [...parent, k]);
    if (w !== undefined && w !== null) continue;
    cur = objectOr(withValueAt(cur, [...parent, k], siblings[k]), cur);
    const now = valueAt(normalise(cur).value, parent);
    if (now !== undefined && deepEqual(now, siblings)) return cur;
  }
  return cur;
}

/** `v` when it is an object (a written object stays one), else `fallback`. */
function objectOr(v: JsonValue | undefined, fallback: JsonObject): JsonObject {
  return isObject(v) ? v : fallback;
}

function rawView(object: JsonObject, oldObject: JsonObject | null): ItemView {
  return {
    object,
    oldObject,
    unknownFields: [],
    decodesPatches: false,
    afterMutation: (_before, patched) => ({ object: patched }),
    writeBack: (final) => final,
  };
}
