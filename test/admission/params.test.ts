// Param collection (§2.4): by name and namespace, the request namespace, selectors, scope
// errors, parameterNotFoundAction, ordering by namespace/name, each error text verbatim.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildParamIndex, collectParams, paramKey, paramKindNotFound, type CollectParamsResult, type ParamScope } from "../../src/admission/dispatch/params.js";
import type { ParamRefModel, ParamKindModel } from "../../src/admission/policy/policy-model.js";
import type { JsonObject } from "../../src/data/index.js";
import { configMap, obj } from "./fixtures.js";

const cmKind: ParamKindModel = { apiVersion: "v1", group: "", version: "v1", kind: "ConfigMap" };
const crKind: ParamKindModel = { apiVersion: "example.com/v1", group: "example.com", version: "v1", kind: "Tier" };
const a1 = configMap("a", "team-a", { pick: "yes" });
const b1 = configMap("b", "team-a", { pick: "yes" });
const c1 = configMap("c", "team-a", { pick: "no" });
const aB = configMap("a", "team-b");
const noNs = configMap("loose");
const gold = obj("example.com/v1", "Tier", "gold", undefined, { level: "1" });
const silver = obj("example.com/v1", "Tier", "silver", undefined, { level: "2" });
const oldGold = obj("example.com/v1beta1", "Tier", "gold-old");
// Deliberately out of order: results must come back sorted by namespace/name.
const index = buildParamIndex([c1, b1, aB, a1, noNs, silver, gold, oldGold]);

function ref(r: Partial<ParamRefModel>): ParamRefModel {
  return { name: "", namespace: "", ...r };
}

const cases: {
  name: string;
  paramKind?: ParamKindModel;
  paramRef?: ParamRefModel;
  namespace: string;
  scope: ParamScope;
  expected: CollectParamsResult;
}[] = [
  { name: "no paramKind: one invocation, params undeclared (paramRef ignored)", paramRef: ref({ name: "zzz", parameterNotFoundAction: "Deny" }), namespace: "team-a", scope: "Namespaced", expected: { params: [null] } },
  { name: "paramKind without paramRef: one invocation with null params", paramKind: cmKind, namespace: "team-a", scope: "Namespaced", expected: { params: [null] } },
  { name: "by name in the explicit namespace", paramKind: cmKind, paramRef: ref({ name: "a", namespace: "team-b" }), namespace: "team-a", scope: "Namespaced", expected: { params: [aB] } },
  { name: "by name in the request namespace when paramRef has none", paramKind: cmKind, paramRef: ref({ name: "a" }), namespace: "team-a", scope: "Namespaced", expected: { params: [a1] } },
  { name: "a namespaced param without metadata.namespace is in the default namespace", paramKind: cmKind, paramRef: ref({ name: "loose" }), namespace: "default", scope: "Namespaced", expected: { params: [noNs] } },
  { name: "by name, not found, Allow: no invocation", paramKind: cmKind, paramRef: ref({ name: "missing", parameterNotFoundAction: "Allow" }), namespace: "team-a", scope: "Namespaced", expected: { none: true } },
  { name: "by name, not found, action unset: no invocation", paramKind: cmKind, paramRef: ref({ name: "missing" }), namespace: "team-a", scope: "Namespaced", expected: { none: true } },
  { name: "by name, not found, Deny: error", paramKind: cmKind, paramRef: ref({ name: "missing", parameterNotFoundAction: "Deny" }), namespace: "team-a", scope: "Namespaced", expected: { error: "no params found for policy binding with `Deny` parameterNotFoundAction (looked for v1 ConfigMap \"missing\" in namespace \"team-a\")" } },
  { name: "by name found in another namespace only: Deny errors", paramKind: cmKind, paramRef: ref({ name: "c", parameterNotFoundAction: "Deny" }), namespace: "team-b", scope: "Namespaced", expected: { error: "no params found for policy binding with `Deny` parameterNotFoundAction (looked for v1 ConfigMap \"c\" in namespace \"team-b\")" } },
  { name: "selector selects several params, sorted by name", paramKind: cmKind, paramRef: ref({ selector: { matchLabels: { pick: "yes" } } }), namespace: "team-a", scope: "Namespaced", expected: { params: [a1, b1] } },
  { name: "empty selector selects every param in the namespace", paramKind: cmKind, paramRef: ref({ selector: {} }), namespace: "team-a", scope: "Namespaced", expected: { params: [a1, b1, c1] } },
  { name: "selector matching nothing with Allow: no invocation", paramKind: cmKind, paramRef: ref({ selector: { matchLabels: { pick: "maybe" } }, parameterNotFoundAction: "Allow" }), namespace: "team-a", scope: "Namespaced", expected: { none: true } },
  { name: "selector matching nothing with Deny: error", paramKind: cmKind, paramRef: ref({ selector: { matchLabels: { pick: "maybe" } }, parameterNotFoundAction: "Deny" }), namespace: "team-a", scope: "Namespaced", expected: { error: "no params found for policy binding with `Deny` parameterNotFoundAction (looked for v1 ConfigMap objects with labels pick=maybe in namespace \"team-a\")" } },
  { name: "invalid selector: the label selector error", paramKind: cmKind, paramRef: ref({ selector: { matchExpressions: [{ key: "k", operator: "Bad" }] } }), namespace: "team-a", scope: "Namespaced", expected: { error: '"Bad" is not a valid label selector operator' } },
  { name: "namespaced paramKind on a cluster-scoped request without paramRef.namespace", paramKind: cmKind, paramRef: ref({ name: "a" }), namespace: "", scope: "Namespaced", expected: { error: "cannot use namespaced paramRef in policy binding that matches cluster-scoped resources" } },
  { name: "namespaced paramKind on a cluster-scoped request with paramRef.namespace works", paramKind: cmKind, paramRef: ref({ name: "a", namespace: "team-a" }), namespace: "", scope: "Namespaced", expected: { params: [a1] } },
  { name: "cluster-scoped paramKind with paramRef.namespace", paramKind: crKind, paramRef: ref({ name: "gold", namespace: "x" }), namespace: "team-a", scope: "Cluster", expected: { error: "paramRef.namespace must not be provided for a cluster-scoped `paramKind`" } },
  { name: "cluster-scoped paramKind by name ignores the request namespace", paramKind: crKind, paramRef: ref({ name: "gold" }), namespace: "team-a", scope: "Cluster", expected: { params: [gold] } },
  { name: "cluster-scoped paramKind by selector", paramKind: crKind, paramRef: ref({ selector: { matchExpressions: [{ key: "level", operator: "In", values: ["1", "2"] }] } }), namespace: "", scope: "Cluster", expected: { params: [gold, silver] } },
  { name: "params are taken only from the paramKind's exact apiVersion", paramKind: crKind, paramRef: ref({ name: "gold-old", parameterNotFoundAction: "Deny" }), namespace: "", scope: "Cluster", expected: { error: "no params found for policy binding with `Deny` parameterNotFoundAction (looked for example.com/v1 Tier \"gold-old\")" } },
  { name: "selector with expressions matching nothing with Deny: the error shows the selector as kubectl writes it", paramKind: crKind, paramRef: ref({ selector: { matchLabels: { level: "9" }, matchExpressions: [{ key: "tier", operator: "In", values: ["b", "a"] }, { key: "x", operator: "NotIn", values: ["1"] }, { key: "y", operator: "Exists" }, { key: "z", operator: "DoesNotExist" }] }, parameterNotFoundAction: "Deny" }), namespace: "", scope: "Cluster", expected: { error: "no params found for policy binding with `Deny` parameterNotFoundAction (looked for example.com/v1 Tier objects with labels level=9,tier in (a,b),x notin (1),y,!z)" } },
  { name: "name and selector together", paramKind: cmKind, paramRef: ref({ name: "a", selector: {} }), namespace: "team-a", scope: "Namespaced", expected: { error: "paramRef.name and paramRef.selector are mutually exclusive" } },
  { name: "neither name nor selector", paramKind: cmKind, paramRef: ref({}), namespace: "team-a", scope: "Namespaced", expected: { error: "one of name or selector must be provided" } },
  { name: "the scope error comes before the name/selector check", paramKind: cmKind, paramRef: ref({}), namespace: "", scope: "Namespaced", expected: { error: "cannot use namespaced paramRef in policy binding that matches cluster-scoped resources" } },
];

for (const c of cases) {
  test(`collectParams: ${c.name}`, () => {
    const policy = c.paramKind ? { paramKind: c.paramKind } : {};
    const binding = c.paramRef ? { paramRef: c.paramRef } : {};
    assert.deepEqual(collectParams(policy, binding, { namespace: c.namespace }, index, c.scope), c.expected);
  });
}

test("collectParams: params of several namespaces sort by namespace, then name", () => {
  const idx = buildParamIndex([configMap("a", "z"), configMap("b", "a"), configMap("a", "a")]);
  const r = collectParams({ paramKind: cmKind }, { paramRef: ref({ selector: {}, namespace: "a" }) }, { namespace: "" }, idx, "Namespaced");
  assert.ok("params" in r);
  assert.deepEqual(r.params.map((p) => paramKey(p as JsonObject, "Namespaced", idx)), ["a/a", "a/b"]);
});

test("paramKey: namespace/name for namespaced params, name for cluster-scoped ones", () => {
  assert.equal(paramKey(a1, "Namespaced", index), "team-a/a");
  assert.equal(paramKey(noNs, "Namespaced", buildParamIndex([], "ns1")), "ns1/loose");
  assert.equal(paramKey(gold, "Cluster", index), "gold");
});

test("paramKindNotFound: upstream GVK formatting, core group empty", () => {
  assert.equal(paramKindNotFound(crKind), "failed to find resource referenced by paramKind: 'example.com/v1, Kind=Tier'");
  assert.equal(paramKindNotFound(cmKind), "failed to find resource referenced by paramKind: '/v1, Kind=ConfigMap'");
});
