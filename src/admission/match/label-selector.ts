// Kubernetes label selectors (`metav1.LabelSelector`) compiled once into a matcher (apimachinery
// `LabelSelectorAsSelector`, whose errors are values here), and the labels of an object.
// Go iterates matchLabels in random order; kmutate uses sorted keys.
import { isObject, getKey, goQuote, type JsonObject, type JsonValue } from "../../data/index.js";
import { aggregateText, fieldErrorText, invalid, isLabelKey, isLabelValue, type FieldError, type LabelSelectorSpec } from "../policy/index.js";

/** A compiled selector. */
export interface LabelSelector {
  /** True when the selector has no requirements (it matches everything without any lookup). */
  readonly empty: boolean;
  /** Whether a label set satisfies every requirement. */
  matches(labels: Readonly<Record<string, string>>): boolean;
}

/** Either a compiled selector or the apimachinery error text. */
export type CompiledSelector = { selector: LabelSelector } | { error: string };

type Op = "In" | "NotIn" | "Exists" | "DoesNotExist" | "Equals";
interface Requirement {
  key: string;
  op: Op;
  values: string[];
}

const everything: LabelSelector = { empty: true, matches: () => true };
const nothing: LabelSelector = { empty: false, matches: () => false };

/**
 * A selector as kubectl writes it (apimachinery `FormatLabelSelector`): requirements sorted by key,
 * `k=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, joined by commas; `<none>` when empty.
 */
export function selectorText(spec: LabelSelectorSpec): string {
  const parts: Array<[string, string]> = Object.keys(spec.matchLabels ?? {}).map((k) => [k, `${k}=${spec.matchLabels![k]}`]);
  for (const e of spec.matchExpressions ?? []) {
    const values = [...(e.values ?? [])].sort().join(",");
    const text = e.operator === "In" ? `${e.key} in (${values})` : e.operator === "NotIn" ? `${e.key} notin (${values})` : e.operator === "DoesNotExist" ? `!${e.key}` : e.key;
    parts.push([e.key, text]);
  }
  if (parts.length === 0) return "<none>";
  return parts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((p) => p[1]).join(",");
}

/**
 * Compiles a selector. `undefined`/`null` selects nothing (Go's nil selector); `{}` selects
 * everything. An invalid key, value or operator gives the error text of `LabelSelectorAsSelector`.
 */
export function compileLabelSelector(spec: LabelSelectorSpec | null | undefined): CompiledSelector {
  if (spec === null || spec === undefined) return { selector: nothing };
  const labels = spec.matchLabels ?? {};
  const exprs = spec.matchExpressions ?? [];
  const labelKeys = Object.keys(labels).sort();
  if (labelKeys.length + exprs.length === 0) return { selector: everything };
  const reqs: Requirement[] = [];
  for (const k of labelKeys) {
    const r = newRequirement(k, "Equals", [labels[k]]);
    if ("error" in r) return r;
    reqs.push(r.req);
  }
  for (const e of exprs) {
    const op = e.operator;
    if (op !== "In" && op !== "NotIn" && op !== "Exists" && op !== "DoesNotExist") {
      return { error: `${goQuote(op)} is not a valid label selector operator` };
    }
    const r = newRequirement(e.key, op, e.values ?? []);
    if ("error" in r) return r;
    reqs.push(r.req);
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const tests = reqs.map(requirementTest);
  if (tests.length === 1) return { selector: { empty: false, matches: tests[0] } };
  return {
    selector: {
      empty: false,
      matches: (ls) => {
        for (const t of tests) if (!t(ls)) return false;
        return true;
      },
    },
  };
}

/** apimachinery `labels.NewRequirement`: validates key, value count and values. */
function newRequirement(key: string, op: Op, values: string[]): { req: Requirement } | { error: string } {
  const errs: FieldError[] = [];
  const keyErrs = isLabelKey(key);
  if (keyErrs.length > 0) errs.push(invalid("key", key, keyErrs.join("; ")));
  // Go passes a nil slice when no values were written; it prints as JSON null.
  const shown = values.length === 0 ? null : values;
  if ((op === "In" || op === "NotIn") && values.length === 0) {
    errs.push(invalid("values", shown, "for 'in', 'notin' operators, values set can't be empty"));
  } else if (op === "Equals" && values.length !== 1) {
    errs.push(invalid("values", shown, "exact-match compatibility requires one single value"));
  } else if ((op === "Exists" || op === "DoesNotExist") && values.length !== 0) {
    errs.push(invalid("values", shown, "values set must be empty for exists and does not exist"));
  }
  values.forEach((v, i) => {
    const ve = isLabelValue(v);
    if (ve.length > 0) errs.push(invalid(`values[${i}][${key}]`, v, ve.join("; ")));
  });
  if (errs.length > 0) return { error: aggregateText(errs.map(fieldErrorText)) };
  return { req: { key, op, values } };
}

const hasOwn = Object.prototype.hasOwnProperty;

/** One requirement as a test of a label set (apimachinery `Requirement.Matches`), its values fixed. */
function requirementTest(r: Requirement): (ls: Readonly<Record<string, string>>) => boolean {
  const { key, values } = r;
  const one = values.length === 1 ? values[0] : undefined;
  switch (r.op) {
    case "In":
    case "Equals":
      return one !== undefined ? (ls) => hasOwn.call(ls, key) && ls[key] === one : (ls) => hasOwn.call(ls, key) && values.includes(ls[key]);
    case "NotIn":
      return one !== undefined ? (ls) => !hasOwn.call(ls, key) || ls[key] !== one : (ls) => !hasOwn.call(ls, key) || !values.includes(ls[key]);
    case "Exists":
      return (ls) => hasOwn.call(ls, key);
    case "DoesNotExist":
      return (ls) => !hasOwn.call(ls, key);
  }
}

/**
 * The labels of an object (`metadata.labels`) as `meta.Accessor` sees them: empty when absent,
 * and empty when any value is not a string (unstructured `GetLabels` gives up on such maps).
 */
export function labelsOf(obj: JsonObject | null | undefined): Readonly<Record<string, string>> {
  if (!obj) return noLabels;
  const meta = getKey(obj, "metadata");
  if (!isObject(meta)) return noLabels;
  const labels: JsonValue | undefined = getKey(meta, "labels");
  if (!isObject(labels)) return noLabels;
  if (labels === recent[0]) return recent[1];
  if (labels === recent[2]) return recent[3];
  let out = labelsByMap.get(labels);
  if (out === undefined) {
    out = stringLabels(labels);
    labelsByMap.set(labels, out);
  }
  recent[2] = recent[0];
  recent[3] = recent[1];
  recent[0] = labels;
  recent[1] = out;
  return out;
}

const noLabels: Readonly<Record<string, string>> = Object.freeze({});
/** labelsOf per labels map: every policy of an object reads the same labels (data is never mutated in place). */
const labelsByMap = new WeakMap<JsonObject, Readonly<Record<string, string>>>();
/**
 * The last two answers of {@link labelsOf} (labels map, labels, older map, labels), looked up
 * first: matching an object against its policies asks for its labels and its Namespace's in turn.
 */
const recent: [JsonObject | undefined, Readonly<Record<string, string>>, JsonObject | undefined, Readonly<Record<string, string>>] = [undefined, noLabels, undefined, noLabels];

function stringLabels(labels: JsonObject): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(labels)) {
    const v = labels[k];
    if (typeof v !== "string") return noLabels;
    if (k === "__proto__") Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return Object.freeze(out);
}
