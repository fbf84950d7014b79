// Selection with per-shape reuse (select-by-shape.ts) answers exactly as the full matcher over
// every policy: same invocations, errors and matched names in the same order, and the same
// Namespaces assumed per item, for requests of one shape that differ in labels, old labels, name
// and Namespace (Namespaces whose labels and params answer the policies alike share shapes).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { compilePolicy } from "../../src/admission/mutating/compile-policy.js";
import { buildParamIndex } from "../../src/admission/dispatch/params.js";
import { buildPolicyIndex } from "../../src/admission/dispatch/policy-index.js";
import { paramCollector } from "../../src/admission/dispatch/policy-index-params.js";
import { namespaceView } from "../../src/admission/dispatch/namespace-view.js";
import { selectForRequest } from "../../src/admission/dispatch/select-by-shape.js";
import { selectInvocations, type BoundPolicy } from "../../src/admission/dispatch/select-invocations.js";
import type { CompiledPolicy } from "../../src/admission/mutating/compile-policy.js";
import type { LabelSelectorSpec, MatchResourcesModel, ParamKindModel, RuleModel } from "../../src/admission/policy/policy-model.js";
import { attrs, bindingModel, configMap, coreAttrs, criteria, namespace, obj, policyModel, rule } from "./fixtures.js";

const items = [
  namespace("a", { env: "prod" }), namespace("b", { env: "dev" }), namespace("c", { env: "prod", team: "x" }), namespace("d", { env: "dev" }),
  configMap("cfg", "a"), configMap("cfg", "other"), configMap("cfg", "d"),
];
const cmKind: ParamKindModel = { apiVersion: "v1", group: "", version: "v1", kind: "ConfigMap" };

const selectorArb = fc.constantFrom<LabelSelectorSpec>(
  {},
  { matchLabels: { app: "web" } },
  { matchExpressions: [{ key: "app", operator: "NotIn", values: ["db"] }] },
  { matchExpressions: [{ key: "app", operator: "Bogus", values: [] }] }, // an error, reported when the rules match
);
const nsSelectorArb = fc.constantFrom<LabelSelectorSpec>({}, { matchLabels: { env: "prod" } }, { matchExpressions: [{ key: "env", operator: "Exists" }] });
const rulesArb = fc.array(
  fc.record({
    apiGroups: fc.constantFrom<string[]>(["apps"], [""], ["*"]),
    resources: fc.constantFrom<string[]>(["deployments"], ["pods"], ["*"]),
    resourceNames: fc.constantFrom<string[]>([], [], ["web"]),
    scope: fc.constantFrom<RuleModel["scope"]>("*", "Namespaced"),
  }).map((r) => rule(r)),
  { minLength: 1, maxLength: 2 },
);
const criteriaArb = fc.record({ resourceRules: rulesArb, excludeResourceRules: fc.constantFrom<RuleModel[]>([], [], [rule({ resourceNames: ["db"] })]), objectSelector: selectorArb, namespaceSelector: nsSelectorArb })
  .map((c) => criteria(c));
const policyArb = fc.record({
  constraints: criteriaArb,
  bindings: fc.array(fc.option(criteriaArb, { nil: undefined }), { minLength: 1, maxLength: 2 }),
  params: fc.constantFrom<"none" | "per-namespace" | "missing-deny">("none", "per-namespace", "missing-deny"),
});
const requestArb = fc.record({
  kind: fc.constantFrom("deployment", "pod"),
  namespace: fc.constantFrom("a", "b", "c", "d", "missing", "other", "missing2"),
  name: fc.constantFrom("web", "db"),
  labels: fc.constantFrom<Record<string, string> | undefined>(undefined, { app: "web" }, { app: "db" }),
  oldLabels: fc.constantFrom<Record<string, string> | null>(null, { app: "web" }),
});

interface PolicySpec {
  constraints: MatchResourcesModel;
  bindings: (MatchResourcesModel | undefined)[];
  params: "none" | "per-namespace" | "missing-deny";
}

function boundPolicies(specs: readonly PolicySpec[]): BoundPolicy<CompiledPolicy>[] {
  return specs.map((s, i) => {
    const name = `p${i}`;
    const paramKind = s.params === "none" ? undefined : cmKind;
    const paramRef = s.params === "none" ? undefined : { name: "cfg", namespace: "", parameterNotFoundAction: s.params === "missing-deny" ? "Deny" as const : "Allow" as const };
    return {
      compiled: compilePolicy(policyModel(name, { matchConstraints: s.constraints, paramKind })),
      bindings: s.bindings.map((m, j) => bindingModel(`${name}-b${j}`, name, { ...(m ? { matchResources: m } : {}), ...(paramRef ? { paramRef } : {}) })),
    };
  });
}

test("property: selection by shape equals the full selection over every policy, item after item", () => {
  fc.assert(
    fc.property(fc.array(policyArb, { minLength: 1, maxLength: 6 }), fc.array(requestArb, { minLength: 1, maxLength: 12 }), (specs, requests) => {
      const bound = boundPolicies(specs);
      const params = buildParamIndex(items, "default");
      const src = { index: buildPolicyIndex(bound), namespaces: namespaceView(items), params, paramsFor: paramCollector(params) };
      const reference = namespaceView(items);
      for (const r of requests) {
        const object = r.kind === "pod" ? obj("v1", "Pod", r.name, r.namespace, r.labels) : obj("apps/v1", "Deployment", r.name, r.namespace, r.labels);
        const old = r.oldLabels === null ? null : { ...object, metadata: { name: r.name, namespace: r.namespace, labels: r.oldLabels } };
        const a = r.kind === "pod"
          ? coreAttrs("Pod", "pods", r.name, r.namespace, { object, oldObject: old, operation: old ? "UPDATE" : "CREATE" })
          : attrs({ name: r.name, namespace: r.namespace, object, oldObject: old, operation: old ? "UPDATE" : "CREATE" });
        src.namespaces.nextItem();
        reference.nextItem();
        const got = selectForRequest(src, a);
        const want = selectInvocations(bound, a, reference.lookup, params);
        assert.deepEqual(got, want, JSON.stringify(r));
        assert.deepEqual(src.namespaces.takeAssumed(), reference.takeAssumed(), `assumed Namespaces of ${JSON.stringify(r)}`);
      }
    }),
    { numRuns: 300 },
  );
});

test("requests of one shape share the object-independent part: a label change reselects only label-reading policies", () => {
  const bound = boundPolicies([
    { constraints: criteria(), bindings: [undefined], params: "none" },
    { constraints: criteria({ objectSelector: { matchLabels: { app: "web" } } }), bindings: [undefined], params: "none" },
    { constraints: criteria({ resourceRules: [rule({ resourceNames: ["web"] })] }), bindings: [undefined], params: "none" },
  ]);
  const params = buildParamIndex(items, "default");
  const src = { index: buildPolicyIndex(bound), namespaces: namespaceView(items), params, paramsFor: paramCollector(params) };
  const names = (labels: Record<string, string>, name: string): string[] =>
    selectForRequest(src, attrs({ name, namespace: "a", object: obj("apps/v1", "Deployment", name, "a", labels) })).invocations.map((i) => i.policyName);
  assert.deepEqual(names({ app: "web" }, "web"), ["p0", "p1", "p2"]);
  assert.deepEqual(names({ app: "db" }, "web"), ["p0", "p2"]);
  assert.deepEqual(names({ app: "web" }, "db"), ["p0", "p1"]);
  assert.deepEqual(names({}, "db"), ["p0"]);
});

test("a reused shape still looks up the Namespace its fixed part read: each item reports the assumed Namespace", () => {
  const bound = boundPolicies([{ constraints: criteria({ namespaceSelector: { matchLabels: { env: "prod" } } }), bindings: [undefined], params: "none" }]);
  const params = buildParamIndex(items, "default");
  const src = { index: buildPolicyIndex(bound), namespaces: namespaceView(items), params, paramsFor: paramCollector(params) };
  for (const name of ["web", "db"]) {
    src.namespaces.nextItem();
    selectForRequest(src, attrs({ name, namespace: "missing", object: obj("apps/v1", "Deployment", name, "missing") }));
    assert.deepEqual(src.namespaces.takeAssumed(), ["missing"], name);
  }
});

test("objects whose labels give the same objectSelector outcomes share one selection, and still report an assumed Namespace", () => {
  const web: LabelSelectorSpec = { matchLabels: { app: "web" } };
  const bound = boundPolicies([
    { constraints: criteria({ objectSelector: web, namespaceSelector: { matchLabels: { env: "prod" } } }), bindings: [undefined], params: "none" },
    { constraints: criteria({ objectSelector: { matchLabels: { app: "web" } } }), bindings: [criteria({ objectSelector: { matchExpressions: [{ key: "tier", operator: "Exists" }] } })], params: "none" },
  ]);
  const params = buildParamIndex(items, "default");
  const src = { index: buildPolicyIndex(bound), namespaces: namespaceView(items), params, paramsFor: paramCollector(params) };
  const select = (name: string, labels: Record<string, string>) => {
    src.namespaces.nextItem();
    const s = selectForRequest(src, attrs({ name, namespace: "missing", object: obj("apps/v1", "Deployment", name, "missing", labels) }));
    return { s, names: s.invocations.map((i) => i.policyName), assumed: src.namespaces.takeAssumed() };
  };
  const a = select("a", { app: "web", tier: "1", x: "1" });
  const b = select("b", { app: "web", tier: "2" });
  const c = select("c", { app: "web" });
  assert.deepEqual([a.names, b.names, c.names], [["p1"], ["p1"], []]);
  assert.equal(a.s, b.s, "same outcomes: the selection is shared");
  assert.notEqual(a.s, c.s);
  assert.deepEqual([a.assumed, b.assumed, c.assumed], [["missing"], ["missing"], ["missing"]]);
});

test("Namespaces whose labels and params answer the policies alike share one selection; others do not", () => {
  const bound = boundPolicies([
    { constraints: criteria({ namespaceSelector: { matchLabels: { env: "prod" } } }), bindings: [undefined], params: "none" },
    { constraints: criteria(), bindings: [undefined], params: "per-namespace" },
  ]);
  const params = buildParamIndex(items, "default");
  const src = { index: buildPolicyIndex(bound), namespaces: namespaceView(items), params, paramsFor: paramCollector(params) };
  const select = (ns: string) => {
    src.namespaces.nextItem();
    const s = selectForRequest(src, attrs({ name: "web", namespace: ns, object: obj("apps/v1", "Deployment", "web", ns) }));
    return { s, names: s.invocations.map((i) => `${i.policyName}${i.paramKey ? ` ${i.paramKey}` : ""}`), assumed: src.namespaces.takeAssumed() };
  };
  const [a, b, c, d, m1, m2] = ["a", "b", "c", "d", "missing", "missing2"].map(select);
  assert.deepEqual([a.names, b.names, c.names, d.names, m1.names, m2.names], [["p0", "p1 a/cfg"], [], ["p0"], ["p1 d/cfg"], [], []]);
  assert.equal(b.s, m1.s, "no env=prod label, no param: the same selection");
  assert.equal(m1.s, m2.s);
  assert.notEqual(a.s, c.s, "the same labels' outcome, another param");
  assert.deepEqual([m1.assumed, m2.assumed], [["missing"], ["missing2"]], "a shared shape still records its assumed Namespace");
});
