// matchPolicy Equivalent (reference §3, apiserver `matching.matchesResourceRules`): the request's
// own resource first, then for each rule in order each equivalent resource in registration
// order; the matched resource and kind are the equivalent's. Exact never looks further.
import { test } from "node:test";
import assert from "node:assert/strict";
import { matchBinding, matchResources } from "../../src/admission/match/match-resources.js";
import type { EquivalentResource, MatchResult, RequestAttrs } from "../../src/admission/match/match-types.js";
import type { MatchResourcesModel } from "../../src/admission/policy/policy-model.js";
import { attrs, bindingModel, criteria, lookupOf, namespace, obj, rule } from "./fixtures.js";

const eq = (version: string, group = "awesome.bears.com"): EquivalentResource => ({
  group, version, resource: "pandas", kind: { group, version, kind: "Panda" },
});
/** A Panda created as v2; its CRD serves v1, v2 and v3 (in that order). */
const panda = (overrides: Partial<RequestAttrs> = {}): RequestAttrs => attrs({
  group: "awesome.bears.com", version: "v2", resource: "pandas", kind: { group: "awesome.bears.com", version: "v2", kind: "Panda" },
  namespace: "", name: "bear", object: obj("awesome.bears.com/v2", "Panda", "bear"),
  equivalents: [eq("v1"), eq("v2"), eq("v3")], ...overrides,
});
const pandaRule = (apiVersions: string[], extra: Partial<Parameters<typeof rule>[0]> = {}) =>
  rule({ apiGroups: ["awesome.bears.com"], apiVersions, resources: ["pandas"], ...extra });
const matchedAs = (version: string): MatchResult => ({
  matches: true, resource: { group: "awesome.bears.com", version, resource: "pandas" }, kind: { group: "awesome.bears.com", version, kind: "Panda" },
});

const cases: { name: string; criteria: MatchResourcesModel; req: RequestAttrs; expected: MatchResult }[] = [
  { name: "a rule for the request's own version matches it as itself", criteria: criteria({ resourceRules: [pandaRule(["v2"])] }), req: panda(), expected: matchedAs("v2") },
  { name: "a rule for another served version matches it as that version", criteria: criteria({ resourceRules: [pandaRule(["v1"])] }), req: panda(), expected: matchedAs("v1") },
  { name: "Exact does not try other versions", criteria: criteria({ resourceRules: [pandaRule(["v1"])], matchPolicy: "Exact" }), req: panda(), expected: { matches: false } },
  { name: "without equivalents Equivalent behaves like Exact", criteria: criteria({ resourceRules: [pandaRule(["v1"])] }), req: panda({ equivalents: undefined }), expected: { matches: false } },
  { name: "the own resource wins over an earlier rule's equivalent", criteria: criteria({ resourceRules: [pandaRule(["v1"]), pandaRule(["v2"])] }), req: panda(), expected: matchedAs("v2") },
  { name: "rules are tried in order, each over the equivalents in registration order", criteria: criteria({ resourceRules: [pandaRule(["v3", "v1"]), pandaRule(["v1"])] }), req: panda(), expected: matchedAs("v1") },
  { name: "a later rule matches when an earlier one meets no equivalent", criteria: criteria({ resourceRules: [pandaRule(["v9"]), pandaRule(["v3"])] }), req: panda(), expected: matchedAs("v3") },
  { name: "resourceNames still apply to an equivalent match", criteria: criteria({ resourceRules: [pandaRule(["v1"], { resourceNames: ["other"] })] }), req: panda(), expected: { matches: false } },
  { name: "resourceNames naming the object match as the equivalent", criteria: criteria({ resourceRules: [pandaRule(["v1"], { resourceNames: ["bear"] })] }), req: panda(), expected: matchedAs("v1") },
  { name: "excludeResourceRules exclude through an equivalent too", criteria: criteria({ excludeResourceRules: [pandaRule(["v1"])] }), req: panda(), expected: { matches: false } },
  { name: "Exact exclusions do not exclude through an equivalent", criteria: criteria({ matchPolicy: "Exact", resourceRules: [rule()], excludeResourceRules: [pandaRule(["v1"])] }), req: panda(), expected: matchedAs("v2") },
  {
    name: "an equivalent in another group matches rules of that group (core and events.k8s.io events)",
    criteria: criteria({ resourceRules: [rule({ apiGroups: ["events.k8s.io"], apiVersions: ["v1"], resources: ["events"] })] }),
    req: attrs({
      group: "", version: "v1", resource: "events", kind: { group: "", version: "v1", kind: "Event" }, namespace: "default", name: "e",
      object: obj("v1", "Event", "e", "default"),
      equivalents: [
        { group: "", version: "v1", resource: "events", kind: { group: "", version: "v1", kind: "Event" } },
        { group: "events.k8s.io", version: "v1", resource: "events", kind: { group: "events.k8s.io", version: "v1", kind: "Event" } },
      ],
    }),
    expected: { matches: true, resource: { group: "events.k8s.io", version: "v1", resource: "events" }, kind: { group: "events.k8s.io", version: "v1", kind: "Event" } },
  },
];

for (const c of cases) {
  test(`equivalent matching: ${c.name}`, () => {
    assert.deepEqual(matchResources(c.criteria, c.req, lookupOf(namespace("default"))), c.expected);
  });
}

test("equivalent matching: a binding's matchResources honour matchPolicy Equivalent as well", () => {
  const b = (matchPolicy: "Exact" | "Equivalent") => bindingModel("b", "p", { matchResources: criteria({ resourceRules: [pandaRule(["v1"])], matchPolicy }) });
  assert.equal(matchBinding(b("Equivalent"), panda(), lookupOf()).matches, true);
  assert.equal(matchBinding(b("Exact"), panda(), lookupOf()).matches, false);
});
