// One invocation of a policy for one object: the (policy, binding, param) tuple the selector
// produced, in dispatch order (policy name, binding name, param namespace/name), and its key.
import type { JsonObject } from "../../data/index.js";
import type { BindingModel } from "../policy/index.js";
import type { GroupVersionKind, GroupVersionResource } from "./request.js";

/** A selected (policy, binding, param) tuple. */
export interface Invocation<P, B extends BindingModel = BindingModel> {
  /** The compiled policy. */
  policy: P;
  /** The binding (of the policy's kind). */
  binding: B;
  policyName: string;
  bindingName: string;
  /** The param object, or null (paramKind without paramRef), or undefined (no paramKind). */
  param: JsonObject | null | undefined;
  /** `namespace/name` of the param (for tags and the reinvocation key). */
  paramKey?: string;
  /** The reinvocation key (policy, binding, param), memoised by the invoker. */
  key?: string;
  /** The matched kind and resource (reported as `request.kind` / `request.resource`). */
  kind: GroupVersionKind;
  resource: GroupVersionResource;
}

/**
 * Key of an invocation: policy, binding and param identity (mutation index ignored). Unambiguous:
 * policy and binding names are validated object names, which cannot hold a newline.
 */
export function invocationKey(policy: string, binding: string, param: string | undefined): string {
  return `${policy}\n${binding}\n${param ?? ""}`;
}
