// The fields of a MutationConfig `spec` (fn.kmutate.dev/v1alpha1) as one table: the validator
// walks it, and tests check it against krm/function-config.schema.json.
import type { AuthorizerDecision, Operation, ResultsMode, ValidationMode } from "../admission/index.js";
import type { Defaulting, ViewMode } from "../view/index.js";

/** The shape of one config field. */
export type FieldSpec =
  | { type: "string"; minLength?: number }
  | { type: "boolean" }
  | { type: "integer"; minimum: number }
  | { type: "enum"; values: readonly string[] }
  | { type: "stringList" }
  | { type: "stringListMap" }
  | { type: "object"; fields: Readonly<Record<string, FieldSpec>> };

/** API version of the typed functionConfig. */
export const MUTATION_CONFIG_API_VERSION = "fn.kmutate.dev/v1alpha1";
/** Kind of the typed functionConfig. */
export const MUTATION_CONFIG_KIND = "MutationConfig";

/** Allowed operations (`spec.operation`). */
export const operations = ["CREATE", "UPDATE", "DELETE"] as const satisfies readonly Operation[];
/** Allowed ValidatingAdmissionPolicy modes (`spec.validation`). */
export const validationModes = ["Enforce", "Warn", "Off"] as const satisfies readonly ValidationMode[];
/** Allowed authorizer decisions (`spec.authorizer.decision`). */
export const decisions = ["NoOpinion", "Allow", "Deny"] as const satisfies readonly AuthorizerDecision[];

/** Allowed result attributions (`spec.results`). */
export const resultsModes = ["invocations", "objects"] as const satisfies readonly ResultsMode[];

/** Allowed views (`spec.view`). */
export const viewModes = ["server", "raw"] as const satisfies readonly ViewMode[];
/** Allowed defaulting (`spec.defaulting`). */
export const defaultings = ["none", "builtin"] as const satisfies readonly Defaulting[];

/** Every field of `spec`. */
export const specFields = {
  operation: { type: "enum", values: operations },
  userInfo: {
    type: "object",
    fields: {
      username: { type: "string" },
      uid: { type: "string" },
      groups: { type: "stringList" },
      extra: { type: "stringListMap" },
    },
  },
  dryRun: { type: "boolean" },
  defaultNamespace: { type: "string", minLength: 1 },
  authorizer: { type: "object", fields: { decision: { type: "enum", values: decisions } } },
  strict: { type: "boolean" },
  view: { type: "enum", values: viewModes },
  defaulting: { type: "enum", values: defaultings },
  validation: { type: "enum", values: validationModes },
  results: { type: "enum", values: resultsModes },
  oldObjectsPath: { type: "string", minLength: 1 },
  openapiPaths: { type: "stringList" },
  limits: {
    type: "object",
    fields: {
      costPerCall: { type: "integer", minimum: 1 },
      costPerMutation: { type: "integer", minimum: 1 },
      costPerMatchConditions: { type: "integer", minimum: 1 },
      costPerValidation: { type: "integer", minimum: 1 },
      jsonPatchCopyBytes: { type: "integer", minimum: 0 },
      maxExpressionLength: { type: "integer", minimum: 1 },
      maxExpressionDepth: { type: "integer", minimum: 1 },
      maxItems: { type: "integer", minimum: 0 },
      objectTimeoutSeconds: { type: "integer", minimum: 1 },
      runTimeoutSeconds: { type: "integer", minimum: 1 },
    },
  },
} as const satisfies Record<string, FieldSpec>;

/**
 * ConfigMap `data` keys (string values) and the spec path each one sets. `groups` is
 * comma-separated; `extra` is `key=v1,v2;key2=v3`; booleans are `"true"` / `"false"`.
 */
export const configMapKeys = {
  operation: "operation",
  username: "userInfo.username",
  uid: "userInfo.uid",
  groups: "userInfo.groups",
  extra: "userInfo.extra",
  dryRun: "dryRun",
  defaultNamespace: "defaultNamespace",
  authorizer: "authorizer.decision",
  strict: "strict",
  view: "view",
  defaulting: "defaulting",
  validation: "validation",
  results: "results",
  oldObjectsPath: "oldObjectsPath",
  openapiPaths: "openapiPaths",
} as const satisfies Record<string, string>;
