// Built-in defaults of core/v1 Service, Secret and Namespace (Kubernetes 1.36), reimplemented
// from kubernetes pkg/apis/core/v1/defaults.go (SetDefaults_Service, _Secret, _Namespace,
// _NamespaceStatus) and pkg/api/v1/service (ExternallyAccessible).
import { isObject, type JsonObject } from "../../data/index.js";
import { defaultField, field, unsetPtr, unsetStr, updateEach, updateObject, withField, withoutField } from "./json-edit.js";

/** DefaultClientIPServiceAffinitySeconds: 3 hours. */
const CLIENT_IP_TIMEOUT = 10800;

/** SetDefaults_Service. */
export function defaultService(o: JsonObject): JsonObject {
  let svc = updateObject(o, "spec", defaultServiceSpec);
  const spec = field(svc, "spec");
  if (isObject(spec) && field(spec, "type") === "LoadBalancer") {
    svc = updateObject(svc, "status", (st) =>
      updateObject(st, "loadBalancer", (lb) =>
        updateEach(lb, "ingress", (ing) => (!unsetStr(field(ing, "ip")) && unsetPtr(field(ing, "ipMode")) ? withField(ing, "ipMode", "VIP") : ing)),
      ),
    );
  }
  return svc;
}

function defaultServiceSpec(o: JsonObject): JsonObject {
  let s = defaultField(o, "sessionAffinity", unsetStr, "None");
  const affinity = field(s, "sessionAffinity");
  if (affinity === "None") s = withoutField(s, "sessionAffinityConfig");
  if (affinity === "ClientIP") {
    const config = field(s, "sessionAffinityConfig");
    const clientIP = isObject(config) ? field(config, "clientIP") : undefined;
    if (!isObject(clientIP) || unsetPtr(field(clientIP, "timeoutSeconds"))) {
      s = withField(s, "sessionAffinityConfig", { clientIP: { timeoutSeconds: CLIENT_IP_TIMEOUT } });
    }
  }
  s = defaultField(s, "type", unsetStr, "ClusterIP");
  s = updateEach(s, "ports", (p) => {
    const q = defaultField(p, "protocol", unsetStr, "TCP");
    const target = field(q, "targetPort");
    return target === 0 || target === "" || target === undefined ? withField(q, "targetPort", field(q, "port") ?? 0) : q;
  });
  const type = field(s, "type");
  const externalIPs = field(s, "externalIPs");
  const externallyAccessible = type === "LoadBalancer" || type === "NodePort" || (type === "ClusterIP" && Array.isArray(externalIPs) && externalIPs.length > 0);
  if (externallyAccessible) s = defaultField(s, "externalTrafficPolicy", unsetStr, "Cluster");
  if (type === "NodePort" || type === "LoadBalancer" || type === "ClusterIP") s = defaultField(s, "internalTrafficPolicy", unsetPtr, "Cluster");
  if (type === "LoadBalancer") s = defaultField(s, "allocateLoadBalancerNodePorts", unsetPtr, true);
  return s;
}

/** SetDefaults_Secret: `type: Opaque`. */
export function defaultSecret(o: JsonObject): JsonObject {
  return defaultField(o, "type", unsetStr, "Opaque");
}

/** SetDefaults_Namespace: the `kubernetes.io/metadata.name` label (named Namespaces only). */
export function defaultNamespace(o: JsonObject): JsonObject {
  return updateObject(o, "metadata", (m) => {
    const name = field(m, "name");
    if (typeof name !== "string" || name === "") return m;
    const labels = field(m, "labels");
    const l: JsonObject = isObject(labels) ? labels : {};
    return l["kubernetes.io/metadata.name"] === name ? m : withField(m, "labels", withField(l, "kubernetes.io/metadata.name", name));
  });
}

/** SetDefaults_NamespaceStatus: `phase: Active`. */
export function defaultNamespaceStatus(o: JsonObject): JsonObject {
  return defaultField(o, "phase", unsetStr, "Active");
}
