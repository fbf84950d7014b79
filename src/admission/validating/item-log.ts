// What the ValidatingAdmissionPolicies decided about one object, recorded in dispatch order and
// turned into KRM results (VAP reference §5–§8, §12.1): denials (`error`; `warning` in
// `validation: Warn` mode), Warn-action warnings, the Audit annotation, auditAnnotations (`info`)
// and errors failurePolicy Ignore dropped (`warning`).
import type { JsonObject } from "../../data/index.js";
import { goJsonText } from "../../patch/index.js";
import { itemResult } from "../dispatch/index.js";
import type { ValidatingBindingModel, ValidationReason } from "../policy/index.js";
import type { KrmResult, ValidationMode } from "../types.js";

/** Who a recorded outcome is about: policy, binding (absent for policy-level errors), param. */
export interface Origin {
  policy: string;
  binding?: string;
  param?: string;
  /** The expression concerned (`spec.validations[0].expression`), when one. */
  fieldPath?: string;
}

/** HTTP code of a denial by its reason (apiserver `reasonToCode`). */
export const reasonCodes = { Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 } as const satisfies Record<ValidationReason, number>;

/** The audit annotation key of validation failures bound with `Audit`. */
export const validationFailureKey = "validation.policy.admission.k8s.io/validation_failure";
/** Longest auditAnnotation value, in bytes (longer ones are cut). */
const maxAnnotationBytes = 10 * 1024;

/** The apiserver's denial text (`ValidatingAdmissionPolicy 'p' with binding 'b' denied request: m`). */
export function denialText(o: Origin, message: string): string {
  return o.binding !== undefined
    ? `ValidatingAdmissionPolicy '${o.policy}' with binding '${o.binding}' denied request: ${message}`
    : `ValidatingAdmissionPolicy '${o.policy}' denied request: ${message}`;
}

/** The apiserver's Warn-action warning text. */
export function warningText(policy: string, binding: string, message: string): string {
  return `Validation failed for ValidatingAdmissionPolicy '${policy}' with binding '${binding}': ${message}`;
}

/**
 * The `validation_failure` audit annotation value: Go's JSON of a one-element list, fields in
 * upstream order, HTML-safe escaping (`<` → `\u003c`).
 */
export function validationFailureValue(binding: ValidatingBindingModel, expressionIndex: number, message: string): string {
  return goJsonText([{
    message, policy: binding.policyName, binding: binding.name, expressionIndex, validationActions: [...binding.validationActions],
  }]);
}

/** `value` cut to at most 10240 bytes of UTF-8 (a rune split by the cut becomes U+FFFD, as in the audit log). */
function cutAnnotation(value: string): string {
  if (value.length * 3 <= maxAnnotationBytes) return value; // a UTF-16 unit is at most 3 UTF-8 bytes
  const bytes = Buffer.from(value, "utf8");
  return bytes.length <= maxAnnotationBytes ? value : bytes.subarray(0, maxAnnotationBytes).toString("utf8");
}

type Entry =
  | { t: "deny"; o: Origin; message: string; reason: ValidationReason }
  | { t: "warn"; o: Origin; text: string }
  | { t: "audit"; o: Origin; value: string }
  | { t: "annotation"; policy: string; key: string; value: string }
  | { t: "ignored"; o: Origin; message: string };

/** The outcomes for one object, in dispatch order. */
export class ItemLog {
  private entries: Entry[] = [];
  /** Audit annotations of the current policy: key → distinct values in order. */
  private collected = new Map<string, string[]>();
  denied = false;
  warned = false;

  /**
   * A denial (Deny action, configuration error, auditAnnotation error). The apiserver reports only
   * the first; kmutate lists each distinct one (an identical text, e.g. from another param, once).
   */
  deny(o: Origin, message: string, reason: ValidationReason = "Invalid"): void {
    this.denied = true;
    const text = denialText(o, message);
    if (!this.entries.some((e) => e.t === "deny" && denialText(e.o, e.message) === text)) this.entries.push({ t: "deny", o, message, reason });
  }

  /** A Warn action; an identical text is recorded once (the warning recorder drops duplicates). */
  warn(o: Origin & { binding: string }, message: string): void {
    const text = warningText(o.policy, o.binding, message);
    this.warned = true;
    if (!this.entries.some((e) => e.t === "warn" && e.text === text)) this.entries.push({ t: "warn", o, text });
  }

  /** An Audit action. */
  audit(o: Origin, binding: ValidatingBindingModel, expressionIndex: number, message: string): void {
    const value = validationFailureValue(binding, expressionIndex, message);
    if (!this.entries.some((e) => e.t === "audit" && e.value === value)) this.entries.push({ t: "audit", o, value });
  }

  /** An error failurePolicy Ignore dropped (upstream silent); an identical one is recorded once. */
  ignored(o: Origin, message: string): void {
    const text = denialText(o, message);
    if (!this.entries.some((e) => e.t === "ignored" && denialText(e.o, e.message) === text)) this.entries.push({ t: "ignored", o, message });
  }

  /** An auditAnnotation value of the current policy (cut to 10240 bytes, exact repeats dropped). */
  annotate(key: string, value: string): void {
    const cut = cutAnnotation(value);
    const values = this.collected.get(key);
    if (!values) this.collected.set(key, [cut]);
    else if (!values.includes(cut)) values.push(cut);
  }

  /** Publishes the current policy's auditAnnotations as `<policy>/<key>` (distinct values joined with ", "). */
  endPolicy(policy: string): void {
    if (this.collected.size === 0) return;
    for (const [key, values] of this.collected) this.entries.push({ t: "annotation", policy, key, value: values.join(", ") });
    this.collected.clear();
  }

  /** The results about `item`; `mode` decides what a denial is. */
  results(item: JsonObject, mode: ValidationMode): KrmResult[] {
    let audited = false;
    return this.entries.map((e): KrmResult => {
      switch (e.t) {
        case "deny": {
          const text = denialText(e.o, e.message);
          const tags = { ...tagsOf(e.o), reason: e.reason, code: String(reasonCodes[e.reason]) };
          return mode === "Warn" ? itemResult(item, "warning", `not enforced (validation: Warn): ${text}`, tags) : itemResult(item, "error", text, tags);
        }
        case "warn":
          return itemResult(item, "warning", e.text, tagsOf(e.o));
        case "audit": {
          // Admission annotations cannot be overwritten: the audit event keeps only the first value.
          const first = !audited;
          audited = true;
          const prefix = first ? `${validationFailureKey}: ` : `${validationFailureKey} (not recorded: the audit event keeps only the first): `;
          return itemResult(item, "info", prefix + e.value, tagsOf(e.o));
        }
        case "annotation":
          return itemResult(item, "info", `${e.policy}/${e.key}: ${e.value}`, { policy: e.policy });
        case "ignored":
          return itemResult(item, "warning", `ignored by failurePolicy Ignore: ${denialText(e.o, e.message)}`, tagsOf(e.o));
      }
    });
  }
}

function tagsOf(o: Origin): Record<string, string> {
  const tags: Record<string, string> = { policy: o.policy };
  if (o.binding !== undefined) tags.binding = o.binding;
  if (o.param !== undefined) tags.param = o.param;
  if (o.fieldPath !== undefined) tags.policyField = o.fieldPath;
  return tags;
}
