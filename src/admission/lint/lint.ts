// Policy lint (`kmutate check`): loads the policies and bindings of both kinds among the items,
// compiles them as admission would, and reports load, compile and type errors plus known traps,
// each located by the object, its field path and (for expressions) the offset inside the expression.
import { compile, type ParsedExpr } from "../../cel/index.js";
import type { JsonObject, JsonValue } from "../../data/index.js";
import { createSchemaRegistry, type SchemaRegistry } from "../../schema/index.js";
import { createTimeCelFailures, expressionEnv, missingPolicyMessage, paramKindNotFound, unboundPolicyMessage, type CompiledExpression, type CompiledPolicyBase } from "../dispatch/index.js";
import { compilePolicy } from "../mutating/index.js";
import { compileValidatingPolicy } from "../validating/index.js";
import { withoutIgnored } from "./lint-ignore.js";
import { matchedSchemas } from "./lint-kinds.js";
import { bindingOverlap, missingParam, unknownResources } from "./lint-rules.js";
import { schemaFindings, type SchemaExpression } from "./lint-schema.js";
import { atomicFieldSets, indexPaths } from "./lint-mutations.js";
import { absentFieldReads, guardedPaths, type ExprFinding } from "./lint-reads.js";
import { loadPolicies, type BindingModel, type ItemRef, type LoadProblem, type PolicyBase, type PolicyModel, type ValidatingPolicyModel } from "../policy/index.js";

/** What a finding is about. */
export const lintCodes = [
  "load", "compile", "type", "absent-field", "atomic-field", "index-path", "missing-policy", "unbound-policy", "param-kind",
  "unknown-field", "unknown-type", "literal-type", "patch-path", "never-true", "null-namespace",
  "unknown-resource", "no-overlap", "param-not-found", "regex", "cost",
] as const;
/** One of {@link lintCodes}. */
export type LintCode = (typeof lintCodes)[number];

/** One problem found in a policy or binding. */
export interface LintFinding {
  severity: "error" | "warning";
  code: LintCode;
  /** The ResourceList item (and List member) the object came from. */
  source: ItemRef;
  kind: LoadProblem["kind"];
  /** Object name ("" when absent). */
  name: string;
  /** Field path in the object (`spec.mutations[1].applyConfiguration.expression`). Default: the object. */
  field?: string;
  /** UTF-16 offset inside the expression at `field`, for findings about an expression. */
  exprOffset?: number;
  message: string;
}

const severityOf = {
  load: "error", compile: "error", type: "error", regex: "error", "unknown-field": "error", "unknown-type": "error", "literal-type": "error", "patch-path": "error",
} as const satisfies Partial<Record<LintCode, "error">>;

/** 0-based UTF-16 offset of cel-go's 1-based line and code-point column. */
function offsetOf(text: string, line: number, column: number): number {
  if (line < 1) return 0;
  let i = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", i);
    if (nl < 0) return text.length;
    i = nl + 1;
  }
  for (let c = 1; c < column && i < text.length && text[i] !== "\n"; c++) i += text.codePointAt(i)! > 0xffff ? 2 : 1;
  return i;
}

/** The issues of a compile error text (`compilation failed: ERROR: <input>:L:C: message` lines). */
function compileIssues(expr: CompiledExpression): Array<{ offset: number; message: string }> {
  const text = expr.error ?? "";
  const issues = [...text.matchAll(/^(?:compilation failed: )?ERROR: <input>:(-?\d+):(-?\d+): (.*)$/gm)]
    .map((m) => ({ offset: offsetOf(expr.text, Number(m[1]), Number(m[2])), message: `compilation failed: ${m[3]}` }));
  return issues.length > 0 ? issues : [{ offset: 0, message: text }];
}

function parse(text: string, hasParams: boolean, mutation: boolean): ParsedExpr | undefined {
  const r = compile(expressionEnv(hasParams, mutation), text, { check: false });
  return r.ok ? r.parsed : undefined;
}

/** One compiled expression to lint: mutations get their patch type's traps. */
interface LintedExpression {
  c: CompiledExpression;
  mutation?: "ApplyConfiguration" | "JSONPatch";
}

/** One policy compiled, and the expressions of it to lint. */
interface LintedPolicy {
  compiled: CompiledPolicyBase;
  exprs: LintedExpression[];
}

/** Compile errors and traps of one policy of either kind (`exprs`: its compiled expressions). */
function lintExpressions(policy: PolicyBase, kind: LintFinding["kind"], { compiled, exprs }: LintedPolicy, registry: SchemaRegistry, out: LintFinding[]): void {
  const base = { source: policy.source, kind, name: policy.name };
  const typed: SchemaExpression[] = [];
  const hasParams = policy.paramKind !== undefined;
  const kinds = matchedSchemas(policy, registry);
  const conditions = policy.matchConditions.map((c) => parse(c.expression, hasParams, false)).filter((p): p is ParsedExpr => p !== undefined);
  // matchConditions as API validation compiles them (without `variables`, trimmed: `lead` shifts offsets back).
  const createTime = new Map(createTimeCelFailures(policy, compiled).map((f) => [f.fieldPath, f]));
  const linted = exprs.map((e): LintedExpression & { lead?: number } => {
    const f = createTime.get(e.c.fieldPath);
    return f && e.c.fieldPath.startsWith("spec.matchConditions[") ? { c: f, lead: e.c.text.length - e.c.text.trimStart().length } : e;
  });
  for (const { c, mutation, lead = 0 } of linted) {
    const add = (code: LintCode, f: ExprFinding): void => {
      out.push({ ...base, severity: code in severityOf ? "error" : "warning", code, field: c.fieldPath, exprOffset: f.offset + lead, message: f.message });
    };
    if (c.error !== undefined) {
      if (c.errorCode === "regex") add("regex", { offset: c.errorOffset ?? 0, message: `${c.error}: the apiserver refuses to create the policy` });
      else if (c.errorCode !== "result-type") for (const i of compileIssues(c)) add("compile", i);
      else add("type", { offset: 0, message: c.error });
      continue;
    }
    const parsed = parse(c.text, hasParams, mutation !== undefined);
    if (!parsed) continue;
    typed.push({ text: c.text, fieldPath: c.fieldPath, mode: mutation ?? "plain", role: c.fieldPath.startsWith("spec.matchConditions") ? "condition" : "other" });
    for (const f of absentFieldReads(parsed, guardedPaths([...conditions, parsed]), kinds)) add("absent-field", f);
    if (mutation === "ApplyConfiguration") for (const f of atomicFieldSets(parsed, kinds)) add("atomic-field", f);
    if (mutation === "JSONPatch") for (const f of indexPaths(parsed)) add("index-path", f);
  }
  if (policy.paramKind && !registry.resolveKind(policy.paramKind.apiVersion, policy.paramKind.kind)) {
    out.push({ ...base, severity: "warning", code: "param-kind", field: "spec.paramKind", message: `${paramKindNotFound(policy.paramKind)}: add its CustomResourceDefinition to the input, or every binding fails` });
  }
  const expressionFinding = (code: LintCode, field: string, f: ExprFinding): LintFinding => ({ ...base, severity: code in severityOf ? "error" : "warning", code, field, exprOffset: f.offset, message: f.message });
  for (const f of schemaFindings(policy, typed, registry)) out.push(expressionFinding(f.code, f.fieldPath, f));
  for (const w of [
    ...unknownResources(policy.matchConstraints.resourceRules, "spec.matchConstraints.resourceRules", registry),
    ...unknownResources(policy.matchConstraints.excludeResourceRules, "spec.matchConstraints.excludeResourceRules", registry),
  ]) out.push({ ...base, severity: "warning", code: w.code, field: w.field, message: w.message });
}

/** Wiring findings of one binding of either kind (`policy`: its policy, when in the input). */
function lintBinding(binding: BindingModel, kind: LintFinding["kind"], policy: PolicyBase | undefined, items: readonly JsonObject[], registry: SchemaRegistry, out: LintFinding[]): void {
  const found = [
    ...unknownResources(binding.matchResources?.resourceRules ?? [], "spec.matchResources.resourceRules", registry),
    ...unknownResources(binding.matchResources?.excludeResourceRules ?? [], "spec.matchResources.excludeResourceRules", registry),
    ...(policy ? [...bindingOverlap(binding, policy.matchConstraints), ...missingParam(binding, policy, items)] : []),
  ];
  for (const w of found) out.push({ severity: "warning", code: w.code, source: binding.source, kind, name: binding.name, field: w.field, message: w.message });
}

/** Options of {@link lintPolicies}. */
export interface LintOptions {
  /** OpenAPI v3 documents with the schemas of kinds that have no CRD in the items. Default: none. */
  openapi?: readonly JsonValue[];
}

/** A MutatingAdmissionPolicy's expressions: variables, matchConditions, mutations. */
function mutatingExpressions(policy: PolicyModel): LintedPolicy {
  const compiled = compilePolicy(policy);
  const exprs = [
    ...compiled.variables.map((c) => ({ c })),
    ...compiled.matchConditions.map((c) => ({ c })),
    ...compiled.mutations.map((c) => ({ c, mutation: c.patchType })),
  ];
  return { compiled, exprs };
}

/** A ValidatingAdmissionPolicy's expressions: variables, matchConditions, validations with their messageExpressions, auditAnnotations. */
function validatingExpressions(policy: ValidatingPolicyModel): LintedPolicy {
  const compiled = compileValidatingPolicy(policy);
  const exprs = [
    ...compiled.variables.map((c) => ({ c })),
    ...compiled.matchConditions.map((c) => ({ c })),
    ...compiled.validations.flatMap((v) => [{ c: v.expression }, ...(v.messageExpression ? [{ c: v.messageExpression }] : [])]),
    ...compiled.auditAnnotations.map((a) => ({ c: a.valueExpression })),
  ];
  return { compiled, exprs };
}

/** Bindings whose policy is not in the input, and policies no binding binds (of one kind). */
function bindingTraps(
  kinds: { policy: LintFinding["kind"]; binding: LintFinding["kind"] },
  policies: readonly PolicyBase[], bindings: readonly BindingModel[], problems: readonly LoadProblem[], out: LintFinding[],
): void {
  const policyNames = new Set([...policies.map((p) => p.name), ...problems.filter((p) => p.kind === kinds.policy).map((p) => p.name)]);
  for (const b of bindings) {
    if (policyNames.has(b.policyName)) continue;
    out.push({
      severity: "warning", code: "missing-policy", source: b.source, kind: kinds.binding, name: b.name, field: "spec.policyName",
      message: missingPolicyMessage(b.policyName),
    });
  }
  const bound = new Set(bindings.map((b) => b.policyName));
  for (const p of policies) {
    if (bound.has(p.name)) continue;
    out.push({
      severity: "warning", code: "unbound-policy", source: p.source, kind: kinds.policy, name: p.name, field: "metadata.name",
      message: unboundPolicyMessage(p.name, kinds.binding),
    });
  }
}

/** Lints every policy and binding among `items` (other items only contribute CRDs). */
export function lintPolicies(items: readonly JsonObject[], options: LintOptions = {}): LintFinding[] {
  const out: LintFinding[] = [];
  const loaded = loadPolicies(items);
  for (const p of loaded.problems) {
    const f: LintFinding = { severity: "error", code: "load", source: p.source, kind: p.kind, name: p.name, message: p.message };
    if (p.field) f.field = p.field;
    out.push(f);
  }
  const { registry } = createSchemaRegistry({ items, openapi: options.openapi ?? [] });
  for (const policy of loaded.policies) lintExpressions(policy, "MutatingAdmissionPolicy", mutatingExpressions(policy), registry, out);
  for (const policy of loaded.validatingPolicies) lintExpressions(policy, "ValidatingAdmissionPolicy", validatingExpressions(policy), registry, out);
  for (const b of loaded.bindings) lintBinding(b, "MutatingAdmissionPolicyBinding", loaded.policies.find((p) => p.name === b.policyName), items, registry, out);
  for (const b of loaded.validatingBindings) lintBinding(b, "ValidatingAdmissionPolicyBinding", loaded.validatingPolicies.find((p) => p.name === b.policyName), items, registry, out);
  bindingTraps({ policy: "MutatingAdmissionPolicy", binding: "MutatingAdmissionPolicyBinding" }, loaded.policies, loaded.bindings, loaded.problems, out);
  bindingTraps({ policy: "ValidatingAdmissionPolicy", binding: "ValidatingAdmissionPolicyBinding" }, loaded.validatingPolicies, loaded.validatingBindings, loaded.problems, out);
  return withoutIgnored(out, items).sort((a, b) => a.source.index - b.source.index || (a.source.listIndex ?? -1) - (b.source.listIndex ?? -1));
}
