// Built-in defaults of core/v1 Pod, PodSpec and what containers hold (Kubernetes 1.36),
// reimplemented from kubernetes pkg/apis/core/v1/defaults.go and the `+default=` markers of
// k8s.io/api v0.36.3 core/v1 types.go (docs/09_server_view.md lists each with its source).
import { isObject, type JsonObject } from "../../data/index.js";
import { zeroStruct } from "../decode-plan.js";
import { defaultField, field, unsetInt, unsetPtr, unsetStr, updateEach, updateObject, withField } from "./json-edit.js";
import { defaultPullPolicy } from "./image-ref.js";
import { defaultPodLevelResources } from "./core-pod-resources.js";

/** SetDefaults_PodSpec: DNS policy, restart policy, security context, grace period, scheduler. */
export function defaultPodSpec(o: JsonObject): JsonObject {
  let s = defaultField(o, "dnsPolicy", unsetStr, "ClusterFirst");
  s = defaultField(s, "restartPolicy", unsetStr, "Always");
  s = defaultField(s, "securityContext", unsetPtr, zeroStruct("io.k8s.api.core.v1.PodSecurityContext"));
  s = defaultField(s, "terminationGracePeriodSeconds", unsetPtr, 30);
  return defaultField(s, "schedulerName", unsetStr, "default-scheduler");
}

/**
 * SetDefaults_Pod (Pod only, before the PodSpec defaults): a container's requests default to its
 * limits; pod-level resources from the containers' (see core-pod-resources.ts); enableServiceLinks
 * to true; with hostNetwork, container ports' hostPort to containerPort.
 */
export function defaultPod(o: JsonObject): JsonObject {
  return updateObject(o, "spec", (spec) => {
    let s = updateEach(spec, "containers", requestsFromLimits);
    s = updateEach(s, "initContainers", requestsFromLimits);
    // After the containers' requests: the pod-level ones aggregate them.
    s = defaultPodLevelResources(s);
    s = defaultField(s, "enableServiceLinks", unsetPtr, true);
    if (field(s, "hostNetwork") === true) {
      s = updateEach(s, "containers", hostPorts);
      s = updateEach(s, "initContainers", hostPorts);
    }
    return s;
  });
}

function requestsFromLimits(c: JsonObject): JsonObject {
  return updateObject(c, "resources", (r) => {
    const limits = field(r, "limits");
    if (!isObject(limits)) return r;
    const requests = field(r, "requests");
    const req: JsonObject = isObject(requests) ? requests : {};
    let out = req;
    for (const k of Object.keys(limits)) if (!Object.prototype.hasOwnProperty.call(req, k)) out = withField(out, k, limits[k]);
    return out === req && isObject(requests) ? r : withField(r, "requests", out);
  });
}

function hostPorts(c: JsonObject): JsonObject {
  return updateEach(c, "ports", (p) => {
    const port = field(p, "containerPort");
    // (A containerPort of 0 leaves hostPort 0, which omitempty drops.)
    return unsetInt(field(p, "hostPort")) && port !== undefined && port !== null && port !== 0 ? withField(p, "hostPort", port) : p;
  });
}

/** SetDefaults_Container (also ephemeral containers): pull policy from the image tag, termination message. */
export function defaultContainer(o: JsonObject): JsonObject {
  let c = o;
  if (unsetStr(field(c, "imagePullPolicy"))) {
    const image = field(c, "image");
    c = withField(c, "imagePullPolicy", defaultPullPolicy(typeof image === "string" ? image : ""));
  }
  c = defaultField(c, "terminationMessagePath", unsetStr, "/dev/termination-log");
  return defaultField(c, "terminationMessagePolicy", unsetStr, "File");
}

/** SetDefaults_Probe: timeout 1 s, period 10 s, success threshold 1, failure threshold 3. */
export function defaultProbe(o: JsonObject): JsonObject {
  let p = defaultField(o, "timeoutSeconds", unsetInt, 1);
  p = defaultField(p, "periodSeconds", unsetInt, 10);
  p = defaultField(p, "successThreshold", unsetInt, 1);
  return defaultField(p, "failureThreshold", unsetInt, 3);
}

/** SetDefaults_HTTPGetAction: path `/`, scheme `HTTP`. */
export function defaultHttpGet(o: JsonObject): JsonObject {
  return defaultField(defaultField(o, "path", unsetStr, "/"), "scheme", unsetStr, "HTTP");
}

/** `+default=""` on GRPCAction.service. */
export function defaultGrpc(o: JsonObject): JsonObject {
  return defaultField(o, "service", unsetPtr, "");
}

/** `+default="TCP"` on ContainerPort.protocol and ServicePort.protocol. */
export function defaultProtocol(o: JsonObject): JsonObject {
  return defaultField(o, "protocol", unsetStr, "TCP");
}

/** SetDefaults_ObjectFieldSelector: apiVersion `v1`. */
export function defaultFieldSelector(o: JsonObject): JsonObject {
  return defaultField(o, "apiVersion", unsetStr, "v1");
}

/** `+default=false` on FileKeySelector.optional. */
export function defaultFileKeySelector(o: JsonObject): JsonObject {
  return defaultField(o, "optional", unsetPtr, false);
}
