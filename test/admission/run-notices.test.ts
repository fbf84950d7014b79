// A run that changes nothing because nothing is bound, matched or handled says so: one warning per
// unbound policy, per binding whose policy is missing, per bound policy that matched no object, or
// one for an operation no bound policy handles; each names the policy/binding and carries tags.code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions, type KrmResult, type Operation } from "../../src/admission/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, configMap, obj, policy } from "./fixtures.js";

const deploy = obj("apps/v1", "Deployment", "web", "default");
const labelled = obj("apps/v1", "Deployment", "api", "default", { tier: "api" });
const addLabel = [{ patchType: "JSONPatch", jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels", value: {"x": "y"}}]' } }];
const ops = (...operations: string[]): Record<string, unknown> => ({
  matchConstraints: { resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations, resources: ["deployments"] }] },
  mutations: addLabel,
});

function warnings(items: JsonObject[], operation: Operation = "CREATE"): KrmResult[] {
  return admit(items, { ...defaultAdmitOptions, operation }).results.filter((r) => r.severity === "warning");
}

const policyRef = (name: string): KrmResult["resourceRef"] => ({ apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", name });
const bindingRef = (name: string): KrmResult["resourceRef"] => ({ apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", name });

const rows: Array<{ name: string; items: JsonObject[]; operation?: Operation; expected: KrmResult[] }> = [
  {
    name: "a policy no binding names",
    items: [policy("p", ops("CREATE")), deploy],
    expected: [{ severity: "warning", message: 'no MutatingAdmissionPolicyBinding in the input binds policy "p": it never applies', resourceRef: policyRef("p"), tags: { policy: "p", code: "unbound-policy" } }],
  },
  {
    name: "a binding whose policy is missing",
    items: [binding("b", "nope"), deploy],
    expected: [{ severity: "warning", message: 'policy "nope" is not in the input: this binding does nothing', resourceRef: bindingRef("b"), tags: { binding: "b", policy: "nope", code: "missing-policy" } }],
  },
  {
    name: "a binding of an invalid policy: the policy's error says enough, no warning",
    items: [policy("p", { reinvocationPolicy: undefined }), binding("b", "p"), deploy],
    expected: [],
  },
  {
    name: "a bound policy that matched no object (its binding selects by label)",
    items: [policy("p", ops("CREATE")), binding("b", "p", { matchResources: { objectSelector: { matchLabels: { tier: "db" } } } }), deploy, labelled],
    expected: [{ severity: "warning", message: 'policy "p" (binding "b") matched none of the 2 admitted objects: it changed nothing', resourceRef: policyRef("p"), tags: { policy: "p", code: "unmatched-policy" } }],
  },
  {
    name: "a bound policy that matched an object: no warning",
    items: [policy("p", ops("CREATE")), binding("b", "p", { matchResources: { objectSelector: { matchLabels: { tier: "api" } } } }), deploy, labelled],
    expected: [],
  },
  {
    name: "a matched policy whose param is missing (Allow) is not unmatched",
    items: [
      policy("p", { ...ops("CREATE"), paramKind: { apiVersion: "v1", kind: "ConfigMap" } }),
      binding("b", "p", { paramRef: { name: "absent", parameterNotFoundAction: "Allow" } }),
      deploy,
    ],
    expected: [],
  },
  {
    name: "UPDATE with only CREATE policies: one warning for the operation, none per policy",
    items: [policy("p", ops("CREATE")), binding("b", "p"), policy("q", ops("CREATE", "CONNECT")), binding("c", "q"), deploy],
    operation: "UPDATE",
    expected: [{ severity: "warning", message: "no bound policy handles operation UPDATE (their rules name CONNECT, CREATE): no object was mutated", tags: { code: "unhandled-operation", operation: "UPDATE" } }],
  },
  {
    name: "UPDATE handled by one policy: the CREATE-only one is unmatched, and says why",
    items: [policy("p", ops("CREATE")), binding("b", "p"), policy("q", ops("*")), binding("c", "q"), deploy],
    operation: "UPDATE",
    expected: [{ severity: "warning", message: 'policy "p" (binding "b") matched none of the 1 admitted object: its rules do not handle operation UPDATE', resourceRef: policyRef("p"), tags: { policy: "p", code: "unmatched-policy" } }],
  },
  {
    name: "DELETE with MutatingAdmissionPolicies bound (even for *): they never run on DELETE, one warning says so",
    items: [policy("p", ops("*")), binding("b", "p"), deploy],
    operation: "DELETE",
    expected: [{
      severity: "warning", message: "MutatingAdmissionPolicies do not run on operation DELETE (only ValidatingAdmissionPolicies do): no object was mutated",
      tags: { code: "unhandled-operation", operation: "DELETE" },
    }],
  },
  {
    name: "a binding whose own rules leave out the operation does not handle it",
    items: [policy("p", ops("*")), binding("b", "p", { matchResources: { resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"] }] } }), deploy],
    operation: "UPDATE",
    expected: [{ severity: "warning", message: "no bound policy handles operation UPDATE (their rules name *): no object was mutated", tags: { code: "unhandled-operation", operation: "UPDATE" } }],
  },
  {
    name: "policies inside a List: the warning names the List item and the member's index",
    items: [{ apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyList", metadata: { name: "ps" }, items: [policy("p", ops("CREATE"))] }, deploy],
    expected: [{
      severity: "warning", message: 'no MutatingAdmissionPolicyBinding in the input binds policy "p": it never applies',
      resourceRef: { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyList", name: "ps" }, tags: { policy: "p", code: "unbound-policy", listIndex: "0" },
    }],
  },
  {
    name: "nothing to say: a bound policy that mutated an object, a ConfigMap it does not select",
    items: [policy("p", ops("CREATE")), binding("b", "p"), deploy, configMap("c", "default")],
    expected: [],
  },
];

for (const row of rows) {
  test(`run notices: ${row.name}`, () => {
    assert.deepEqual(warnings(row.items, row.operation), row.expected);
  });
}

test("run notices: the summary counts objects, admitted requests, changed objects and changing invocations", () => {
  const reinvoked = { ...ops("CREATE"), reinvocationPolicy: "IfNeeded" };
  const out = admit([policy("p", reinvoked), binding("b", "p"), policy("q", ops("CREATE")), binding("c", "q"), deploy, labelled, configMap("c", "default")], { ...defaultAdmitOptions });
  assert.deepEqual(out.summary, { objects: 7, admitted: 3, changed: 2, invocations: 2 });
});

test("run notices: progress is called once per item with the total", () => {
  const calls: string[] = [];
  admit([policy("p", ops("CREATE")), binding("b", "p"), deploy], { ...defaultAdmitOptions, progress: (done, total) => calls.push(`${done}/${total}`) });
  assert.deepEqual(calls, ["1/3", "2/3", "3/3"]);
});

test("an invalid policy's result names it by the policy tag and its load code (tags.code)", () => {
  const out = admit([policy("bad", { reinvocationPolicy: undefined }), deploy], { ...defaultAdmitOptions });
  assert.deepEqual(out.results.filter((r) => r.severity === "error"), [{
    severity: "error", message: 'spec.reinvocationPolicy: Required value (supported values: "IfNeeded", "Never")', resourceRef: policyRef("bad"),
    tags: { policy: "bad", code: "invalid" }, field: { path: "spec.reinvocationPolicy" },
  }]);
});
