// PolicyTest expectations against real ValidatingAdmissionPolicies (the MAP of fixtures.ts labels
// a ConfigMap, then a VAP checks the label): denied, errors, warnings, unchanged, and a case's
// `validation` config, each row with the exact text report.
import { test } from "node:test";
import assert from "node:assert/strict";
import { plainPaint, renderTestReport, runTestFile } from "../../src/authoring/index.js";
import { configMap, memoryFiles, teamLabelPolicy, testFile } from "./fixtures.js";

/** A VAP (`team-shop`) allowing only team shop, bound with `actions`. */
function vap(actions: string): string {
  return `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: team-shop}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps]}
  validations:
  - expression: object.metadata.labels.team == 'shop'
    messageExpression: "'team ' + object.metadata.labels.team + ' may not deploy'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: team-shop}
spec: {policyName: team-shop, validationActions: ${actions}}
`;
}

function report(cases: string, actions = "[Deny]"): string {
  const text = testFile(cases).replace("policies: [policy.yaml]", "policies: [policy.yaml, vap.yaml]");
  const files = memoryFiles({ "t/policy.yaml": teamLabelPolicy, "t/vap.yaml": vap(actions) });
  return renderTestReport([runTestFile({ path: "t/kmutate-test.yaml", text }, files)], plainPaint);
}

const denial = "ValidatingAdmissionPolicy 'team-shop' with binding 'team-shop' denied request: team web may not deploy";
const warning = "Validation failed for ValidatingAdmissionPolicy 'team-shop' with binding 'team-shop': team web may not deploy";

const rows: Array<{ name: string; actions?: string; cases: string; expected: string }> = [
  {
    name: "a denied object: denied with a substring, unchanged (it is not stored), errors exactly",
    cases: `  - name: web is denied
    object: ${configMap("c", "web")}
    expect: {denied: "team web may not deploy", unchanged: true, errors: ["${denial}"]}
`,
    expected: "PASS  t/kmutate-test.yaml:7  web is denied\n1 passed, 0 failed\n",
  },
  {
    name: "a denial fails a case that expects the object admitted, naming the ValidatingAdmissionPolicy",
    cases: `  - name: web is admitted
    object: ${configMap("c", "web")}
    expect: {denied: false}
`,
    expected: `FAIL  t/kmutate-test.yaml:7  web is admitted
    expected the object to be admitted; it was denied: ${denial}
0 passed, 1 failed
`,
  },
  {
    name: "an admitted object passes denied: false and keeps its mutation",
    cases: `  - name: shop is admitted
    object: ${configMap("c")}
    expect: {denied: false, fields: {metadata.labels.team: shop}, warnings: []}
`,
    expected: "PASS  t/kmutate-test.yaml:7  shop is admitted\n1 passed, 0 failed\n",
  },
  {
    name: "Warn: a warning, the object admitted and mutated",
    actions: "[Warn]",
    cases: `  - name: web is warned about
    object: ${configMap("c", "web")}
    expect: {denied: false, warnings: ["${warning}"], fields: {metadata.labels.team: web}}
`,
    expected: "PASS  t/kmutate-test.yaml:7  web is warned about\n1 passed, 0 failed\n",
  },
  {
    name: "Warn: an expected warning that does not come fails",
    actions: "[Warn]",
    cases: `  - name: shop is warned about
    object: ${configMap("c")}
    expect: {warnings: ["may not deploy"]}
`,
    expected: `FAIL  t/kmutate-test.yaml:7  shop is warned about
    missing warning: no warning result contains "may not deploy" (there is no warning result)
0 passed, 1 failed
`,
  },
  {
    name: "a case's config validation: Warn turns the denial into a warning",
    cases: `  - name: web during the migration
    object: ${configMap("c", "web")}
    config: {validation: Warn}
    expect: {denied: false, warnings: ["not enforced (validation: Warn): ${denial}"]}
`,
    expected: "PASS  t/kmutate-test.yaml:7  web during the migration\n1 passed, 0 failed\n",
  },
];

for (const row of rows) {
  test(`PolicyTest with a ValidatingAdmissionPolicy: ${row.name}`, () => {
    assert.equal(report(row.cases, row.actions), row.expected);
  });
}
