// The admission hot-path indexes answer exactly as the full matcher: candidate policies by
// (operation, group, resource) are a superset of the matching ones, in dispatch order, and the
// param collector gives collectParams' answer for every binding and request namespace.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { admit, defaultAdmitOptions } from "../../src/admission/index.js";
import { compilePolicy } from "../../src/admission/mutating/compile-policy.js";
import { matchPolicy } from "../../src/admission/match/match-resources.js";
import { buildParamIndex, collectParams, paramKey, type ParamScope } from "../../src/admission/dispatch/params.js";
import { invocationKey } from "../../src/admission/dispatch/invocation.js";
import { buildPolicyIndex } from "../../src/admission/dispatch/policy-index.js";
import { paramCollector } from "../../src/admission/dispatch/policy-index-params.js";
import type { BoundPolicy } from "../../src/admission/dispatch/select-invocations.js";
import type { ParamRefModel, ParamKindModel, RuleModel } from "../../src/admission/policy/policy-model.js";
import { attrs, binding, bindingModel, configMap, coreAttrs, criteria, obj, policy, policyModel, rule } from "./fixtures.js";

function bound(name: string, rules: RuleModel[], namespaceSelector = {}): BoundPolicy {
  return { compiled: compilePolicy(policyModel(name, { matchConstraints: criteria({ resourceRules: rules, namespaceSelector }) })), bindings: [] };
}

const indexRows: { name: string; policies: BoundPolicy[]; request: ReturnType<typeof attrs>; expected: string[]; skippedNs: boolean }[] = [
  {
    name: "exact group/resource/operation, wildcards and rule-less policies are candidates, in order",
    policies: [
      bound("exact", [rule({ apiGroups: ["apps"], resources: ["deployments"], operations: ["CREATE"] })]),
      bound("other-resource", [rule({ apiGroups: ["apps"], resources: ["statefulsets"] })]),
      bound("any", [rule()]),
      bound("no-rules", []),
      bound("update-only", [rule({ operations: ["UPDATE"] })]),
    ],
    request: attrs(),
    expected: ["exact", "any", "no-rules"],
    skippedNs: false,
  },
  {
    name: "subresource entries: `*/*` and `deployments/*` match the resource itself, `deployments/scale` does not",
    policies: [
      bound("star-star", [rule({ resources: ["*/*"] })]),
      bound("res-star", [rule({ resources: ["deployments/*"] })]),
      bound("scale", [rule({ resources: ["deployments/scale"] })]),
    ],
    request: attrs(),
    expected: ["star-star", "res-star"],
    skippedNs: false,
  },
  {
    name: "a left-out policy with a namespaceSelector is reported (its lookup must still happen)",
    policies: [bound("pods", [rule({ resources: ["pods"] })], { matchLabels: { a: "b" } }), bound("any", [rule()])],
    request: attrs(),
    expected: ["any"],
    skippedNs: true,
  },
  {
    name: "the core group is a group like any other",
    policies: [bound("core-pods", [rule({ apiGroups: [""], resources: ["pods"] })]), bound("apps", [rule({ apiGroups: ["apps"] })])],
    request: coreAttrs("Pod", "pods", "p", "default"),
    expected: ["core-pods"],
    skippedNs: false,
  },
];

for (const row of indexRows) {
  test(`policy index: ${row.name}`, () => {
    const c = buildPolicyIndex(row.policies).candidates(row.request);
    assert.deepEqual(c.policies.map((b) => b.compiled.model.name), row.expected);
    assert.equal(c.skippedNamespaceSelector, row.skippedNs);
  });
}

const word = fc.constantFrom("*", "", "apps", "batch", "pods", "deployments", "deployments/scale", "deployments/*", "*/*", "CREATE", "UPDATE");
const ruleArb = fc.record({ apiGroups: fc.array(word, { maxLength: 2 }), resources: fc.array(word, { maxLength: 2 }), operations: fc.array(word, { maxLength: 2 }) }).map((r) => rule(r));

test("property: every policy the matcher matches is a candidate, and candidates keep dispatch order", () => {
  fc.assert(
    fc.property(fc.array(fc.array(ruleArb, { maxLength: 3 }), { minLength: 1, maxLength: 5 }), fc.constantFrom("apps", "", "batch"), fc.constantFrom("deployments", "pods"), fc.constantFrom("CREATE" as const, "UPDATE" as const), (rules, group, resource, operation) => {
      const policies = rules.map((r, i) => bound(`p${i}`, r));
      const a = attrs({ group, resource, operation });
      const candidates = buildPolicyIndex(policies).candidates(a).policies;
      const matching = policies.filter((b) => matchPolicy(b.compiled.model, a, () => undefined).matches);
      for (const m of matching) assert.ok(candidates.includes(m), m.compiled.model.name);
      assert.deepEqual(candidates, policies.filter((p) => candidates.includes(p)));
    }),
    { numRuns: 300 },
  );
});

const cmKind: ParamKindModel = { apiVersion: "v1", group: "", version: "v1", kind: "ConfigMap" };
const params = buildParamIndex([configMap("c", "a", { pick: "yes" }), configMap("b", "a"), configMap("a", "b", { pick: "yes" }), configMap("loose"), configMap("d", "default", { pick: "yes" })]);
const refs: (ParamRefModel | undefined)[] = [
  undefined,
  { name: "b", namespace: "" },
  { name: "a", namespace: "b" },
  { name: "loose", namespace: "", parameterNotFoundAction: "Deny" },
  { name: "", namespace: "", selector: { matchLabels: { pick: "yes" } } },
  { name: "", namespace: "a", selector: {} },
  { name: "", namespace: "", selector: {}, parameterNotFoundAction: "Deny" },
  { name: "x", namespace: "", selector: {} },
  { name: "", namespace: "" },
];

test("param collector: the same answer as collectParams for every binding, namespace and scope, cached", () => {
  const collector = paramCollector(params);
  const pm = policyModel("p", { paramKind: cmKind });
  for (const [i, paramRef] of refs.entries()) {
    const b = bindingModel(`b${i}`, "p", paramRef ? { paramRef } : {});
    for (const ns of ["a", "b", "default", "", "none"]) {
      for (const scope of ["Namespaced", "Cluster"] as ParamScope[]) {
        if (scope === "Cluster" && paramRef?.namespace) continue; // one scope per binding in a run; Cluster checked below
        const expected = collectParams(pm, b, { namespace: ns }, params, scope);
        const fresh = paramCollector(params).collect(pm, b, ns, scope);
        assert.deepEqual(fresh, expected, `${JSON.stringify(paramRef)} in ${JSON.stringify(ns)} (${scope})`);
      }
      const once = collector.collect(pm, b, ns, "Namespaced");
      assert.equal(collector.collect(pm, b, ns, "Namespaced"), once, "second answer is the cached one");
    }
  }
});

test("a request no policy can match still reports the Namespace it assumed", () => {
  const items = [
    policy("pods-in-labelled", { matchConstraints: { namespaceSelector: { matchLabels: { env: "prod" } }, resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"] }] } }),
    binding("b", "pods-in-labelled"),
    obj("apps/v1", "Deployment", "web", "missing-ns"),
  ];
  const out = admit(items, { ...defaultAdmitOptions });
  assert.deepEqual(out.results.map((r) => r.message), [
    'Namespace "missing-ns" is not in the input: assumed it exists with only the label kubernetes.io/metadata.name=missing-ns',
    'policy "pods-in-labelled" (binding "b") matched none of the 1 admitted object: it changed nothing',
  ]);
});

test("param collector: invocation keys are paramKey and invocationKey, built once per (binding, param)", () => {
  const collector = paramCollector(params);
  const pm = policyModel("p", { paramKind: cmKind });
  const b = bindingModel("b", "p", { paramRef: { name: "x", namespace: "a", parameterNotFoundAction: "Allow" } });
  const param = params.list("v1", "ConfigMap")[0];
  const keys = collector.keys(pm, b, param, "Namespaced");
  assert.deepEqual(keys, { paramKey: paramKey(param, "Namespaced", params), key: invocationKey("p", "b", paramKey(param, "Namespaced", params)) });
  assert.equal(collector.keys(pm, b, param, "Namespaced"), keys, "second answer is the cached one");
  assert.deepEqual(collector.keys(pm, b, null, "Namespaced"), { key: invocationKey("p", "b", undefined) });
});
