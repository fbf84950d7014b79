// Properties of matching: matchLabels selects exactly the label sets that contain them; a
// broken selector never produces an error for a request the rules do not select.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { compileLabelSelector } from "../../src/admission/match/label-selector.js";
import { matchResources } from "../../src/admission/match/match-resources.js";
import { matchesResourceRules } from "../../src/admission/match/match-rules.js";
import type { RuleModel } from "../../src/admission/policy/policy-model.js";
import { attrs, criteria } from "./fixtures.js";

const labelKey = fc.constantFrom("app", "team", "env", "example.com/tier");
const labelValue = fc.constantFrom("a", "b", "c", "");
const labels = fc.dictionary(labelKey, labelValue);

test("property: matchLabels L matches labels M iff every entry of L is in M", () => {
  fc.assert(
    fc.property(labels, labels, (l, m) => {
      const c = compileLabelSelector({ matchLabels: l });
      assert.ok("selector" in c);
      const expected = Object.entries(l).every(([k, v]) => Object.prototype.hasOwnProperty.call(m, k) && m[k] === v);
      return c.selector.matches(m) === expected;
    }),
  );
});

test("property: NotIn is the negation of In on the same key and values", () => {
  fc.assert(
    fc.property(labelKey, fc.uniqueArray(labelValue, { minLength: 1 }), labels, (k, vs, m) => {
      const inSel = compileLabelSelector({ matchExpressions: [{ key: k, operator: "In", values: vs }] });
      const notIn = compileLabelSelector({ matchExpressions: [{ key: k, operator: "NotIn", values: vs }] });
      assert.ok("selector" in inSel && "selector" in notIn);
      return inSel.selector.matches(m) !== notIn.selector.matches(m);
    }),
  );
});

const ruleArb: fc.Arbitrary<RuleModel> = fc.record({
  apiGroups: fc.subarray(["*", "", "apps"], { minLength: 1 }),
  apiVersions: fc.subarray(["*", "v1", "v1beta1"], { minLength: 1 }),
  resources: fc.subarray(["*", "*/*", "deployments", "pods", "deployments/scale", "*/status"], { minLength: 1 }),
  operations: fc.subarray(["*", "CREATE", "UPDATE", "CONNECT"], { minLength: 1 }),
  scope: fc.constantFrom("*", "Cluster", "Namespaced") as fc.Arbitrary<RuleModel["scope"]>,
  resourceNames: fc.subarray(["web", "db"]),
});
const reqArb = fc.record({
  namespace: fc.constantFrom("", "default"),
  subresource: fc.constantFrom("", "scale", "status"),
  name: fc.constantFrom("web", "db", ""),
  operation: fc.constantFrom("CREATE", "UPDATE", "CONNECT") as fc.Arbitrary<"CREATE" | "UPDATE" | "CONNECT">,
});

test("property: a broken selector errors exactly when the rules select the request", () => {
  const broken = { matchExpressions: [{ key: "a", operator: "Exists", values: ["x"] }] };
  fc.assert(
    fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 3 }), fc.array(ruleArb, { maxLength: 2 }), reqArb, fc.boolean(), (rules, excludes, r, onNamespace) => {
      const a = attrs(r);
      const c = criteria({ resourceRules: rules, excludeResourceRules: excludes, ...(onNamespace ? { namespaceSelector: broken } : { objectSelector: broken }) });
      const result = matchResources(c, a, () => undefined);
      const selected = !matchesResourceRules(excludes, a) && matchesResourceRules(rules, a);
      // A cluster-scoped request never consults the namespaceSelector at all.
      const consulted = !onNamespace || a.namespace !== "";
      assert.equal(result.error !== undefined, selected && consulted);
      assert.equal(result.matches, selected && !consulted);
    }),
  );
});
