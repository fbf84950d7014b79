// The committed oracle facts of the differential test: one JSON line per case holding the
// oracle's answer — each output item as a diff against the input item, the errors and warnings,
// per item index — and a header line saying how they were made.
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import type { GeneratorConfig } from "./gen/cases.js";

/** A path into a JSON value: keys and list indices. */
export type JsonPath = (string | number)[];

/** Changes that turn one value into another: `s` sets a path, `d` deletes one. */
export interface ValueDiff {
  s?: [JsonPath, JsonValue][];
  d?: JsonPath[];
}

/**
 * One error of the oracle: the item it is about, the apiserver's StatusError text and its
 * `details.causes` messages. `causes` is left out when it is exactly `[message]` (see causesOf).
 */
export interface FactError {
  i: number;
  message: string;
  causes?: string[];
  /** Set when the ValidatingAdmissionPolicy stage denied the request (left out for the mutating stage). */
  phase?: "validating";
}

/** The causes of a fact error (`[message]` when the facts leave them out). */
export function causesOf(e: FactError): string[] {
  return e.causes ?? [e.message];
}

/** One warning of the oracle about an item. */
export interface FactWarning {
  i: number;
  message: string;
}

/** The oracle's answer for one case. */
export interface CaseFacts {
  id: string;
  /** caseHash of the input the facts were made from. */
  in: string;
  /** Per input item: 0 when output equals input, else the diff from input to output. */
  items: (0 | ValueDiff)[];
  errors: FactError[];
  warnings: FactWarning[];
}

/** The first line of a facts file. */
export interface FactsHeader {
  facts: "kmutate differential admission facts";
  generator: GeneratorConfig;
  family: "map" | "vap";
  oracle: string;
  /** Whether this oracle reports ValidatingAdmissionPolicy Warn warnings (the v0.36.3 oracle glue does not). */
  vapWarningsRecorded: boolean;
  regenerate: string;
}

const isMap = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Deep equality of plain JSON values (key order ignored). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The diff that turns `a` into `b` (maps key by key, equal-length lists index by index). */
export function diffValue(a: JsonValue, b: JsonValue): ValueDiff {
  const out: ValueDiff = {};
  const walk = (x: JsonValue, y: JsonValue, path: JsonPath): void => {
    if (jsonEqual(x, y)) return;
    if (isMap(x) && isMap(y)) {
      for (const k of Object.keys(y)) {
        if (Object.hasOwn(x, k)) walk(x[k], y[k], [...path, k]);
        else (out.s ??= []).push([[...path, k], y[k]]);
      }
      for (const k of Object.keys(x)) if (!Object.hasOwn(y, k)) (out.d ??= []).push([...path, k]);
      return;
    }
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && path.length > 0) {
      x.forEach((xi, i) => walk(xi, y[i], [...path, i]));
      return;
    }
    (out.s ??= []).push([path, y]);
  };
  walk(a, b, []);
  return out;
}

/** Applies a diff made by {@link diffValue} to a copy of `a`. */
export function applyDiff(a: JsonValue, diff: ValueDiff): JsonValue {
  let root = structuredClone(a);
  const parentOf = (path: JsonPath): Record<string | number, JsonValue> => {
    let cur = root;
    for (const p of path.slice(0, -1)) cur = (cur as Record<string | number, JsonValue>)[p];
    return cur as Record<string | number, JsonValue>;
  };
  for (const [path, v] of diff.s ?? []) {
    if (path.length === 0) root = structuredClone(v);
    // defineProperty: a key such as "__proto__" stays an own data property
    else Object.defineProperty(parentOf(path), path[path.length - 1], { value: structuredClone(v), writable: true, enumerable: true, configurable: true });
  }
  for (const path of diff.d ?? []) delete parentOf(path)[path[path.length - 1]];
  return root;
}

/** Reads a facts file's text: header and per-case facts by id. */
export function parseFacts(text: string): { header: FactsHeader; cases: Map<string, CaseFacts> } {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const header = JSON.parse(lines[0]) as FactsHeader;
  const cases = new Map<string, CaseFacts>();
  for (const l of lines.slice(1)) {
    const f = JSON.parse(l) as CaseFacts;
    cases.set(f.id, f);
  }
  return { header, cases };
}

/** Writes a facts file's text (cases in the given order). */
export function formatFacts(header: FactsHeader, cases: CaseFacts[]): string {
  return [JSON.stringify(header), ...cases.map((c) => JSON.stringify(c))].join("\n") + "\n";
}
