// Finds MutatingAdmissionPolicies and bindings (v1alpha1 / v1beta1 / v1, also inside their `…List`
// kinds) among the ResourceList items, decodes, defaults and validates them, and converts the
// valid ones into the internal model. Invalid objects are reported as problems and left out.
import { getString, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { decodeBinding, decodePolicy, type MatchResourcesInput, type RuleInput } from "./decode-policy.js";
import { aggregateText, fieldErrorHint, fieldErrorText, goQuote } from "./field-error.js";
import { defaultBindingSpec, defaultPolicySpec } from "./policy-defaults.js";
import type {
  BindingModel, ItemRef, MatchPolicy, MatchResourcesModel, ParameterNotFoundAction, PolicyModel, RuleModel, RuleScope,
} from "./policy-model.js";
import { parseGroupVersion, validateBinding, validatePolicy } from "./validate-policy.js";

/** The API group of admission policies. */
export const admissionGroup = "admissionregistration.k8s.io";
/** API versions that serve MutatingAdmissionPolicy (same JSON shape in all three). */
export const policyVersions = ["v1alpha1", "v1beta1", "v1"] as const;

/** What went wrong with one policy or binding object. */
export interface LoadProblem {
  /** `decode`: not decodable (wrong types, unknown fields); `invalid`: failed validation;
   * `duplicate`: a second object with the same name; `version`: API version not served. */
  code: "decode" | "invalid" | "duplicate" | "version";
  source: ItemRef;
  kind: "MutatingAdmissionPolicy" | "MutatingAdmissionPolicyBinding";
  /** Object name ("" when absent). */
  name: string;
  /** Field path for `invalid` problems (e.g. `spec.mutations[0].patchType`). */
  field?: string;
  /**
   * The apiserver's text: a field error (`spec.x: Required value`) or the decode/lookup error; a
   * missing enum value is followed by its supported values (`… (supported values: "A", "B")`).
   */
  message: string;
}

/** Result of {@link loadPolicies}. Policies and bindings keep input order (see `bindPolicies`). */
export interface LoadedPolicies {
  policies: PolicyModel[];
  bindings: BindingModel[];
  problems: LoadProblem[];
}

type Kind = LoadProblem["kind"];
const kinds: Record<string, { kind: Kind; list: boolean }> = {
  MutatingAdmissionPolicy: { kind: "MutatingAdmissionPolicy", list: false },
  MutatingAdmissionPolicyList: { kind: "MutatingAdmissionPolicy", list: true },
  MutatingAdmissionPolicyBinding: { kind: "MutatingAdmissionPolicyBinding", list: false },
  MutatingAdmissionPolicyBindingList: { kind: "MutatingAdmissionPolicyBinding", list: true },
};

/**
 * True when the item is a MutatingAdmissionPolicy(Binding) or one of their Lists, in any
 * version of `admissionregistration.k8s.io` (served or not).
 */
export function isPolicyItem(item: JsonObject): boolean {
  const gv = parseGroupVersion(getString(item, "apiVersion") ?? "");
  const kind = getString(item, "kind") ?? "";
  return !("error" in gv) && gv.group === admissionGroup && Object.prototype.hasOwnProperty.call(kinds, kind);
}

/** Loads every policy and binding among `items` (other items are ignored). */
export function loadPolicies(items: readonly JsonObject[]): LoadedPolicies {
  const out: LoadedPolicies = { policies: [], bindings: [], problems: [] };
  const seen = { MutatingAdmissionPolicy: new Set<string>(), MutatingAdmissionPolicyBinding: new Set<string>() };
  items.forEach((item, index) => {
    if (!isPolicyItem(item)) return;
    const apiVersion = getString(item, "apiVersion") ?? "";
    const info = kinds[getString(item, "kind") ?? ""];
    const version = apiVersion.slice(admissionGroup.length + 1);
    if (!(policyVersions as readonly string[]).includes(version)) {
      out.problems.push({
        code: "version", source: { index }, kind: info.kind, name: getString(item, "metadata", "name") ?? "",
        message: `no matches for kind ${goQuote(getString(item, "kind") ?? "")} in version ${goQuote(apiVersion)}`,
      });
      return;
    }
    if (!info.list) {
      loadOne(item, info.kind, apiVersion, version, { index }, out, seen[info.kind]);
      return;
    }
    const list = isObject(item) ? item.items : undefined;
    if (!Array.isArray(list)) return;
    list.forEach((member: JsonValue, listIndex) => {
      const source = { index, listIndex };
      if (!isObject(member)) {
        out.problems.push({ code: "decode", source, kind: info.kind, name: "", message: `${info.kind}List items[${listIndex}] is not an object` });
        return;
      }
      const mv = getString(member, "apiVersion");
      const mk = getString(member, "kind");
      if ((mv !== undefined && mv !== apiVersion) || (mk !== undefined && mk !== info.kind)) {
        out.problems.push({
          code: "decode", source, kind: info.kind, name: getString(member, "metadata", "name") ?? "",
          message: `${info.kind}List items[${listIndex}] is ${mv ?? apiVersion}, Kind=${mk ?? info.kind}, not ${apiVersion}, Kind=${info.kind}`,
        });
        return;
      }
      loadOne(member, info.kind, apiVersion, version, source, out, seen[info.kind]);
    });
  });
  return out;
}

function loadOne(
  obj: JsonObject, kind: Kind, apiVersion: string, version: string, source: ItemRef, out: LoadedPolicies, seen: Set<string>,
): void {
  const name = getString(obj, "metadata", "name") ?? "";
  const problem = (p: Omit<LoadProblem, "source" | "kind" | "name">): void => void out.problems.push({ source, kind, name, ...p });
  const decodeError = (e: string): void =>
    problem({ code: "decode", message: `${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: ${e}` });
  if (kind === "MutatingAdmissionPolicy") {
    const d = decodePolicy(obj, version);
    if ("error" in d) return decodeError(d.error);
    defaultPolicySpec(d.object.spec);
    const errs = validatePolicy(d.object);
    for (const e of errs) problem({ code: "invalid", field: e.field, message: fieldErrorText(e) + fieldErrorHint(e) });
    if (errs.length > 0) return;
    if (seen.has(name)) return problem({ code: "duplicate", message: alreadyExists("mutatingadmissionpolicies", name) });
    seen.add(name);
    const s = d.object.spec;
    const pk = s.paramKind;
    const gv = pk ? parseGroupVersion(pk.apiVersion ?? "") : undefined;
    out.policies.push({
      name, apiVersion, source,
      ...(pk && gv && !("error" in gv) ? { paramKind: { apiVersion: pk.apiVersion ?? "", group: gv.group, version: gv.version, kind: pk.kind ?? "" } } : {}),
      matchConstraints: toMatchResources(s.matchConstraints ?? {}),
      variables: (s.variables ?? []).map((v, i) => ({ name: v.name ?? "", expression: v.expression ?? "", fieldPath: `spec.variables[${i}].expression` })),
      mutations: (s.mutations ?? []).map((m, i) => {
        const member = m.patchType === "JSONPatch" ? "jsonPatch" : "applyConfiguration";
        return {
          patchType: m.patchType === "JSONPatch" ? "JSONPatch" : "ApplyConfiguration",
          expression: m[member]?.expression ?? "",
          fieldPath: `spec.mutations[${i}].${member}.expression`,
        };
      }),
      failurePolicy: s.failurePolicy === "Ignore" ? "Ignore" : "Fail",
      matchConditions: (s.matchConditions ?? []).map((c, i) => ({ name: c.name ?? "", expression: c.expression ?? "", fieldPath: `spec.matchConditions[${i}].expression` })),
      reinvocationPolicy: s.reinvocationPolicy === "IfNeeded" ? "IfNeeded" : "Never",
    });
    return;
  }
  const d = decodeBinding(obj, version);
  if ("error" in d) return decodeError(d.error);
  defaultBindingSpec(d.object.spec, version);
  const errs = validateBinding(d.object);
  for (const e of errs) problem({ code: "invalid", field: e.field, message: fieldErrorText(e) + fieldErrorHint(e) });
  if (errs.length > 0) return;
  if (seen.has(name)) return problem({ code: "duplicate", message: alreadyExists("mutatingadmissionpolicybindings", name) });
  seen.add(name);
  const s = d.object.spec;
  const pr = s.paramRef;
  out.bindings.push({
    name, apiVersion, source,
    policyName: s.policyName ?? "",
    ...(pr
      ? {
          paramRef: {
            name: pr.name ?? "",
            namespace: pr.namespace ?? "",
            ...(pr.selector ? { selector: pr.selector } : {}),
            ...(pr.parameterNotFoundAction ? { parameterNotFoundAction: pr.parameterNotFoundAction as ParameterNotFoundAction } : {}),
          },
        }
      : {}),
    ...(s.matchResources ? { matchResources: toMatchResources(s.matchResources) } : {}),
  });
}

function alreadyExists(resource: string, name: string): string {
  return `${resource}.${admissionGroup} ${goQuote(name)} already exists`;
}

function toRule(r: RuleInput): RuleModel {
  return {
    apiGroups: r.apiGroups ?? [],
    apiVersions: r.apiVersions ?? [],
    resources: r.resources ?? [],
    operations: r.operations ?? [],
    scope: (r.scope ?? "*") as RuleScope,
    resourceNames: r.resourceNames ?? [],
  };
}

function toMatchResources(mr: MatchResourcesInput): MatchResourcesModel {
  return {
    namespaceSelector: mr.namespaceSelector ?? {},
    objectSelector: mr.objectSelector ?? {},
    resourceRules: (mr.resourceRules ?? []).map(toRule),
    excludeResourceRules: (mr.excludeResourceRules ?? []).map(toRule),
    matchPolicy: (mr.matchPolicy ?? "Equivalent") as MatchPolicy,
  };
}

/**
 * The apiserver's rejection text for one object from its `invalid` problems:
 * `MutatingAdmissionPolicy.admissionregistration.k8s.io "p1" is invalid: [a, b]`.
 */
export function invalidObjectMessage(kind: Kind, name: string, fieldErrors: readonly string[]): string {
  return `${kind}.${admissionGroup} ${goQuote(name)} is invalid: ${aggregateText(fieldErrors)}`;
}
