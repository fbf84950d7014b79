// Decodes MutatingAdmissionPolicy / …Binding manifests into typed inputs the way the apiserver's
// strict JSON decoder would: wrong JSON types and unknown fields are errors; `null` means unset.
// Go type names in messages follow k8s.io/api (alias subtleties between versions are ignored).
import { isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { JsonFloat } from "../../data/index.js";
import type { LabelSelectorSpec } from "./policy-model.js";

/** A rule as written (`NamedRuleWithOperations`). */
export interface RuleInput {
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  operations?: string[];
  scope?: string;
  resourceNames?: string[];
}

/** `MatchResources` as written. */
export interface MatchResourcesInput {
  namespaceSelector?: LabelSelectorSpec;
  objectSelector?: LabelSelectorSpec;
  resourceRules?: RuleInput[];
  excludeResourceRules?: RuleInput[];
  matchPolicy?: string;
}

/** A `{name, expression}` entry as written. */
export interface NamedExpressionInput {
  name?: string;
  expression?: string;
}

/** A mutation as written. */
export interface MutationInput {
  patchType?: string;
  applyConfiguration?: { expression?: string };
  jsonPatch?: { expression?: string };
}

/** `MutatingAdmissionPolicySpec` as written. */
export interface PolicySpecInput {
  paramKind?: { apiVersion?: string; kind?: string };
  matchConstraints?: MatchResourcesInput;
  variables?: NamedExpressionInput[];
  mutations?: MutationInput[];
  failurePolicy?: string;
  matchConditions?: NamedExpressionInput[];
  reinvocationPolicy?: string;
}

/** `ParamRef` as written. */
export interface ParamRefInput {
  name?: string;
  namespace?: string;
  selector?: LabelSelectorSpec;
  parameterNotFoundAction?: string;
}

/** `MutatingAdmissionPolicyBindingSpec` as written. */
export interface BindingSpecInput {
  policyName?: string;
  paramRef?: ParamRefInput;
  matchResources?: MatchResourcesInput;
}

/** A decoded object: its metadata name fields and its spec. */
export interface DecodedObject<S> {
  name: string;
  generateName: string;
  spec: S;
}

type Shape =
  | { t: "string"; go: string }
  | { t: "stringList"; go: string }
  | { t: "stringMap"; go: string }
  | { t: "struct"; go: string; name: string; fields: Record<string, Shape>; open?: boolean }
  | { t: "list"; go: string; of: Shape };

function shapes(pkg: string): { policy: Shape; binding: Shape } {
  const s = (go: string): Shape => ({ t: "string", go });
  const strs = (go: string): Shape => ({ t: "stringList", go });
  const selector: Shape = {
    t: "struct",
    go: "*v1.LabelSelector",
    name: "LabelSelector",
    fields: {
      matchLabels: { t: "stringMap", go: "map[string]string" },
      matchExpressions: {
        t: "list",
        go: "[]v1.LabelSelectorRequirement",
        of: {
          t: "struct",
          go: "v1.LabelSelectorRequirement",
          name: "LabelSelectorRequirement",
          fields: { key: s("string"), operator: s("v1.LabelSelectorOperator"), values: strs("[]string") },
        },
      },
    },
  };
  const rule: Shape = {
    t: "struct",
    go: `${pkg}.NamedRuleWithOperations`,
    name: "NamedRuleWithOperations",
    fields: {
      resourceNames: strs("[]string"),
      operations: strs(`[]v1.OperationType`),
      apiGroups: strs("[]string"),
      apiVersions: strs("[]string"),
      resources: strs("[]string"),
      scope: s("v1.ScopeType"),
    },
  };
  const matchResources: Shape = {
    t: "struct",
    go: `*${pkg}.MatchResources`,
    name: "MatchResources",
    fields: {
      namespaceSelector: selector,
      objectSelector: selector,
      resourceRules: { t: "list", go: `[]${pkg}.NamedRuleWithOperations`, of: rule },
      excludeResourceRules: { t: "list", go: `[]${pkg}.NamedRuleWithOperations`, of: rule },
      matchPolicy: s(`${pkg}.MatchPolicyType`),
    },
  };
  const named = (name: string): Shape => ({
    t: "struct",
    go: `${pkg}.${name}`,
    name,
    fields: { name: s("string"), expression: s("string") },
  });
  const expr = (name: string): Shape => ({ t: "struct", go: `*${pkg}.${name}`, name, fields: { expression: s("string") } });
  const metadata: Shape = { t: "struct", go: "v1.ObjectMeta", name: "ObjectMeta", fields: { name: s("string"), generateName: s("string") }, open: true };
  const top = (name: string, spec: Shape): Shape => ({
    t: "struct",
    go: `${pkg}.${name}`,
    name,
    fields: { apiVersion: s("string"), kind: s("string"), metadata, spec },
  });
  const policySpec: Shape = {
    t: "struct",
    go: `${pkg}.MutatingAdmissionPolicySpec`,
    name: "MutatingAdmissionPolicySpec",
    fields: {
      paramKind: { t: "struct", go: `*${pkg}.ParamKind`, name: "ParamKind", fields: { apiVersion: s("string"), kind: s("string") } },
      matchConstraints: matchResources,
      variables: { t: "list", go: `[]${pkg}.Variable`, of: named("Variable") },
      mutations: {
        t: "list",
        go: `[]${pkg}.Mutation`,
        of: {
          t: "struct",
          go: `${pkg}.Mutation`,
          name: "Mutation",
          fields: {
            patchType: s(`${pkg}.PatchType`),
            applyConfiguration: expr("ApplyConfiguration"),
            jsonPatch: expr("JSONPatch"),
          },
        },
      },
      failurePolicy: s(`${pkg}.FailurePolicyType`),
      matchConditions: { t: "list", go: `[]${pkg}.MatchCondition`, of: named("MatchCondition") },
      reinvocationPolicy: s(`${pkg}.ReinvocationPolicyType`),
    },
  };
  const bindingSpec: Shape = {
    t: "struct",
    go: `${pkg}.MutatingAdmissionPolicyBindingSpec`,
    name: "MutatingAdmissionPolicyBindingSpec",
    fields: {
      policyName: s("string"),
      paramRef: {
        t: "struct",
        go: `*${pkg}.ParamRef`,
        name: "ParamRef",
        fields: {
          name: s("string"),
          namespace: s("string"),
          selector: selector,
          parameterNotFoundAction: s(`${pkg}.ParameterNotFoundActionType`),
        },
      },
      matchResources,
    },
  };
  return { policy: top("MutatingAdmissionPolicy", policySpec), binding: top("MutatingAdmissionPolicyBinding", bindingSpec) };
}

interface Ctx {
  typeError?: string;
  unknown: string[];
}

function jsonTypeName(v: JsonValue): string {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number" || typeof v === "bigint" || v instanceof JsonFloat) return "number";
  if (Array.isArray(v)) return "array";
  return "object";
}

function decode(v: JsonValue, shape: Shape, path: string, goPath: string, parent: string, ctx: Ctx): unknown {
  if (v === null) return undefined;
  const mismatch = (): undefined => {
    ctx.typeError ??= `json: cannot unmarshal ${jsonTypeName(v)} into Go struct field ${parent}.${goPath} of type ${shape.go.replace(/^\*/, "")}`;
    return undefined;
  };
  switch (shape.t) {
    case "string":
      return typeof v === "string" ? v : mismatch();
    case "stringList": {
      if (!Array.isArray(v)) return mismatch();
      const out: string[] = [];
      for (const x of v) {
        if (x === null) out.push("");
        else if (typeof x === "string") out.push(x);
        else {
          ctx.typeError ??= `json: cannot unmarshal ${jsonTypeName(x)} into Go struct field ${parent}.${goPath} of type ${shape.go.slice(2)}`;
        }
      }
      return out;
    }
    case "stringMap": {
      if (!isObject(v)) return mismatch();
      const out: Record<string, string> = {};
      for (const k of Object.keys(v)) {
        const x = v[k];
        if (typeof x === "string") Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
        else if (x !== null) ctx.typeError ??= `json: cannot unmarshal ${jsonTypeName(x)} into Go struct field ${parent}.${goPath} of type string`;
        else Object.defineProperty(out, k, { value: "", enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case "list": {
      if (!Array.isArray(v)) return mismatch();
      return v.map((x, i) => decode(x, shape.of, `${path}[${i}]`, goPath, parent, ctx) ?? zero(shape.of));
    }
    case "struct": {
      if (!isObject(v)) return mismatch();
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const f = Object.prototype.hasOwnProperty.call(shape.fields, k) ? shape.fields[k] : undefined;
        const p = path ? `${path}.${k}` : k;
        if (!f) {
          if (!shape.open) ctx.unknown.push(p);
          continue;
        }
        const d = decode(v[k], f, p, goPath ? `${goPath}.${k}` : k, shape.name, ctx);
        if (d !== undefined) out[k] = d;
      }
      return out;
    }
  }
}

function zero(shape: Shape): unknown {
  return shape.t === "struct" ? {} : shape.t === "string" ? "" : [];
}

/** Result of decoding one manifest: the typed object, or the decoder's error text. */
export type DecodeResult<S> = { object: DecodedObject<S> } | { error: string };

function decodeTop<S>(obj: JsonObject, which: "policy" | "binding", version: string): DecodeResult<S> {
  const shape = shapes(version)[which];
  const ctx: Ctx = { unknown: [] };
  const out = decode(obj, shape, "", "", shape.t === "struct" ? shape.name : "", ctx) as { metadata?: { name?: string; generateName?: string }; spec?: S };
  if (ctx.typeError) return { error: ctx.typeError };
  if (ctx.unknown.length > 0) {
    return { error: "strict decoding error: " + ctx.unknown.map((u) => `unknown field ${JSON.stringify(u)}`).join(", ") };
  }
  return {
    object: {
      name: out.metadata?.name ?? "",
      generateName: out.metadata?.generateName ?? "",
      spec: out.spec ?? ({} as S),
    },
  };
}

/** Decodes a MutatingAdmissionPolicy manifest written in API version `version` (`v1`, …). */
export function decodePolicy(obj: JsonObject, version: string): DecodeResult<PolicySpecInput> {
  return decodeTop<PolicySpecInput>(obj, "policy", version);
}

/** Decodes a MutatingAdmissionPolicyBinding manifest written in API version `version`. */
export function decodeBinding(obj: JsonObject, version: string): DecodeResult<BindingSpecInput> {
  return decodeTop<BindingSpecInput>(obj, "binding", version);
}
