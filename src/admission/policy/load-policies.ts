// Finds admission policies and bindings of both kinds (Mutating and Validating, v1alpha1 /
// v1beta1 / v1, also inside their `…List` kinds) among the ResourceList items, decodes, defaults
// and validates them, and converts the valid ones into the internal model. Invalid objects are
// reported as problems and left out.
import { getString, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { decodeObject } from "./decode-policy.js";
import { aggregateText, fieldErrorHint, fieldErrorText, goQuote, type FieldError } from "./field-error.js";
import { defaultBindingSpec, defaultPolicySpec } from "./policy-defaults.js";
import type {
  BindingSpecInput, DecodedObject, PolicySpecInput, ValidatingBindingSpecInput, ValidatingPolicySpecInput,
} from "./policy-inputs.js";
import type { BindingModel, ItemRef, PolicyModel, ValidatingBindingModel, ValidatingPolicyModel } from "./policy-model.js";
import { toBindingModel, toPolicyModel, toValidatingBindingModel, toValidatingPolicyModel, type ModelOrigin } from "./to-model.js";
import { parseGroupVersion, validateBinding, validatePolicy } from "./validate-policy.js";
import { validateValidatingBinding, validateValidatingPolicy } from "./validate-validating-policy.js";

/** The API group of admission policies. */
export const admissionGroup = "admissionregistration.k8s.io";
/** API versions that serve both policy kinds (the same JSON shape in all three). */
export const policyVersions = ["v1alpha1", "v1beta1", "v1"] as const;

/** What went wrong with one policy or binding object. */
export interface LoadProblem {
  /** `decode`: not decodable (wrong types, unknown fields); `invalid`: failed validation;
   * `duplicate`: a second object with the same name; `version`: API version not served. */
  code: "decode" | "invalid" | "duplicate" | "version";
  source: ItemRef;
  kind: "MutatingAdmissionPolicy" | "MutatingAdmissionPolicyBinding" | "ValidatingAdmissionPolicy" | "ValidatingAdmissionPolicyBinding";
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
  /** MutatingAdmissionPolicies. */
  policies: PolicyModel[];
  /** MutatingAdmissionPolicyBindings. */
  bindings: BindingModel[];
  validatingPolicies: ValidatingPolicyModel[];
  validatingBindings: ValidatingBindingModel[];
  problems: LoadProblem[];
}

type Kind = LoadProblem["kind"];
const kinds: Record<string, { kind: Kind; list: boolean }> = {
  MutatingAdmissionPolicy: { kind: "MutatingAdmissionPolicy", list: false },
  MutatingAdmissionPolicyList: { kind: "MutatingAdmissionPolicy", list: true },
  MutatingAdmissionPolicyBinding: { kind: "MutatingAdmissionPolicyBinding", list: false },
  MutatingAdmissionPolicyBindingList: { kind: "MutatingAdmissionPolicyBinding", list: true },
  ValidatingAdmissionPolicy: { kind: "ValidatingAdmissionPolicy", list: false },
  ValidatingAdmissionPolicyList: { kind: "ValidatingAdmissionPolicy", list: true },
  ValidatingAdmissionPolicyBinding: { kind: "ValidatingAdmissionPolicyBinding", list: false },
  ValidatingAdmissionPolicyBindingList: { kind: "ValidatingAdmissionPolicyBinding", list: true },
};

/**
 * True when the item is a Mutating/ValidatingAdmissionPolicy(Binding) or one of their Lists, in
 * any version of `admissionregistration.k8s.io` (served or not).
 */
export function isPolicyItem(item: JsonObject): boolean {
  const gv = parseGroupVersion(getString(item, "apiVersion") ?? "");
  const kind = getString(item, "kind") ?? "";
  return !("error" in gv) && gv.group === admissionGroup && Object.prototype.hasOwnProperty.call(kinds, kind);
}

/** Loads every policy and binding among `items` (other items are ignored). */
export function loadPolicies(items: readonly JsonObject[]): LoadedPolicies {
  const out: LoadedPolicies = { policies: [], bindings: [], validatingPolicies: [], validatingBindings: [], problems: [] };
  const seen: Record<Kind, Set<string>> = {
    MutatingAdmissionPolicy: new Set(), MutatingAdmissionPolicyBinding: new Set(), ValidatingAdmissionPolicy: new Set(), ValidatingAdmissionPolicyBinding: new Set(),
  };
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
      loadOne(item, { kind: info.kind, apiVersion, version, source: { index }, out, seen: seen[info.kind] });
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
      loadOne(member, { kind: info.kind, apiVersion, version, source, out, seen: seen[info.kind] });
    });
  });
  return out;
}

/** One kind's load steps: decode → defaults → validation → model. */
interface KindSteps<S> {
  defaults(spec: S, version: string): void;
  validate(d: DecodedObject<S>): FieldError[];
  add(out: LoadedPolicies, origin: ModelOrigin, spec: S): void;
  /** The REST resource (for `already exists`). */
  resource: string;
}

const mapSteps: KindSteps<PolicySpecInput> = {
  defaults: defaultPolicySpec, validate: validatePolicy, resource: "mutatingadmissionpolicies",
  add: (out, o, s) => void out.policies.push(toPolicyModel(o, s)),
};
const mapBindingSteps: KindSteps<BindingSpecInput> = {
  defaults: defaultBindingSpec, validate: validateBinding, resource: "mutatingadmissionpolicybindings",
  add: (out, o, s) => void out.bindings.push(toBindingModel(o, s)),
};
const vapSteps: KindSteps<ValidatingPolicySpecInput> = {
  defaults: defaultPolicySpec, validate: validateValidatingPolicy, resource: "validatingadmissionpolicies",
  add: (out, o, s) => void out.validatingPolicies.push(toValidatingPolicyModel(o, s)),
};
const vapBindingSteps: KindSteps<ValidatingBindingSpecInput> = {
  defaults: defaultBindingSpec, validate: validateValidatingBinding, resource: "validatingadmissionpolicybindings",
  add: (out, o, s) => void out.validatingBindings.push(toValidatingBindingModel(o, s)),
};

/** Where one object is loaded from, and into what. */
interface LoadTarget {
  kind: Kind;
  apiVersion: string;
  version: string;
  source: ItemRef;
  out: LoadedPolicies;
  seen: Set<string>;
}

function loadOne(obj: JsonObject, t: LoadTarget): void {
  switch (t.kind) {
    case "MutatingAdmissionPolicy": return loadWith(obj, t, mapSteps);
    case "MutatingAdmissionPolicyBinding": return loadWith(obj, t, mapBindingSteps);
    case "ValidatingAdmissionPolicy": return loadWith(obj, t, vapSteps);
    case "ValidatingAdmissionPolicyBinding": return loadWith(obj, t, vapBindingSteps);
  }
}

function loadWith<S>(obj: JsonObject, t: LoadTarget, step: KindSteps<S>): void {
  const { kind, version, source, out, seen } = t;
  const name = getString(obj, "metadata", "name") ?? "";
  const problem = (p: Omit<LoadProblem, "source" | "kind" | "name">): void => void out.problems.push({ source, kind, name, ...p });
  const d = decodeObject<S>(obj, kind, version);
  if ("error" in d) {
    return problem({ code: "decode", message: `${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: ${d.error}` });
  }
  step.defaults(d.object.spec, version);
  const errs = step.validate(d.object);
  for (const e of errs) problem({ code: "invalid", field: e.field, message: fieldErrorText(e) + fieldErrorHint(e) });
  if (errs.length > 0) return;
  if (seen.has(name)) return problem({ code: "duplicate", message: `${step.resource}.${admissionGroup} ${goQuote(name)} already exists` });
  seen.add(name);
  step.add(out, { name, apiVersion: t.apiVersion, source }, d.object.spec);
}

/**
 * The apiserver's rejection text for one object from its `invalid` problems:
 * `MutatingAdmissionPolicy.admissionregistration.k8s.io "p1" is invalid: [a, b]`.
 */
export function invalidObjectMessage(kind: Kind, name: string, fieldErrors: readonly string[]): string {
  return `${kind}.${admissionGroup} ${goQuote(name)} is invalid: ${aggregateText(fieldErrors)}`;
}
