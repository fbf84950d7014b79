// The working copies of one reinvocation pass (apiserver `VersionedAttributes` per matched kind):
// each matched kind gets the pass's object converted once, invocations mutate their kind's copy,
// and only the copy of the last invocation that ran mutations is converted back at the end.
import type { JsonObject } from "../../data/index.js";
import type { Gvk } from "../match/index.js";

/** Conversion between the request's kind and the kinds invocations matched through `Equivalent`. */
export interface KindConverter {
  /** The request's kind, which the last copy is converted back to. */
  readonly requestKind: Gvk;
  /** `object` in `kind` (the object itself when it already is), or why it cannot be converted. */
  convert(object: JsonObject, kind: Gvk): { object: JsonObject } | { error: string };
}

/** One working copy: the object (and old object) in one matched kind. */
export interface VersionedCopy {
  object: JsonObject;
  readonly oldObject: JsonObject | null;
  /** A mutation succeeded on it (even one that changed nothing). */
  dirty: boolean;
}

const kindKey = (k: Gvk): string => `${k.group}/${k.version}/${k.kind}`;

/** The copies of one pass over `object`; without a converter every kind shares one copy. */
export class VersionedCopies {
  private readonly copies = new Map<string, VersionedCopy>();
  private shared: VersionedCopy | undefined;
  private last: VersionedCopy | undefined;
  /** The kind last looked up and its copy: an item's invocations nearly all match one kind. */
  private hitKind: Gvk | undefined;
  private hitCopy: VersionedCopy | undefined;

  constructor(
    private readonly object: JsonObject,
    private readonly oldObject: JsonObject | null,
    private readonly converter?: KindConverter,
  ) {}

  /** The copy in `kind`, converted from the pass's object on first use. */
  forKind(kind: Gvk): VersionedCopy | { error: string } {
    if (!this.converter) return (this.shared ??= { object: this.object, oldObject: this.oldObject, dirty: false });
    // (Invocations of one selection carry equal kinds in distinct objects.)
    const h = this.hitKind;
    if (h !== undefined && this.hitCopy !== undefined && (kind === h || (kind.kind === h.kind && kind.version === h.version && kind.group === h.group))) return this.hitCopy;
    const key = kindKey(kind);
    const hit = this.copies.get(key);
    if (hit) return this.remember(kind, hit);
    const converted = this.converter.convert(this.object, kind);
    if ("error" in converted) return converted;
    let oldObject: JsonObject | null = null;
    if (this.oldObject !== null) {
      const old = this.converter.convert(this.oldObject, kind);
      if ("error" in old) return old;
      oldObject = old.object;
    }
    const copy: VersionedCopy = { object: converted.object, oldObject, dirty: false };
    this.copies.set(key, copy);
    return this.remember(kind, copy);
  }

  private remember(kind: Gvk, copy: VersionedCopy): VersionedCopy {
    this.hitKind = kind;
    this.hitCopy = copy;
    return copy;
  }

  /** Records that a mutation is about to run on `copy` (it becomes the one written back). */
  touch(copy: VersionedCopy): void {
    this.last = copy;
  }

  /**
   * The object the pass leaves: undefined when the last mutated copy is not dirty (the pass's
   * object stands), else that copy converted back to the request's kind (upstream `Convert` of
   * `lastVersionedAttr`, which also undoes an apiVersion a policy set to another served version).
   */
  writeBack(): { object: JsonObject } | { error: string } | undefined {
    const last = this.last;
    if (!last?.dirty) return undefined;
    if (!this.converter) return { object: last.object };
    const back = this.converter.convert(last.object, this.converter.requestKind);
    return "error" in back ? { error: `Internal error occurred: failed to convert object: ${back.error}` } : back;
  }
}
