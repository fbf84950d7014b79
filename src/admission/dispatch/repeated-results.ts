// Keeps a run's results linear in its work: the same error or warning on many objects (a broken
// policy on every object it matches) is reported for the first objects, then once with a count;
// every message is capped, so one huge quoted expression cannot blow up the output.
import type { KrmResult } from "../types.js";

/** Objects that get their own result for one repeated error or warning. */
export const objectsShownPerResult = 3;
/** Objects named in the result that counts the rest. */
const namesInCount = 3;
/** Longest result message, in UTF-16 units; longer ones keep their start and end. */
export const maxMessageLength = 16_384;

/** `message`, or its first and last parts with what was left out in between when it is longer than {@link maxMessageLength}. */
export function capMessage(message: string): string {
  if (message.length <= maxMessageLength) return message;
  const head = Math.floor(maxMessageLength * 0.75);
  const tail = maxMessageLength - head;
  return `${message.slice(0, head)} …[${message.length - head - tail} characters left out]… ${message.slice(-tail)}`;
}

interface Repeat {
  /** The result that counts the objects after the first ones (in the output once there is one). */
  counted?: KrmResult;
  seen: number;
  names: string[];
}

/** Results of a run in order, with repeats beyond {@link objectsShownPerResult} objects folded into one counting result. */
export class RunResults {
  readonly list: KrmResult[] = [];
  private readonly repeats = new Map<string, Repeat>();

  /** `shown`: objects that get their own result for one repeated error or warning. */
  constructor(private readonly shown: number = objectsShownPerResult) {}

  /** Adds results in order: `info` results and results about no object are kept as they are. */
  push(...results: KrmResult[]): void {
    for (const r of results) this.add(r);
  }

  private add(r: KrmResult): void {
    if (r.severity === "info" || !r.resourceRef || this.shown === Infinity) {
      this.list.push(r);
      return;
    }
    const key = repeatKey(r);
    let rep = this.repeats.get(key);
    if (!rep) this.repeats.set(key, (rep = { seen: 0, names: [] }));
    rep.seen++;
    if (rep.seen <= this.shown) {
      this.list.push(r);
      return;
    }
    if (rep.names.length < namesInCount) rep.names.push(objectName(r.resourceRef));
    if (!rep.counted) {
      rep.counted = { severity: r.severity, message: r.message, tags: { ...r.tags, code: "repeated" } };
      this.list.push(rep.counted);
    }
    const more = rep.seen - this.shown;
    const names = rep.names.join(", ") + (more > rep.names.length ? ` and ${more - rep.names.length} more` : "");
    rep.counted.message = `${more} more object${more === 1 ? "" : "s"} (${names}) had the same ${r.severity}: ${r.message}`;
    rep.counted.tags = { ...rep.counted.tags, count: String(more) };
  }
}

/** Results that say the same about different objects share a key (not `info` ones). */
function repeatKey(r: KrmResult): string {
  const tags = r.tags ? Object.keys(r.tags).sort().map((k) => `${k}=${r.tags![k]}`).join("\u0001") : "";
  return `${r.severity}\u0000${r.field?.path ?? ""}\u0000${tags}\u0000${r.message}`;
}

function objectName(ref: NonNullable<KrmResult["resourceRef"]>): string {
  return `${ref.kind} ${ref.namespace ? ref.namespace + "/" : ""}${ref.name}`;
}
