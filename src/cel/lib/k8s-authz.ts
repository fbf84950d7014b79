// Kubernetes authz library (+ AuthzSelectors): authorizer.path/group/serviceAccount, resource checks,
// check(verb) → Decision, allowed/reason/errored/error. Decisions come from an injected Authorizer.
import type { CelLibrary } from "../types.js";
import { celError, celOpaque, type CelValue, type CelError, type CelOpaque } from "../values/index.js";
import { T, member, actualSize } from "./sig.js";

/** Attributes of one authorization check (as the apiserver's AttributesRecord). */
export interface AuthzAttributes {
  /** The user: the request's user, or `system:serviceaccount:<ns>:<name>` after serviceAccount(). */
  user: { username: string; groups: string[] } | undefined;
  verb: string;
  /** Non-resource checks. */
  path?: string;
  /** Resource checks. */
  resourceRequest: boolean;
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  fieldSelector?: string;
  labelSelector?: string;
}
/** Outcome of a check. */
export interface AuthzDecision {
  decision: "allow" | "deny" | "noOpinion";
  reason: string;
  /** Set when the authorizer failed. */
  error?: string;
}
/** What the admission layer implements to answer `authorizer` checks. */
export interface Authorizer {
  authorize(attributes: AuthzAttributes): AuthzDecision;
}

/** CEL type names of the authz library. */
export const authzTypes = {
  authorizer: "kubernetes.authorization.Authorizer",
  pathCheck: "kubernetes.authorization.PathCheck",
  groupCheck: "kubernetes.authorization.GroupCheck",
  resourceCheck: "kubernetes.authorization.ResourceCheck",
  decision: "kubernetes.authorization.Decision",
} as const;

interface AuthorizerState { authorizer: Authorizer; user: AuthzAttributes["user"] }
interface ResourceState { authz: AuthorizerState; group: string; resource: string; subresource: string; namespace: string; name: string; fieldSelector: string; labelSelector: string }

/** The `authorizer` variable value for a user. */
export function authorizerValue(authorizer: Authorizer, user?: AuthzAttributes["user"]): CelValue {
  return celOpaque<AuthorizerState>(authzTypes.authorizer, { authorizer, user });
}
/** The `authorizer.requestResource` variable value. */
export function requestResourceValue(authorizer: Authorizer, user: AuthzAttributes["user"], r: { group: string; resource: string; subresource?: string; namespace?: string; name?: string }): CelValue {
  return celOpaque<ResourceState>(authzTypes.resourceCheck, {
    authz: { authorizer, user }, group: r.group, resource: r.resource, subresource: r.subresource ?? "", namespace: r.namespace ?? "", name: r.name ?? "", fieldSelector: "", labelSelector: "",
  });
}

type O<S> = CelOpaque<S>;
interface PathState { authz: AuthorizerState; path: string }
interface GroupState { authz: AuthorizerState; group: string }
const A = T.opaque<AuthorizerState>(authzTypes.authorizer), P = T.opaque<PathState>(authzTypes.pathCheck), G = T.opaque<GroupState>(authzTypes.groupCheck);
const R = T.opaque<ResourceState>(authzTypes.resourceCheck), D = T.opaque<AuthzDecision>(authzTypes.decision);

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function withResource(f: keyof ResourceState): (r: O<ResourceState>, v: string) => O<ResourceState> {
  return (r, v) => celOpaque<ResourceState>(authzTypes.resourceCheck, { ...r.value, [f]: v });
}
function decide(authz: AuthorizerState, attrs: Omit<AuthzAttributes, "user">): O<AuthzDecision> {
  let d: AuthzDecision;
  try {
    d = authz.authorizer.authorize({ ...attrs, user: authz.user });
  } catch (e) {
    d = { decision: "noOpinion", reason: "", error: e instanceof Error ? e.message : String(e) };
  }
  return celOpaque<AuthzDecision>(authzTypes.decision, d);
}
function serviceAccount(a: O<AuthorizerState>, ns: string, name: string): O<AuthorizerState> | CelError {
  if (name.length > 253 || !DNS1123_SUBDOMAIN.test(name)) return celError("Invalid service account name");
  if (ns.length > 63 || !DNS1123_LABEL.test(ns)) return celError("Invalid service account namespace");
  const user = { username: `system:serviceaccount:${ns}:${name}`, groups: ["system:serviceaccounts", `system:serviceaccounts:${ns}`, "system:authenticated"] };
  return celOpaque<AuthorizerState>(authzTypes.authorizer, { authorizer: a.value.authorizer, user });
}
const selectorCost = (_r: unknown, s: string): number => {
  const n = actualSize(s);
  return 10 + Math.ceil(n * 0.1) + Math.ceil(Math.ceil(n * 0.5) * 50) - 1;
};
const zero = (): number => 0;

/** Kubernetes authz and authz-selectors libraries. */
export const k8sAuthzLibrary: CelLibrary = {
  name: "kubernetes.authz",
  overloads: [
    member("path",           [A, T.string],           P,        (a: O<AuthorizerState>, p: string) => (p === "" ? celError("path must not be empty") : celOpaque<PathState>(authzTypes.pathCheck, { authz: a.value, path: p })), zero),
    member("group",          [A, T.string],           G,        (a: O<AuthorizerState>, g: string) => celOpaque<GroupState>(authzTypes.groupCheck, { authz: a.value, group: g }), zero),
    member("serviceAccount", [A, T.string, T.string], A,        serviceAccount, zero),
    member("resource",       [G, T.string],           R,        (g: O<GroupState>, r: string) => (r === "" ? celError("resource must not be empty") : celOpaque<ResourceState>(authzTypes.resourceCheck, { authz: g.value.authz, group: g.value.group, resource: r, subresource: "", namespace: "", name: "", fieldSelector: "", labelSelector: "" })), zero),
    member("subresource",    [R, T.string],           R,        withResource("subresource"), zero),
    member("namespace",      [R, T.string],           R,        withResource("namespace"), zero),
    member("name",           [R, T.string],           R,        withResource("name"), zero),
    member("fieldSelector",  [R, T.string],           R,        withResource("fieldSelector"), selectorCost),
    member("labelSelector",  [R, T.string],           R,        withResource("labelSelector"), selectorCost),
    member("check",          [P, T.string],           D,        (p: O<PathState>, verb: string) => decide(p.value.authz, { verb, path: p.value.path, resourceRequest: false }), () => 349999),
    member("check",          [R, T.string],           D,        (r: O<ResourceState>, verb: string) => {
      const v = r.value;
      return decide(v.authz, { verb, resourceRequest: true, group: v.group, resource: v.resource, subresource: v.subresource, namespace: v.namespace, name: v.name, fieldSelector: v.fieldSelector, labelSelector: v.labelSelector });
    }, () => 349999),
    member("allowed",        [D],                     T.bool,   (d: O<AuthzDecision>) => d.value.decision === "allow", zero),
    member("reason",         [D],                     T.string, (d: O<AuthzDecision>) => d.value.reason, zero),
    member("errored",        [D],                     T.bool,   (d: O<AuthzDecision>) => d.value.error !== undefined, zero),
    member("error",          [D],                     T.string, (d: O<AuthzDecision>) => d.value.error ?? "", zero),
  ],
};
