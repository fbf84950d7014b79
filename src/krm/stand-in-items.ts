// Stand-ins for the items of a list without admission policies: when no item is a policy or a
// binding, no item can be mutated or judged, so admission reads of most items only their identity,
// metadata (results, files, local-config) — the rest need not be kept in memory during the run.
import { getKey, isObject, type JsonValue } from "../data/index.js";
import { isSideInput } from "./side-inputs.js";
import { textIncludes, type InputText } from "./yaml/index.js";

/** Kinds admission reads beyond metadata with no policy in the list: Namespaces, CRDs (schemas). */
const readWhole = new Set(["Namespace", "CustomResourceDefinition"]);

/**
 * What the block reader keeps of each item while reading a list whose text does not name
 * `admissionregistration` (no policy or binding can be in it). An item that still turns out to be
 * in that group (written with escapes) sets `sawPolicy`: the caller reads the list again whole.
 */
export class StandIns {
  /** The stand-ins made (never written: the output copies their items' text). */
  private readonly made = new WeakSet<object>();
  count = 0;
  sawPolicy = false;

  /** Whether `v` is one of the stand-ins made. */
  isStandIn(v: JsonValue): boolean {
    return typeof v === "object" && v !== null && this.made.has(v);
  }

  /** Whether a list's text can be read with stand-ins at all. */
  static applies(text: InputText): boolean {
    return !textIncludes(text, "admissionregistration");
  }

  /** The value kept for one item: `{ apiVersion, kind, metadata }` of it, or the item itself. */
  readonly itemValue = (v: JsonValue): JsonValue => {
    if (!isObject(v)) return v;
    const apiVersion = getKey(v, "apiVersion");
    const kind = getKey(v, "kind");
    if (typeof apiVersion !== "string" || typeof kind !== "string") return v;
    if (apiVersion.startsWith("admissionregistration")) {
      this.sawPolicy = true;
      return v;
    }
    if (readWhole.has(kind) || isSideInput(v)) return v;
    const standIn: Record<string, JsonValue> = { apiVersion, kind };
    const metadata = getKey(v, "metadata");
    if (metadata !== undefined) standIn.metadata = metadata;
    this.made.add(standIn);
    this.count++;
    return standIn;
  };
}
