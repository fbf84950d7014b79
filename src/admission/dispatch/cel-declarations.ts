// The CEL declarations of MutatingAdmissionPolicy expressions (reference §4.1): the object types
// of `request` and `namespaceObject`, and the variables each kind of expression sees.
import type { CelType, ObjectTypeDecl } from "../../cel/index.js";

const dyn: CelType = { kind: "dyn" };
const str: CelType = { kind: "string" };
const int: CelType = { kind: "int" };
const bool: CelType = { kind: "bool" };
const timestamp: CelType = { kind: "timestamp" };
const strList: CelType = { kind: "list", elem: str };
const obj = (name: string): CelType => ({ kind: "object", name });

/** Object types of `request` (kubernetes.AdmissionRequest) and `namespaceObject` (kubernetes.Namespace). */
export const admissionTypes: Record<string, ObjectTypeDecl> = {
  "kubernetes.GroupVersionKind": { fields: { group: str, version: str, kind: str } },
  "kubernetes.GroupVersionResource": { fields: { group: str, version: str, resource: str } },
  "kubernetes.UserInfo": {
    fields: { username: str, uid: str, groups: strList, extra: { kind: "map", key: str, value: strList } },
  },
  "kubernetes.AdmissionRequest": {
    fields: {
      kind: obj("kubernetes.GroupVersionKind"),
      resource: obj("kubernetes.GroupVersionResource"),
      subResource: str,
      requestKind: obj("kubernetes.GroupVersionKind"),
      requestResource: obj("kubernetes.GroupVersionResource"),
      requestSubResource: str,
      name: str,
      namespace: str,
      operation: str,
      userInfo: obj("kubernetes.UserInfo"),
      dryRun: bool,
      options: dyn,
    },
  },
  "kubernetes.NamespaceSpec": { fields: { finalizers: strList } },
  "kubernetes.NamespaceCondition": {
    fields: { status: str, type: str, lastTransitionTime: timestamp, message: str, reason: str },
  },
  "kubernetes.NamespaceStatus": {
    fields: { conditions: { kind: "list", elem: obj("kubernetes.NamespaceCondition") }, phase: str },
  },
  "kubernetes.NamespaceMetadata": {
    fields: {
      name: str,
      generateName: str,
      namespace: str,
      labels: { kind: "map", key: str, value: str },
      annotations: { kind: "map", key: str, value: str },
      UID: str,
      creationTimestamp: timestamp,
      deletionGracePeriodSeconds: int,
      deletionTimestamp: timestamp,
      generation: int,
      resourceVersion: str,
      finalizers: strList,
    },
  },
  "kubernetes.Namespace": {
    fields: {
      metadata: obj("kubernetes.NamespaceMetadata"),
      spec: obj("kubernetes.NamespaceSpec"),
      status: obj("kubernetes.NamespaceStatus"),
    },
  },
};

/** Variables declared in every MAP expression; `params` only when the policy has a paramKind. */
export function admissionVariables(hasParams: boolean): Record<string, CelType> {
  const vars: Record<string, CelType> = {
    object: dyn,
    oldObject: dyn,
    request: obj("kubernetes.AdmissionRequest"),
    namespaceObject: obj("kubernetes.Namespace"),
  };
  if (hasParams) vars.params = dyn;
  return vars;
}
