// Builds the value of the CEL `request` variable (reference §2.10): the JSON form of
// admission/v1 AdmissionRequest, with omitempty fields absent when empty.
import { setKey, type JsonObject } from "../../data/index.js";
import type { AdmitOptions, Operation } from "../types.js";

/** Group/version/kind of a request or of the matched (equivalent) kind. */
export interface GroupVersionKind { group: string; version: string; kind: string }
/** Group/version/resource of a request or of the matched (equivalent) resource. */
export interface GroupVersionResource { group: string; version: string; resource: string }

/** What the request builder needs about one admission request. */
export interface RequestInput {
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  requestKind: GroupVersionKind;
  requestResource: GroupVersionResource;
  subResource: string;
  name: string;
  namespace: string;
  operation: Operation;
  userInfo: AdmitOptions["userInfo"];
  dryRun: boolean;
}

/** The options object the apiserver's handler passes for each operation. */
const optionsKinds = { CREATE: "CreateOptions", UPDATE: "UpdateOptions", DELETE: "DeleteOptions" } as const satisfies Record<Operation, string>;

/**
 * The `request` object. `options` is the Create/Update/DeleteOptions object the apiserver's
 * handlers pass (TypeMeta set; `dryRun: ["All"]` on dry runs); fieldManager is not simulated.
 */
export function buildRequest(r: RequestInput): JsonObject {
  const out: JsonObject = {
    kind: { group: r.kind.group, version: r.kind.version, kind: r.kind.kind },
    resource: { group: r.resource.group, version: r.resource.version, resource: r.resource.resource },
  };
  if (r.subResource) out.subResource = r.subResource;
  out.requestKind = { group: r.requestKind.group, version: r.requestKind.version, kind: r.requestKind.kind };
  out.requestResource = { group: r.requestResource.group, version: r.requestResource.version, resource: r.requestResource.resource };
  if (r.subResource) out.requestSubResource = r.subResource;
  if (r.name) out.name = r.name;
  if (r.namespace) out.namespace = r.namespace;
  out.operation = r.operation;
  out.userInfo = userInfoJson(r.userInfo);
  const options: JsonObject = { kind: optionsKinds[r.operation], apiVersion: "meta.k8s.io/v1" };
  if (r.dryRun) options.dryRun = ["All"];
  out.options = options;
  out.dryRun = r.dryRun;
  return out;
}

function userInfoJson(u: AdmitOptions["userInfo"]): JsonObject {
  const out: JsonObject = {};
  if (u.username) out.username = u.username;
  if (u.uid) out.uid = u.uid;
  if (u.groups && u.groups.length > 0) out.groups = [...u.groups];
  if (u.extra && Object.keys(u.extra).length > 0) {
    const extra: JsonObject = {};
    for (const [k, v] of Object.entries(u.extra)) setKey(extra, k, [...v]);
    out.extra = extra;
  }
  return out;
}
