// Compares kmutate's answer to a differential case with the oracle's recorded one: outcome, phase,
// exact value (maps by key; 0 and -0 alike, as JSON facts cannot keep the sign), exact error text,
// actual cost and static type.
import type { JsonValue } from "../../../src/data/index.js";
import type { DiffOutcome } from "./kmutate-view.js";

function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, JsonValue>)[k], (b as Record<string, JsonValue>)[k]));
}

/** What differs between the oracle's `expected` and kmutate's `actual` (empty: they agree). */
export function differences(expected: DiffOutcome, actual: DiffOutcome): string[] {
  const out: string[] = [];
  const show = (o: DiffOutcome): string => (o.ok ? `value ${JSON.stringify(o.value)}` : `${o.phase} error ${JSON.stringify(o.error)}`);
  if (expected.ok !== actual.ok || (!expected.ok && expected.phase !== actual.phase)) {
    out.push(`outcome: cel-go ${show(expected)}, kmutate ${show(actual)}`);
    return out;
  }
  if (expected.ok && !sameJson(expected.value, actual.value)) out.push(`value: cel-go ${JSON.stringify(expected.value)}, kmutate ${JSON.stringify(actual.value)}`);
  if (!expected.ok && expected.error !== actual.error) out.push(`error: cel-go ${JSON.stringify(expected.error)}, kmutate ${JSON.stringify(actual.error)}`);
  if (expected.cost !== undefined && expected.cost !== actual.cost) out.push(`cost: cel-go ${expected.cost}, kmutate ${actual.cost}`);
  if (expected.type !== undefined && expected.type !== actual.type) out.push(`type: cel-go ${expected.type}, kmutate ${actual.type}`);
  return out;
}
