// Evaluates one (policy, binding, param) of a compiled ValidatingAdmissionPolicy (VAP reference §4,
// apiserver `validator.Validate`): matchConditions, then the validations, the messageExpressions
// and the auditAnnotations — three passes, each with its own activation, variable memo and budget.
import { typeNameOf, type CelValue } from "../../cel/index.js";
import { goTrimSpace } from "../../data/index.js";
import {
  activationFor, evaluateMatchConditions, runExpression, type CostSink, type ExprOutcome, type InvocationInputs, type ItemValues,
} from "../dispatch/index.js";
import type { ValidationReason } from "../policy/index.js";
import type { CompiledValidatingPolicy, CompiledValidation } from "./compile-policy.js";

/** One decision: a validation's outcome, or the single outcome of a failed pass. */
export interface Decision {
  /** `deny`: the binding's validationActions act on it; `admit`: passed, or an error failurePolicy Ignore admits. */
  action: "deny" | "admit";
  /** `deny`: the validation evaluated to false; `error`: an evaluation, compile or budget error; `admit`: it held. */
  evaluation: "deny" | "error" | "admit";
  /** The failure message (§4.4) or the error text; "" when admitted. */
  message: string;
  /** Of a validation that evaluated to false: its `reason` (default `Invalid`). */
  reason?: ValidationReason;
  /** The expression decided on (`spec.validations[i].expression`), when one. */
  fieldPath?: string;
}

/** What one auditAnnotation gives: a value to publish, nothing, or an error. */
export type AuditAnnotationOutcome =
  | { key: string; action: "publish"; value: string }
  /** `ignoredError`: an error failurePolicy Ignore dropped. */
  | { key: string; action: "exclude"; ignoredError?: string; fieldPath: string }
  | { key: string; action: "error"; error: string; fieldPath: string };

/** The outcome of one (policy, binding, param). */
export interface ValidateResult {
  /** One per validation, in order (index = `expressionIndex`), or one for a failed pass. */
  decisions: Decision[];
  auditAnnotations: AuditAnnotationOutcome[];
}

/** Longest messageExpression result used, in bytes (`MaxEvaluatedMessageExpressionSizeBytes`). */
const maxMessageBytes = 5 * 1024;
const compileErrorPrefix = "compilation error: ";
const admitted: Decision = Object.freeze({ action: "admit", evaluation: "admit", message: "" });
const nothing: ValidateResult = Object.freeze({ decisions: [], auditAnnotations: [] });

function errorDecision(policy: CompiledValidatingPolicy, message: string, fieldPath?: string): Decision {
  const d: Decision = { action: policy.model.failurePolicy === "Ignore" ? "admit" : "deny", evaluation: "error", message };
  if (fieldPath !== undefined) d.fieldPath = fieldPath;
  return d;
}

/**
 * Validates one (policy, binding, param): `inputs.params` is its param (undefined: no paramKind).
 * `conditionItem` are the values matchConditions see (their `request.resource` is the request's
 * own, not the matched one). Default: `item`.
 */
export function evaluateValidations(policy: CompiledValidatingPolicy, item: ItemValues, inputs: InvocationInputs, conditionItem: ItemValues = item): ValidateResult {
  const cond = evaluateMatchConditions(policy, conditionItem, inputs);
  if ("error" in cond) return { decisions: [errorDecision(policy, cond.error)], auditAnnotations: [] };
  if (!cond.matches) return nothing;
  const budget = policy.limits.costPerValidation;
  const sink: CostSink = { cost: 0 };
  const act = activationFor(policy, item, inputs, false, sink);
  const outcomes: ExprOutcome[] = [];
  let remaining = budget;
  for (const v of policy.validations) {
    const r = runExpression(v.expression, act, sink, remaining, compileErrorPrefix);
    if ("error" in r && r.outOfBudget) return { decisions: [errorDecision(policy, r.error)], auditAnnotations: [] };
    remaining = r.remaining;
    outcomes.push(r);
  }
  const messages = evaluateMessages(policy, item, inputs, remaining);
  const decisions = policy.validations.map((v, i) => decide(policy, v, outcomes[i], messages, i));
  const annotations = evaluateAuditAnnotations(policy, item, inputs, budget);
  if ("budgetError" in annotations) return { decisions: [errorDecision(policy, annotations.budgetError)], auditAnnotations: [] };
  return { decisions, auditAnnotations: annotations.outcomes };
}

/** The messageExpressions pass: every validation's (passing ones too), no authorizer, within `budget`. */
function evaluateMessages(
  policy: CompiledValidatingPolicy, item: ItemValues, inputs: InvocationInputs, budget: number,
): { results: (ExprOutcome | undefined)[] } | { budgetError: string } {
  const results: (ExprOutcome | undefined)[] = [];
  if (!policy.validations.some((v) => v.messageExpression)) return { results };
  const sink: CostSink = { cost: 0 };
  const act = activationFor(policy, item, inputs, false, sink, true);
  let remaining = budget;
  for (const v of policy.validations) {
    if (!v.messageExpression) {
      results.push(undefined);
      continue;
    }
    const r = runExpression(v.messageExpression, act, sink, remaining, compileErrorPrefix);
    if ("error" in r && r.outOfBudget) return { budgetError: r.error };
    remaining = r.remaining;
    results.push(r);
  }
  return { results };
}

function decide(
  policy: CompiledValidatingPolicy, v: CompiledValidation, outcome: ExprOutcome, messages: ReturnType<typeof evaluateMessages>, i: number,
): Decision {
  const fieldPath = v.expression.fieldPath;
  if ("error" in outcome) return errorDecision(policy, outcome.error, fieldPath);
  // A messageExpression pass out of budget fails every validation, also the ones that held.
  if ("budgetError" in messages) return errorDecision(policy, `failed messageExpression: ${messages.budgetError}`, fieldPath);
  if (outcome.value === true) return admitted;
  return { action: "deny", evaluation: "deny", message: failureMessage(v, messages.results[i]), reason: v.reason ?? "Invalid", fieldPath };
}

/**
 * The message of a failed validation (§4.4): the messageExpression's value, trimmed, unless it
 * failed, is blank, longer than 5120 bytes or multi-line; else `message`; else the expression.
 */
export function failureMessage(v: CompiledValidation, messageResult: ExprOutcome | undefined): string {
  let message = "";
  if (messageResult && !("error" in messageResult) && typeof messageResult.value === "string") {
    message = goTrimSpace(messageResult.value);
    if (Buffer.byteLength(message, "utf8") > maxMessageBytes || message.includes("\n")) message = "";
  }
  if (message === "" && v.message !== "") message = goTrimSpace(v.message);
  if (message === "") message = `failed expression: ${goTrimSpace(v.expression.text)}`;
  return message;
}

/** The auditAnnotations pass: a fresh budget, no authorizer; an exhausted budget fails the whole result. */
function evaluateAuditAnnotations(
  policy: CompiledValidatingPolicy, item: ItemValues, inputs: InvocationInputs, budget: number,
): { outcomes: AuditAnnotationOutcome[] } | { budgetError: string } {
  const outcomes: AuditAnnotationOutcome[] = [];
  if (policy.auditAnnotations.length === 0) return { outcomes };
  const sink: CostSink = { cost: 0 };
  const act = activationFor(policy, item, inputs, false, sink, true);
  const ignore = policy.model.failurePolicy === "Ignore";
  let remaining = budget;
  for (const a of policy.auditAnnotations) {
    const { key } = a;
    const fieldPath = a.valueExpression.fieldPath;
    const r = runExpression(a.valueExpression, act, sink, remaining, compileErrorPrefix);
    if ("error" in r && r.outOfBudget) return { budgetError: r.error };
    remaining = r.remaining;
    if ("error" in r) outcomes.push(ignore ? { key, action: "exclude", ignoredError: r.error, fieldPath } : { key, action: "error", error: r.error, fieldPath });
    else outcomes.push(annotationValue(key, a.valueExpression.text, r.value, fieldPath));
  }
  return { outcomes };
}

function annotationValue(key: string, expression: string, value: CelValue, fieldPath: string): AuditAnnotationOutcome {
  if (value === null) return { key, action: "exclude", fieldPath };
  if (typeof value !== "string") {
    // Unreachable after the compile-time check (string or null_type); kept as upstream words it.
    const error = `valueExpression '${expression}' resulted in unsupported return type: ${typeNameOf(value)}. Return type must be either string or null.`;
    return { key, action: "error", error, fieldPath };
  }
  const trimmed = goTrimSpace(value);
  return trimmed === "" ? { key, action: "exclude", fieldPath } : { key, action: "publish", value: trimmed };
}
