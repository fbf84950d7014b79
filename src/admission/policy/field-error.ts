// Field-level validation errors in apimachinery's shape (`field.Error`) and their exact text:
// `<path>: <Type string>[: <value>][: <detail>]`, plus Go-style aggregation (`[a, b]`).
import { goQuote } from "../../data/index.js";
export { goQuote };

/** Kinds of field errors used by policy validation (apimachinery `field.ErrorType`). */
export type FieldErrorType =
  | "Required"
  | "Invalid"
  | "NotSupported"
  | "Forbidden"
  | "Duplicate"
  | "TooMany"
  | "Internal";

/** A bad value as Go would print it: a string (`%q`), a number/bool (`%v`), or JSON (lists, objects). */
export type BadValue = string | number | boolean | null | BadValue[] | { [k: string]: BadValue };

/** One field error: what is wrong where. */
export interface FieldError {
  type: FieldErrorType;
  /** Field path such as `spec.mutations[0].patchType`. */
  field: string;
  /** Absent for types that print no value (Required, Forbidden, Internal; TooMany prints the count). */
  value?: BadValue;
  /**
   * The value is a Go named string type (`FailurePolicyType`, `StatusReason`, …) or a pointer:
   * apimachinery prints it as JSON (`"x\u003c"`) rather than `%q`. Default: false.
   */
  named?: boolean;
  detail: string;
  /** For a missing enum value: the values it may take (a kmutate hint after the apiserver's text). */
  allowed?: readonly string[];
}

const typeText: Record<FieldErrorType, string> = {
  Required: "Required value",
  Invalid: "Invalid value",
  NotSupported: "Unsupported value",
  Forbidden: "Forbidden",
  Duplicate: "Duplicate value",
  TooMany: "Too many",
  Internal: "Internal error",
};

/** A required value is missing; `allowed` lists the values of an enum field (see {@link fieldErrorHint}). */
export function required(field: string, detail = "", allowed?: readonly string[]): FieldError {
  return allowed ? { type: "Required", field, detail, allowed } : { type: "Required", field, detail };
}

/** A value is malformed. */
export function invalid(field: string, value: BadValue, detail: string): FieldError {
  return { type: "Invalid", field, value, detail };
}

/**
 * A value is not one of the supported ones (listed in the order given); `named`: the value is of
 * a Go named string type (see {@link FieldError.named}).
 */
export function notSupported(field: string, value: BadValue, supported: readonly string[], named = false): FieldError {
  const detail = supported.length > 0 ? "supported values: " + supported.map(goQuote).join(", ") : "";
  const e: FieldError = { type: "NotSupported", field, value, detail };
  if (named) e.named = true;
  return e;
}

/** A value is not allowed here. */
export function forbidden(field: string, detail: string): FieldError {
  return { type: "Forbidden", field, detail };
}

/** A value repeats one that must be unique; `named` as for {@link notSupported}. */
export function duplicate(field: string, value: BadValue, named = false): FieldError {
  const e: FieldError = { type: "Duplicate", field, value, detail: "" };
  if (named) e.named = true;
  return e;
}

/** A list has more items than allowed. */
export function tooMany(field: string, actual: number, max: number): FieldError {
  return { type: "TooMany", field, value: actual, detail: `must have at most ${max} ${max === 1 ? "item" : "items"}` };
}

/** Something failed that is not the user's input as such (apimachinery `InternalError`: no value printed). */
export function internalError(field: string, detail: string): FieldError {
  return { type: "Internal", field, detail };
}

/** The error body without the field name (apimachinery `ErrorBody`). */
export function fieldErrorBody(e: FieldError): string {
  let s = typeText[e.type];
  if (e.type !== "Required" && e.type !== "Forbidden" && e.value !== undefined) {
    s += ": " + (e.named === true && typeof e.value === "string" ? goJson(e.value) : goValue(e.value));
  }
  if (e.detail) s += ": " + e.detail;
  return s;
}

/** The full error text, `<field>: <body>`. */
export function fieldErrorText(e: FieldError): string {
  return `${e.field}: ${fieldErrorBody(e)}`;
}

/** kmutate's hint after the apiserver's text: ` (supported values: "A", "B")` for a missing enum value, else "". */
export function fieldErrorHint(e: FieldError): string {
  return e.allowed ? ` (supported values: ${e.allowed.map(goQuote).join(", ")})` : "";
}

/** Go's `utilerrors.NewAggregate(errs).Error()`: one message as is, several as `[a, b]` (deduplicated). */
export function aggregateText(messages: readonly string[]): string {
  const seen: string[] = [];
  for (const m of messages) if (!seen.includes(m)) seen.push(m);
  if (seen.length === 1) return seen[0];
  return "[" + seen.join(", ") + "]";
}

function goValue(v: BadValue): string {
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return goJson(v);
}

/** Go `encoding/json` output (HTML-safe escaping of `<`, `>`, `&`). */
function goJson(v: BadValue): string {
  return JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026");
}
