// Reads a case's `expect`: the whole object (inline or golden file), field values, unchanged,
// denied, the exact error and warning results, and the invocations that changed the object.
import { getKey, isObject, type JsonValue } from "../../data/index.js";
import { describeKind } from "../../krm/index.js";
import { parseFieldPath } from "./field-path.js";
import { readObjectSource, unknownFields, type DocLocator } from "./read-parts.js";
import type { Expectation, InvocationExpectation } from "./types.js";

/** The fields `expect` and one expected invocation may hold (checked against the schema). */
export const expectationFields = {
  expect: ["object", "objectFile", "fields", "unchanged", "denied", "errors", "warnings", "invocations"],
  invocation: ["policy", "binding", "param"],
} as const satisfies Record<string, readonly string[]>;

type Keys = ReadonlyArray<string | number>;

function strings(v: JsonValue, keys: Keys, loc: DocLocator, errors: string[]): string[] | undefined {
  if (!Array.isArray(v)) {
    errors.push(loc.error(keys, `expected a list of message substrings, got ${describeKind(v)}`));
    return undefined;
  }
  const bad = v.findIndex((s) => typeof s !== "string" || s === "");
  if (bad < 0) return v as string[];
  errors.push(loc.error([...keys, bad], v[bad] === "" ? "an empty substring matches every message: give part of the message" : `expected a message substring, got ${describeKind(v[bad])}`));
  return undefined;
}

function invocations(v: JsonValue, keys: Keys, loc: DocLocator, errors: string[]): InvocationExpectation[] | undefined {
  if (!Array.isArray(v)) {
    errors.push(loc.error(keys, `expected a list of {policy, binding, param}, got ${describeKind(v)}`));
    return undefined;
  }
  const out: InvocationExpectation[] = [];
  v.forEach((x, i) => {
    if (!isObject(x)) {
      errors.push(loc.error([...keys, i], `expected a mapping {policy, binding, param}, got ${describeKind(x)}`));
      return;
    }
    errors.push(...unknownFields(x, expectationFields.invocation, [...keys, i], loc));
    const inv: InvocationExpectation = { policy: "" };
    for (const f of expectationFields.invocation) {
      const s = getKey(x, f);
      if (s === undefined && f !== "policy") continue;
      if (typeof s === "string" && s !== "") inv[f] = s;
      else errors.push(loc.error([...keys, i, f], s === undefined ? "required: the policy's name" : `expected a name, got ${describeKind(s)}`));
    }
    out.push(inv);
  });
  return out;
}

/** The expectation at `keys` (problems appended to `errors`). */
export function readExpectation(v: JsonValue, keys: Keys, loc: DocLocator, errors: string[]): Expectation {
  const e: Expectation = {};
  if (!isObject(v)) {
    errors.push(loc.error(keys, `expected a mapping, got ${describeKind(v)}`));
    return e;
  }
  errors.push(...unknownFields(v, expectationFields.expect, keys, loc));
  const object = readObjectSource(v, "object", keys, loc, errors);
  if (object) e.object = object;
  const fields = getKey(v, "fields");
  if (fields !== undefined) {
    if (!isObject(fields)) errors.push(loc.error([...keys, "fields"], `expected a mapping of field path to value, got ${describeKind(fields)}`));
    else {
      e.fields = [];
      for (const path of Object.keys(fields)) {
        const p = parseFieldPath(path);
        if (p.ok) e.fields.push({ path, keys: p.keys, value: fields[path] });
        else errors.push(loc.error([...keys, "fields", path], p.message));
      }
    }
  }
  const unchanged = getKey(v, "unchanged");
  if (typeof unchanged === "boolean") e.unchanged = unchanged;
  else if (unchanged !== undefined) errors.push(loc.error([...keys, "unchanged"], `expected true or false, got ${describeKind(unchanged)}`));
  const denied = getKey(v, "denied");
  if (typeof denied === "boolean") e.denied = denied;
  else if (typeof denied === "string" && denied !== "") e.denied = [denied];
  else if (Array.isArray(denied)) {
    const s = strings(denied, [...keys, "denied"], loc, errors);
    if (s) e.denied = s.length > 0 ? s : true;
  } else if (denied !== undefined) errors.push(loc.error([...keys, "denied"], `expected true, false, a message substring or a list of them, got ${describeKind(denied)}`));
  for (const k of ["errors", "warnings"] as const) {
    const x = getKey(v, k);
    if (x === undefined) continue;
    const s = strings(x, [...keys, k], loc, errors);
    if (s) e[k] = s;
  }
  const inv = getKey(v, "invocations");
  if (inv !== undefined) {
    const list = invocations(inv, [...keys, "invocations"], loc, errors);
    if (list) e.invocations = list;
  }
  return e;
}
