// The policy-test runner end to end in memory: each row is a test file (with the files it names),
// and the exact text report it gives; then golden files under `update`, and the JUnit and JSON reports.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkCase, plainPaint, renderJsonReport, renderJunit, renderTestReport, runTestFile, type FileReport, type TestRunOptions } from "../../src/authoring/index.js";
import { configMap, memoryFiles, teamLabelPolicy, testFile } from "./fixtures.js";

function run(text: string, files: Record<string, string> = {}, opts: TestRunOptions = {}): FileReport {
  return runTestFile({ path: "t/kmutate-test.yaml", text }, memoryFiles({ "t/policy.yaml": teamLabelPolicy, ...files }), opts);
}

const labelled = (name: string, team = "shop"): string =>
  `{apiVersion: v1, kind: ConfigMap, metadata: {name: ${name}, namespace: default, labels: {team: ${team}}}, data: {team: ${team}}}`;
const denial = "policy 'team-label' with binding 'team-label' denied request: expression 'Object{metadata: Object.metadata{labels: {\"team\": object.data.team}}}' resulted in error: no such key: data";

const rows: Array<{ name: string; cases: string; extra?: string; files?: Record<string, string>; expected: string }> = [
  {
    name: "an inline expected object that matches passes",
    cases: `  - name: labels
    object: ${configMap("c")}
    expect: {object: ${labelled("c")}}
`,
    expected: "PASS  t/kmutate-test.yaml:7  labels\n1 passed, 0 failed\n",
  },
  {
    name: "an inline expected object that differs fails with a diff naming the policy",
    cases: `  - name: labels
    object: ${configMap("c")}
    expect: {object: ${labelled("c", "web")}}
`,
    expected: `FAIL  t/kmutate-test.yaml:7  labels
    the object differs from expect.object (-expected +actual):
    --- a/expect.object\tConfigMap default/c
    +++ b/expect.object\tConfigMap default/c
    @@ -4,6 +4,6 @@ policy 'team-label' with binding 'team-label'
       name: c
       namespace: default
       labels:
    -    team: web
    +    team: shop
     data:
    -  team: web
    +  team: shop
0 passed, 1 failed
`,
  },
  {
    name: "a denial fails a case that does not expect it",
    cases: `  - name: no data
    object: ${configMap("c", null)}
    expect: {unchanged: true}
`,
    expected: `FAIL  t/kmutate-test.yaml:7  no data\n    unexpected error: ${denial}\n0 passed, 1 failed\n`,
  },
  {
    name: "denied: true, a substring, and the exact errors pass on a denial",
    cases: `  - name: denied
    object: ${configMap("a", null)}
    expect: {denied: true}
  - name: denied because
    object: ${configMap("b", null)}
    expect: {denied: "no such key: data", unchanged: true}
  - name: errors
    object: ${configMap("c", null)}
    expect: {errors: ["denied request", ], warnings: []}
`,
    expected: "PASS  t/kmutate-test.yaml:7  denied\nPASS  t/kmutate-test.yaml:10  denied because\nPASS  t/kmutate-test.yaml:13  errors\n3 passed, 0 failed\n",
  },
  {
    name: "denied expectations that do not hold say what the results were",
    cases: `  - name: admitted
    object: ${configMap("a")}
    expect: {denied: true}
  - name: other reason
    object: ${configMap("b", null)}
    expect: {denied: [nope]}
  - name: admitted after all
    object: ${configMap("c", null)}
    expect: {denied: false}
  - name: exact errors
    object: ${configMap("d", null)}
    expect: {errors: [nope]}
`,
    expected: `FAIL  t/kmutate-test.yaml:7  admitted
    expected the object to be denied; it was admitted
FAIL  t/kmutate-test.yaml:10  other reason
    no error result contains "nope"; the error results:
      ${denial}
FAIL  t/kmutate-test.yaml:13  admitted after all
    expected the object to be admitted; it was denied: ${denial}
FAIL  t/kmutate-test.yaml:16  exact errors
    missing error: no error result contains "nope"; the error results:
      ${denial}
    unexpected error: ${denial}
0 passed, 4 failed
`,
  },
  {
    name: "warnings are exact when listed; a Namespace missing from the input warns",
    cases: `  - name: listed
    object: {apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: far}, data: {team: x}}
    expect: {warnings: [far]}
  - name: none expected
    object: {apiVersion: v1, kind: ConfigMap, metadata: {name: b, namespace: far}, data: {team: x}}
    expect: {warnings: []}
  - name: not listed, not checked
    object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: far}, data: {team: x}}
  - name: missing
    object: ${configMap("d")}
    expect: {warnings: [far]}
`,
    expected: `PASS  t/kmutate-test.yaml:7  listed
FAIL  t/kmutate-test.yaml:10  none expected
    unexpected warning: Namespace "far" is not in the input: assumed it exists with only the label kubernetes.io/metadata.name=far
PASS  t/kmutate-test.yaml:13  not listed, not checked
FAIL  t/kmutate-test.yaml:15  missing
    missing warning: no warning result contains "far" (there is no warning result)
2 passed, 2 failed
`,
  },
  {
    name: "fields, unchanged and invocations",
    cases: `  - name: fields hold
    object: ${configMap("a")}
    expect:
      unchanged: false
      fields: {metadata.labels.team: shop, "metadata.labels[x.y]": null, data: {team: shop}}
      invocations: [{policy: team-label, binding: team-label}]
  - name: fields differ
    object: ${configMap("b")}
    expect:
      unchanged: true
      fields: {metadata.labels.team: web, metadata.name: null, spec.replicas: 1}
      invocations: [{policy: team-label, binding: other}]
  - name: nothing to change
    object: {apiVersion: v1, kind: Secret, metadata: {name: s, namespace: default}}
    expect: {unchanged: false, invocations: [{policy: team-label}]}
`,
    expected: `PASS  t/kmutate-test.yaml:7  fields hold
FAIL  t/kmutate-test.yaml:13  fields differ
    expected the object unchanged; admission changed it (-before +after):
    --- a/object\tConfigMap default/b
    +++ b/object\tConfigMap default/b
    @@ -3,5 +3,7 @@ policy 'team-label' with binding 'team-label'
     metadata:
       name: b
       namespace: default
    +  labels:
    +    team: shop
     data:
       team: shop
    field metadata.labels.team: expected "web", got "shop"
    field metadata.name: expected absent, got "b"
    field spec.replicas: expected 1, it is absent
    the invocations that changed the object differ:
      expected: policy 'team-label' with binding 'other'
      actual:   policy 'team-label' with binding 'team-label'
FAIL  t/kmutate-test.yaml:19  nothing to change
    expected admission to change the object; it came out unchanged
    the invocations that changed the object differ:
      expected: policy 'team-label'
      actual:   none
1 passed, 2 failed
`,
  },
  {
    name: "objects from files: the only document, objectName, Kind/name, and the old object by identity",
    cases: `  - name: only
    objectFile: one.yaml
    expect: {fields: {metadata.labels.team: a}}
  - name: named
    objectFile: many.yaml
    objectName: y
    expect: {fields: {metadata.labels.team: y}}
  - name: kind and name
    objectFile: many.yaml
    objectName: ConfigMap/x
    oldObjectFile: old.yaml
    expect: {fields: {metadata.labels.team: x}}
  - name: ambiguous
    objectFile: many.yaml
  - name: absent
    objectFile: many.yaml
    objectName: z
  - name: missing file
    objectFile: none.yaml
`,
    files: {
      "t/one.yaml": configMap("o", "a"),
      "t/many.yaml": `${configMap("x", "x")}\n---\n${configMap("y", "y")}\n`,
      "t/old.yaml": `${configMap("y", "old")}\n---\n${configMap("x", "old")}\n`,
    },
    expected: `PASS  t/kmutate-test.yaml:7  only
PASS  t/kmutate-test.yaml:10  named
PASS  t/kmutate-test.yaml:14  kind and name
FAIL  t/kmutate-test.yaml:19  ambiguous
    t/kmutate-test.yaml:20:17: objectFile: many.yaml holds 2 objects (ConfigMap default/x, ConfigMap default/y); pick one with objectName: name (or Kind/name)
FAIL  t/kmutate-test.yaml:21  absent
    t/kmutate-test.yaml:22:17: objectFile: many.yaml holds no object named "z"
FAIL  t/kmutate-test.yaml:24  missing file
    t/kmutate-test.yaml:25:17: objectFile: t/none.yaml: cannot read: ENOENT
3 passed, 3 failed
`,
  },
  {
    name: "an old object makes the request an UPDATE; it must be the same object, and CREATE has none",
    cases: `  - name: update
    object: ${configMap("c")}
    oldObject: ${configMap("c", "old")}
    expect: {fields: {metadata.labels.team: shop}}
  - name: another object
    object: ${configMap("c")}
    oldObject: ${configMap("d", "old")}
  - name: create
    object: ${configMap("c")}
    oldObject: ${configMap("c", "old")}
    config: {operation: CREATE}
`,
    expected: `PASS  t/kmutate-test.yaml:7  update
FAIL  t/kmutate-test.yaml:11  another object
    t/kmutate-test.yaml:13:5: oldObject: it is ConfigMap default/d but the object is ConfigMap default/c: the old object has the object's kind, namespace and name
FAIL  t/kmutate-test.yaml:14  create
    t/kmutate-test.yaml:16:5: oldObject: operation CREATE has no old object: remove it, or set config.operation UPDATE
1 passed, 2 failed
`,
  },
  {
    name: "config: the test's, merged with the case's; its files are relative to the test file",
    extra: "  config: {operation: UPDATE, oldObjectsPath: live/}\n",
    cases: `  - name: the policy handles UPDATE
    object: ${configMap("c")}
    expect: {fields: {metadata.labels.team: shop}}
  - name: a case overrides the operation
    config: {operation: CREATE, openapiPaths: [none.json]}
    object: ${configMap("c")}
`,
    files: { "t/live/c.yaml": configMap("c", "old") },
    expected: `PASS  t/kmutate-test.yaml:8  the policy handles UPDATE
FAIL  t/kmutate-test.yaml:11  a case overrides the operation
    t/kmutate-test.yaml:11: config.openapiPaths: none.json: cannot read: ENOENT
1 passed, 1 failed
`,
  },
  {
    name: "skip and the --run selection",
    cases: `  - name: skipped
    skip: waiting for the next release
    object: ${configMap("a")}
  - name: selected
    object: ${configMap("b")}
  - name: left out
    object: ${configMap("c")}
`,
    expected: "SKIP  t/kmutate-test.yaml:7  skipped (waiting for the next release)\nPASS  t/kmutate-test.yaml:10  selected\n1 passed, 0 failed, 2 skipped\n",
  },
  {
    name: "a policy that does not compile stops every case, located in the policy file",
    cases: `  - name: a
    object: ${configMap("a")}
  - name: b
    object: ${configMap("b")}
`,
    files: { "t/policy.yaml": teamLabelPolicy.replace("object.data.team", "object.data.team +") },
    expected: `FAIL  t/kmutate-test.yaml
    t/policy.yaml:13:88: error: MutatingAdmissionPolicy team-label: spec.mutations[0].applyConfiguration.expression: compilation failed: Syntax error: mismatched input '}' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
     13 |       expression: 'Object{metadata: Object.metadata{labels: {"team": object.data.team +}}}'
        |                                                                                        ^
FAIL  t/kmutate-test.yaml:7  a
    not run: spec.policies has errors (above)
FAIL  t/kmutate-test.yaml:9  b
    not run: spec.policies has errors (above)
0 passed, 2 failed
`,
  },
  {
    name: "a policy reading a field its kind lacks still runs: the runtime error is the case's result",
    cases: `  - name: a
    object: ${configMap("a")}
`,
    files: { "t/policy.yaml": teamLabelPolicy.replace("object.data.team", "object.date.team") },
    expected: `FAIL  t/kmutate-test.yaml:7  a
    unexpected error: policy 'team-label' with binding 'team-label' denied request: expression 'Object{metadata: Object.metadata{labels: {"team": object.date.team}}}' resulted in error: no such key: date
0 passed, 1 failed
`,
  },
];

for (const r of rows) {
  test(`runTestFile: ${r.name}`, () => {
    const select = r.name.startsWith("skip") ? (id: string) => !id.endsWith("left out") : undefined;
    const report = run(testFile(r.cases, r.extra), r.files, { select });
    assert.equal(renderTestReport([report], plainPaint), r.expected);
  });
}

test("runTestFile: a missing policy file or folder is located at its entry in spec.policies", () => {
  const text = testFile(`  - name: a\n    object: ${configMap("a")}\n`).replace("[policy.yaml]", "[policy.yaml, gone.yaml, lib/]");
  assert.equal(renderTestReport([run(text, { "t/lib/readme.md": "" })], plainPaint), `FAIL  t/kmutate-test.yaml
    t/kmutate-test.yaml:5:27: spec.policies: gone.yaml: cannot read: ENOENT
    t/kmutate-test.yaml:5:38: spec.policies: lib/: cannot read: ENOENT
FAIL  t/kmutate-test.yaml:7  a
    not run: spec.policies has errors (above)
0 passed, 1 failed
`);
});

test("runTestFile: a broken test file is one failure with its location", () => {
  const report = run("apiVersion: test.kmutate.dev/v1alpha1\nkind: PolicyTest\nmetadata: {name: t}\nspec: {policies: [], cases: []}\n");
  assert.equal(renderTestReport([report], plainPaint), `FAIL  t/kmutate-test.yaml
    t/kmutate-test.yaml:4:8: spec.policies: required: a list of files and folders holding the policies, got an empty list
    t/kmutate-test.yaml:4:22: spec.cases: required: a list of cases, got an empty list
0 passed, 1 failed
`);
});

const golden = `# The labelled ConfigMap.
apiVersion: v1
kind: ConfigMap
metadata:
  name: c # stays
  namespace: default
  labels:
    team: web
data:
  team: shop
`;

test("update: a golden file that differs is rewritten with its comments; the case passes and names it", () => {
  const cases = `  - name: golden\n    object: ${configMap("c")}\n    expect: {objectFile: golden.yaml}\n`;
  const report = run(testFile(cases), { "t/golden.yaml": golden }, { update: true });
  assert.equal(renderTestReport([report], plainPaint), "PASS  t/kmutate-test.yaml:7  golden (updated t/golden.yaml)\n1 passed, 0 failed\n");
  assert.deepEqual(report.cases[0].golden, { path: "t/golden.yaml", text: golden.replace("team: web", "team: shop") });
});

test("update: the same object's document of a multi-document golden file, the others byte for byte", () => {
  const other = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: other,   namespace: default}\n";
  const cases = `  - name: golden\n    object: ${configMap("c")}\n    expect: {objectFile: golden.yaml}\n`;
  const report = run(testFile(cases), { "t/golden.yaml": `${other}---\n${golden}` }, { update: true });
  assert.deepEqual(report.cases[0].golden, { path: "t/golden.yaml", text: `${other}---\n${golden.replace("team: web", "team: shop")}` });
});

test("update: a missing golden file is written; a file without the object gets it appended", () => {
  const cases = `  - name: new\n    object: ${configMap("c")}\n    expect: {objectFile: new.yaml}\n  - name: appended\n    object: ${configMap("d")}\n    expect: {objectFile: other.yaml}\n`;
  const other = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: y}\n";
  const report = run(testFile(cases), { "t/other.yaml": other }, { update: true });
  const written = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: default\n  labels:\n    team: shop\ndata:\n  team: shop\n`;
  assert.deepEqual(report.cases.map((c) => c.golden), [
    { path: "t/new.yaml", text: written("c") },
    { path: "t/other.yaml", text: `${other}---\n${written("d")}` },
  ]);
});

test("without update: a missing golden file fails and says --update writes it; a golden diff has file line numbers", () => {
  const cases = `  - name: new\n    object: ${configMap("c")}\n    expect: {objectFile: new.yaml}\n  - name: differs\n    object: ${configMap("c")}\n    expect: {objectFile: golden.yaml}\n`;
  const report = run(testFile(cases), { "t/golden.yaml": golden });
  assert.equal(renderTestReport([report], plainPaint), `FAIL  t/kmutate-test.yaml:7  new
    t/kmutate-test.yaml:9:26: expect.objectFile: t/new.yaml: cannot read: ENOENT (kmutate test --update writes it)
FAIL  t/kmutate-test.yaml:10  differs
    the object differs from t/golden.yaml (-expected +actual):
    --- a/t/golden.yaml\tConfigMap default/c
    +++ b/t/golden.yaml\tConfigMap default/c
    @@ -5,6 +5,6 @@ policy 'team-label' with binding 'team-label'
       name: c # stays
       namespace: default
       labels:
    -    team: web
    +    team: shop
     data:
       team: shop
0 passed, 2 failed
`);
});

test("update: a case that fails otherwise does not write its golden file", () => {
  const cases = `  - name: golden\n    object: ${configMap("c")}\n    expect: {objectFile: golden.yaml, warnings: [nope]}\n`;
  const report = run(testFile(cases), { "t/golden.yaml": golden }, { update: true });
  assert.equal(report.cases[0].golden, undefined);
  assert.deepEqual(report.cases[0].failures.map((f) => f.message), [
    'missing warning: no warning result contains "nope" (there is no warning result)',
    "the object differs from t/golden.yaml (-expected +actual) (not updated: the case fails otherwise):",
  ]);
});

test("JUnit: a testsuite per file, failures with their text, skips, and a file's own errors as an error", () => {
  const cases = `  - name: passes\n    object: ${configMap("a")}\n  - name: "fails <&>"\n    object: ${configMap("b", null)}\n  - name: skipped\n    skip: true\n    object: ${configMap("c")}\n`;
  const broken: FileReport = { path: "u/kmutate-test.yaml", errors: ["u/kmutate-test.yaml:1:1: kind: nope"], cases: [] };
  assert.equal(renderJunit([run(testFile(cases)), broken]), `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="kmutate test" tests="4" failures="2" skipped="1">
  <testsuite name="t/kmutate-test.yaml" tests="3" failures="1" errors="0" skipped="1">
    <testcase name="passes" classname="t/kmutate-test.yaml" file="t/kmutate-test.yaml" line="7"/>
    <testcase name="fails &lt;&amp;&gt;" classname="t/kmutate-test.yaml" file="t/kmutate-test.yaml" line="9">
      <failure message="unexpected error: ${denial.replace(/"/g, "&quot;")}">unexpected error: ${denial.replace(/"/g, "&quot;")}
</failure>
    </testcase>
    <testcase name="skipped" classname="t/kmutate-test.yaml" file="t/kmutate-test.yaml" line="11">
      <skipped message="skip: true"/>
    </testcase>
  </testsuite>
  <testsuite name="u/kmutate-test.yaml" tests="1" failures="0" errors="1" skipped="0">
    <testcase name="(test file)" classname="u/kmutate-test.yaml" file="u/kmutate-test.yaml">
      <error message="u/kmutate-test.yaml:1:1: kind: nope">u/kmutate-test.yaml:1:1: kind: nope
</error>
    </testcase>
  </testsuite>
</testsuites>
`);
});

test("JSON: files, cases with status and failures (diffs as plain text), and totals", () => {
  const cases = `  - name: passes\n    object: ${configMap("a")}\n  - name: differs\n    object: ${configMap("b")}\n    expect: {fields: {metadata.labels.team: web}}\n`;
  assert.deepEqual(JSON.parse(renderJsonReport([run(testFile(cases))])), {
    files: [{
      path: "t/kmutate-test.yaml",
      errors: [],
      cases: [
        { test: "team", name: "passes", line: 7, status: "passed" },
        { test: "team", name: "differs", line: 9, status: "failed", failures: [{ message: 'field metadata.labels.team: expected "web", got "shop"' }] },
      ],
    }],
    passed: 1,
    failed: 1,
    skipped: 0,
  });
});

test("update: a JSON golden file is rewritten as JSON", () => {
  const cases = `  - name: golden\n    object: ${configMap("c")}\n    expect: {objectFile: golden.json}\n`;
  const old = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c", "namespace": "default"}}\n';
  const report = run(testFile(cases), { "t/golden.json": old }, { update: true });
  assert.deepEqual(report.cases[0].golden, {
    path: "t/golden.json",
    text: '{\n  "apiVersion": "v1",\n  "kind": "ConfigMap",\n  "metadata": {\n    "name": "c",\n    "namespace": "default",\n    "labels": {\n      "team": "shop"\n    }\n  },\n  "data": {\n    "team": "shop"\n  }\n}\n',
  });
});

const secondPolicy = teamLabelPolicy.replace(/team-label/g, "tier-label").replace('{"team": object.data.team}', '{"tier": "gold"}');

test("invocations: every invocation that changed the object, in order; binding and param compared only when given", () => {
  const text = testFile(`  - name: both, in order
    object: ${configMap("a")}
    expect: {invocations: [{policy: team-label}, {policy: tier-label, binding: tier-label}]}
  - name: order matters
    object: ${configMap("b")}
    expect: {invocations: [{policy: tier-label}, {policy: team-label}]}
`).replace("[policy.yaml]", "[policy.yaml, second.yaml]");
  assert.equal(renderTestReport([run(text, { "t/second.yaml": secondPolicy })], plainPaint), `PASS  t/kmutate-test.yaml:7  both, in order
FAIL  t/kmutate-test.yaml:10  order matters
    the invocations that changed the object differ:
      expected: policy 'tier-label'; policy 'team-label'
      actual:   policy 'team-label' with binding 'team-label'; policy 'tier-label' with binding 'tier-label'
1 passed, 1 failed
`);
});

test("checkCase: denied and warnings read result severities, so ValidatingAdmissionPolicy results work as MAP errors do", () => {
  const ref = { apiVersion: "v1", kind: "ConfigMap", name: "c", namespace: "default" };
  const input = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", namespace: "default" } };
  const outcome = {
    input, actual: input, changes: [],
    results: [
      { severity: "error" as const, resourceRef: ref, message: "ValidatingAdmissionPolicy 'size' with binding 'size-all' denied request: too big" },
      { severity: "warning" as const, resourceRef: ref, message: "Validation failed for ValidatingAdmissionPolicy 'naming' with binding 'naming-all': bad name" },
      { severity: "info" as const, resourceRef: ref, message: "audit: ValidatingAdmissionPolicy 'audit' with binding 'audit-all': noted" },
    ],
  };
  const files = memoryFiles({});
  const messages = (e: Parameters<typeof checkCase>[0]): string[] => checkCase(e, outcome, "t.yaml", files, false).failures.map((f) => f.message);
  assert.deepEqual(messages({ denied: ["ValidatingAdmissionPolicy 'size'", "too big"], warnings: ["naming"], unchanged: true }), []);
  assert.deepEqual(messages({ errors: ["denied request: too big"], warnings: ["Validation failed for ValidatingAdmissionPolicy 'naming'"] }), []);
  assert.deepEqual(messages({}), ["unexpected error: ValidatingAdmissionPolicy 'size' with binding 'size-all' denied request: too big"]);
  assert.deepEqual(messages({ denied: false, warnings: [] }), [
    "expected the object to be admitted; it was denied: ValidatingAdmissionPolicy 'size' with binding 'size-all' denied request: too big",
    "unexpected warning: Validation failed for ValidatingAdmissionPolicy 'naming' with binding 'naming-all': bad name",
  ]);
});
