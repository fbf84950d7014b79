// One CEL expression evaluated as `kmutate eval` does: compiled in the Kubernetes 1.36
// MutatingAdmissionPolicy environment (or that of one ValidatingAdmissionPolicy field), with `object`, `oldObject`, `params`, `namespaceObject`,
// `request` and `authorizer` bound as admission binds them; the result as JSON or cel-go's error text.
import { buildRequest, expressionEnv, identify, offlineAuthorizer, returnTypeError, validationFields, type ValidationField } from "../admission/index.js";
import {
  authorizerValue, compile, formatIssue, fromJson, isCelError, requestResourceValue, toJson, type Activation, type CelValue,
} from "../cel/index.js";
import { getString, goJsonRoundTrip, isObject, type JsonObject, type JsonValue } from "../data/index.js";
import { writeJson } from "../krm/index.js";
import { createSchemaRegistry } from "../schema/index.js";

/** The variables of one evaluation (objects already read). */
export interface ExpressionInputs {
  /** `object`. Default: null. */
  object?: JsonObject | null;
  /** `oldObject`; its presence makes the default request an UPDATE. Default: null. */
  oldObject?: JsonObject | null;
  /** `params`, declared only when not undefined. Default: undefined (`params` undeclared). */
  params?: JsonObject | null;
  /** `namespaceObject`. Default: null. */
  namespaceObject?: JsonObject | null;
  /** `request`. Default: built from the object like admission does (CREATE, or UPDATE with an old object). */
  request?: JsonObject | null;
  /** Declare `Object`, `JSONPatch` and `jsonpatch.escapeKey` (mutation expressions). Default: false. */
  mutation?: boolean;
  /**
   * Compile as this ValidatingAdmissionPolicy field does: its return type is checked, and
   * `authorizer` is undeclared (messageExpression) or unbound (valueExpression). Default: none.
   */
  validation?: ValidationField;
}

/** The fields {@link ExpressionInputs.validation} accepts. */
export const validationFieldNames = Object.keys(validationFields) as ValidationField[];

/** The value as JSON text (what `eval` prints), or the compile or runtime error in cel-go's format. */
export type ExpressionOutcome = { ok: true; value: JsonValue; text: string } | { ok: false; message: string };

/** A CEL value as JSON the way a JSON patch value ends up in an object (integral doubles as ints). */
export function evalResultJson(v: CelValue): { ok: true; value: JsonValue } | { ok: false; message: string } {
  const j = toJson(v);
  if (isCelError(j)) return { ok: false, message: j.message };
  return { ok: true, value: goJsonRoundTrip(j) };
}

/** The request admission would build for `object` (CREATE, or UPDATE when an old object is given). */
function defaultRequest(object: JsonObject | null, oldObject: JsonObject | null): JsonObject {
  const subject = object ?? oldObject;
  const id = subject ? identify(subject, createSchemaRegistry().registry) : undefined;
  const kind = { group: id?.group ?? "", version: id?.version ?? "", kind: id?.kind ?? "" };
  const resource = { group: id?.group ?? "", version: id?.version ?? "", resource: subject ? id?.resource ?? "" : "" };
  return buildRequest({
    kind, resource, requestKind: kind, requestResource: resource, subResource: "",
    name: subject ? getString(subject, "metadata", "name") ?? "" : "",
    namespace: subject ? getString(subject, "metadata", "namespace") ?? "" : "",
    operation: oldObject ? "UPDATE" : "CREATE", userInfo: {}, dryRun: false,
  });
}

/** Compiles and evaluates `expression` against `inputs`. Never throws on bad input. */
export function evaluateExpression(expression: string, inputs: ExpressionInputs): ExpressionOutcome {
  const field = inputs.validation !== undefined ? validationFields[inputs.validation] : undefined;
  const env = expressionEnv(inputs.params !== undefined, inputs.mutation === true, undefined, field?.authorizer !== "undeclared");
  const compiled = compile(env, expression);
  if (!compiled.ok) return { ok: false, message: compiled.message };
  const wrongType = field ? returnTypeError(compiled.type, field.expected) : undefined;
  if (wrongType !== undefined) return { ok: false, message: `ERROR: <input>: ${wrongType}` };
  const object = inputs.object ?? null;
  const oldObject = inputs.oldObject ?? null;
  const request = inputs.request ?? defaultRequest(object, oldObject);
  const userInfo = isObject(request.userInfo) ? request.userInfo : {};
  const groups = Array.isArray(userInfo.groups) ? userInfo.groups.filter((g): g is string => typeof g === "string") : [];
  const user = { username: typeof userInfo.username === "string" ? userInfo.username : "", groups };
  const authorizer = offlineAuthorizer("NoOpinion");
  const act: Record<string, CelValue> = {
    object: fromJson(object),
    oldObject: fromJson(oldObject),
    request: fromJson(request),
    namespaceObject: fromJson(inputs.namespaceObject ?? null),
  };
  if (field === undefined || field.authorizer === "bound") {
    act.authorizer = authorizerValue(authorizer, user);
    act["authorizer.requestResource"] = requestResourceValue(authorizer, user, {
      group: getString(request, "resource", "group") ?? "",
      resource: getString(request, "resource", "resource") ?? "",
      subresource: getString(request, "subResource") ?? "",
      namespace: getString(request, "namespace") ?? "",
      name: getString(request, "name") ?? "",
    });
  }
  if (inputs.params !== undefined) act.params = fromJson(inputs.params);
  const r = compiled.program.eval(act as Activation);
  if (r.error) {
    const offset = compiled.parsed.sourceInfo.positions.get(r.error.exprId);
    return { ok: false, message: offset === undefined ? `ERROR: <input>: ${r.error.message}` : formatIssue(expression, { message: r.error.message, offset }) };
  }
  const j = evalResultJson(r.value);
  if (!j.ok) return { ok: false, message: `ERROR: <input>: ${j.message}` };
  const out = writeJson(j.value);
  if (!out.ok) return { ok: false, message: `ERROR: <input>: ${out.error.message}` };
  return { ok: true, value: j.value, text: out.text };
}
