// Create-time validation of MutatingAdmissionPolicies and bindings (reference §1.5, without CEL
// compilation, which the compile step adds), and the checks every policy kind shares: the
// apiserver's field paths and messages.
import type {
  BindingSpecInput, DecodedObject, MutationInput, NamedExpressionInput, ParamKindInput, ParamRefInput, PolicySpecBaseInput, PolicySpecInput, RuleInput,
} from "./policy-inputs.js";
import { duplicate, forbidden, invalid, notSupported, required, tooMany, type FieldError } from "./field-error.js";
import { validateLabelSelector } from "./validate-label-selector.js";
import { validateMatchResources, validateMutatingOperations } from "./validate-match-resources.js";
import { isDNS1035Label, isDNS1123Subdomain, isLabelKey, isPathSegmentName } from "./validate-names.js";

const maxMatchConditions = 64;
const celIdent = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const celReserved = new Set([
  "true", "false", "null", "in", "as", "break", "const", "continue", "else", "for", "function",
  "if", "import", "let", "loop", "package", "namespace", "return", "var", "void", "while",
]);

/** `ValidateObjectMeta` name rule (cluster-scoped, DNS subdomain). */
export function validateObjectName(name: string, generateName: string): FieldError[] {
  if (name === "") {
    return generateName === ""
      ? [required("metadata.name", "name or generateName is required")]
      : [required("metadata.name", "generateName is not resolved offline: a name is required")];
  }
  return isDNS1123Subdomain(name).map((m) => invalid("metadata.name", name, m));
}

/**
 * What every policy kind checks first, in the apiserver's order: failurePolicy, paramKind,
 * matchConstraints (with `operationCheck` on its rules, for kinds that restrict operations),
 * matchConditions, variables.
 */
export function validatePolicySpecBase(spec: PolicySpecBaseInput, operationCheck?: (rules: RuleInput[] | undefined, path: string) => FieldError[]): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.failurePolicy === undefined) errs.push(required("spec.failurePolicy", "", ["Fail", "Ignore"]));
  else if (spec.failurePolicy !== "Fail" && spec.failurePolicy !== "Ignore") {
    errs.push(notSupported("spec.failurePolicy", spec.failurePolicy, ["Fail", "Ignore"], true));
  }
  if (spec.paramKind) errs.push(...validateParamKind(spec.paramKind, "spec.paramKind"));
  if (!spec.matchConstraints) {
    errs.push(required("spec.matchConstraints"));
  } else {
    errs.push(...validateMatchResources(spec.matchConstraints, "spec.matchConstraints"));
    if ((spec.matchConstraints.resourceRules ?? []).length === 0) errs.push(required("spec.matchConstraints.resourceRules"));
    if (operationCheck) errs.push(...operationCheck(spec.matchConstraints.resourceRules, "spec.matchConstraints.resourceRules.operations"));
  }
  errs.push(...validateMatchConditions(spec.matchConditions ?? [], "spec.matchConditions"));
  (spec.variables ?? []).forEach((v, i) => errs.push(...validateVariable(v, `spec.variables[${i}]`)));
  return errs;
}

/** Validates a defaulted MutatingAdmissionPolicy. */
export function validatePolicy(p: DecodedObject<PolicySpecInput>): FieldError[] {
  const spec = p.spec;
  const errs = validateObjectName(p.name, p.generateName);
  errs.push(...validatePolicySpecBase(spec, validateMutatingOperations));
  const mutations = spec.mutations ?? [];
  if (mutations.length === 0) errs.push(required("spec.mutations", "mutations must contain at least one item"));
  mutations.forEach((m, i) => errs.push(...validateMutation(m, `spec.mutations[${i}]`)));
  if (spec.reinvocationPolicy === undefined || spec.reinvocationPolicy === "") errs.push(required("spec.reinvocationPolicy", "", ["IfNeeded", "Never"]));
  else if (spec.reinvocationPolicy !== "Never" && spec.reinvocationPolicy !== "IfNeeded") {
    errs.push(notSupported("spec.reinvocationPolicy", spec.reinvocationPolicy, ["IfNeeded", "Never"]));
  }
  return errs;
}

/** Splits `group/version` or `version` (apiserver `parseGroupVersion`). */
export function parseGroupVersion(gv: string): { group: string; version: string } | { error: string } {
  if (gv === "" || gv === "/") return { group: "", version: "" };
  const parts = gv.split("/");
  if (parts.length === 1) return { group: "", version: gv };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  return { error: `unexpected GroupVersion string: ${gv}` };
}

function validateParamKind(pk: ParamKindInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = pk.apiVersion ?? "";
  const kind = pk.kind ?? "";
  if (apiVersion === "") {
    errs.push(required(`${path}.apiVersion`));
  } else {
    const gv = parseGroupVersion(apiVersion);
    if ("error" in gv) {
      errs.push(invalid(`${path}.apiVersion`, apiVersion, gv.error));
    } else {
      if (gv.group !== "") {
        const m = isDNS1123Subdomain(gv.group);
        if (m.length > 0) errs.push(invalid(`${path}.apiVersion`, gv.group, m.join(",")));
      }
      if (gv.version === "") {
        errs.push(invalid(`${path}.apiVersion`, apiVersion, "version must be specified"));
      } else {
        const m = isDNS1035Label(gv.version);
        if (m.length > 0) errs.push(invalid(`${path}.apiVersion`, gv.version, m.join(",")));
      }
    }
  }
  if (kind === "") {
    errs.push(required(`${path}.kind`));
  } else {
    const m = isDNS1035Label(kind.toLowerCase());
    if (m.length > 0) errs.push(invalid(`${path}.kind`, kind, "may have mixed case, but should otherwise match: " + m.join(",")));
  }
  return errs;
}

function validateMatchConditions(conds: NamedExpressionInput[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (conds.length > maxMatchConditions) errs.push(tooMany(path, conds.length, maxMatchConditions));
  const names = new Set<string>();
  conds.forEach((c, i) => {
    const p = `${path}[${i}]`;
    if ((c.expression ?? "").trim() === "") errs.push(required(`${p}.expression`));
    const name = c.name ?? "";
    if (name === "") {
      errs.push(required(`${p}.name`));
      return;
    }
    for (const m of isLabelKey(name)) errs.push(invalid(`${p}.name`, name, m));
    if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
    else names.add(name);
  });
  return errs;
}

function validateVariable(v: NamedExpressionInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = v.name ?? "";
  if (name.trim() === "") errs.push(required(`${path}.name`, "name is not specified"));
  else if (!celIdent.test(name) || celReserved.has(name)) {
    errs.push(invalid(`${path}.name`, name, "must be a valid CEL identifier"));
  }
  if ((v.expression ?? "").trim() === "") errs.push(required(`${path}.expression`, "expression is not specified"));
  return errs;
}

function validateMutation(m: MutationInput, path: string): FieldError[] {
  const pt = m.patchType ?? "";
  if (pt === "") return [required(`${path}.patchType`, "", ["ApplyConfiguration", "JSONPatch"])];
  const errs: FieldError[] = [];
  if (pt === "JSONPatch" || pt === "ApplyConfiguration") {
    const own = pt === "JSONPatch" ? "jsonPatch" : "applyConfiguration";
    const other = pt === "JSONPatch" ? "applyConfiguration" : "jsonPatch";
    const member = m[own];
    if (member === undefined) errs.push(required(`${path}.${own}`, `must be specified when patchType is ${pt}`));
    else if ((member.expression ?? "").trim() === "") errs.push(required(`${path}.${own}.expression`));
    if (m[other] !== undefined) {
      errs.push(invalid(`${path}.${other}`, `{${other}}`, `must not be specified when patchType is ${pt}`));
    }
  } else {
    errs.push(notSupported(`${path}.patchType`, pt, ["ApplyConfiguration", "JSONPatch"]));
  }
  return errs;
}

/** The checks every binding kind shares: name, policyName, paramRef, matchResources. */
export function validateBindingBase(b: DecodedObject<BindingSpecInput>): FieldError[] {
  const spec = b.spec;
  const errs = validateObjectName(b.name, b.generateName);
  const policyName = spec.policyName ?? "";
  if (policyName === "") errs.push(required("spec.policyName"));
  else errs.push(...isDNS1123Subdomain(policyName).map((m) => invalid("spec.policyName", policyName, m)));
  if (spec.paramRef) errs.push(...validateParamRef(spec.paramRef, "spec.paramRef"));
  errs.push(...validateMatchResources(spec.matchResources, "spec.matchResources"));
  return errs;
}

/** Validates a defaulted MutatingAdmissionPolicyBinding. */
export function validateBinding(b: DecodedObject<BindingSpecInput>): FieldError[] {
  const errs = validateBindingBase(b);
  if (b.spec.matchResources) {
    errs.push(...validateMutatingOperations(b.spec.matchResources.resourceRules, "spec.matchResources.resourceRules.operations"));
  }
  return errs;
}

/** `validateParamRef`: name or selector (not both), parameterNotFoundAction required. */
function validateParamRef(pr: ParamRefInput, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = pr.name ?? "";
  if (name !== "") {
    for (const m of isPathSegmentName(name)) errs.push(invalid(`${path}.name`, name, m));
    if (pr.selector) errs.push(forbidden(`${path}.name`, "name and selector are mutually exclusive"));
  }
  if (pr.selector) {
    errs.push(...validateLabelSelector(pr.selector, `${path}.selector`));
    if (name !== "") errs.push(forbidden(`${path}.selector`, "name and selector are mutually exclusive"));
  }
  if (name === "" && !pr.selector) errs.push(required(path, "one of name or selector must be specified"));
  const action = pr.parameterNotFoundAction ?? "";
  if (action === "") errs.push(required(`${path}.parameterNotFoundAction`, "", ["Deny", "Allow"]));
  else if (action !== "Deny" && action !== "Allow") {
    errs.push(notSupported(`${path}.parameterNotFoundAction`, action, ["Deny", "Allow"]));
  }
  return errs;
}
