// The validating stage end to end through `admit` (VAP reference §3–§8, §12.1): what each action
// reports, audit values, auditAnnotations, messages (§4.4), the order of denials, the items that
// come out, DELETE and UPDATE requests, and the kmutate `validation` modes. Texts not quoted by the
// reference were checked against the apiserver code (shared/oracle/admission, study build that
// also records warnings and audit annotations).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../../src/data/index.js";
import { cm, line, lines, ns, run, vap, vapBinding } from "./fixtures.js";

const PB = "ValidatingAdmissionPolicy 'p' with binding 'b'";
const failure = "validation.policy.admission.k8s.io/validation_failure";

const map = (name: string, expression: string, fp = "Fail"): JsonObject[] => [
  {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicy",
    metadata: { name },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["*"], resources: ["configmaps"] }] },
      failurePolicy: fp,
      reinvocationPolicy: "Never",
      mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression } }],
    },
  },
  { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicyBinding", metadata: { name: `${name}-binding` }, spec: { policyName: name } },
];

const actionRows: { name: string; actions: string[]; expected: string[] }[] = [
  { name: "[Deny]: an error result with reason and code tags", actions: ["Deny"], expected: [`error c: ${PB} denied request: no {"policy":"p","binding":"b","policyField":"spec.validations[0].expression","reason":"Invalid","code":"422"}`] },
  { name: "[Warn]: a warning result", actions: ["Warn"], expected: [`warning c: Validation failed for ${PB}: no {"policy":"p","binding":"b","policyField":"spec.validations[0].expression"}`] },
  {
    name: "[Audit]: an info result with the audit annotation (Go JSON, HTML-safe)",
    actions: ["Audit"],
    expected: [`info c: ${failure}: [{"message":"no","policy":"p","binding":"b","expressionIndex":0,"validationActions":["Audit"]}] {"policy":"p","binding":"b","policyField":"spec.validations[0].expression"}`],
  },
  {
    name: "[Deny, Audit]: both, in the listed order",
    actions: ["Deny", "Audit"],
    expected: [
      `error c: ${PB} denied request: no {"policy":"p","binding":"b","policyField":"spec.validations[0].expression","reason":"Invalid","code":"422"}`,
      `info c: ${failure}: [{"message":"no","policy":"p","binding":"b","expressionIndex":0,"validationActions":["Deny","Audit"]}] {"policy":"p","binding":"b","policyField":"spec.validations[0].expression"}`,
    ],
  },
];

for (const row of actionRows) {
  test(`actions ${row.name}`, () => {
    assert.deepEqual(lines([vap("p", { validations: [{ expression: "false", message: "no" }] }), vapBinding("b", "p", row.actions), cm("c")], {}, true), row.expected);
  });
}

test("Audit: the index of each failing validation; only the first failure is recorded (annotations cannot be overwritten); < > & escaped", () => {
  const items = [vap("p", { validations: [{ expression: "true" }, { expression: "false", message: "second <b>&" }, { expression: "false", message: "third" }] }), vapBinding("b", "p", ["Audit", "Warn"]), cm("c")];
  assert.deepEqual(lines(items), [
    `info c: ${failure}: [{"message":"second \\u003cb\\u003e\\u0026","policy":"p","binding":"b","expressionIndex":1,"validationActions":["Audit","Warn"]}]`,
    `warning c: Validation failed for ${PB}: second <b>&`,
    `info c: ${failure} (not recorded: the audit event keeps only the first): [{"message":"third","policy":"p","binding":"b","expressionIndex":2,"validationActions":["Audit","Warn"]}]`,
    `warning c: Validation failed for ${PB}: third`,
  ]);
});

test("a matchCondition error under Fail is one decision (index 0) following the actions; several errors are aggregated", () => {
  const items = [
    vap("p", { validations: [{ expression: "false" }, { expression: "false" }], matchConditions: [{ name: "x", expression: "object.metadata.labels['x'] == 'y'" }, { name: "y", expression: "object.data.nope == 'y'" }] }),
    vapBinding("b", "p", ["Audit"]),
    cm("c"),
  ];
  assert.deepEqual(lines(items), [
    `info c: ${failure}: [{"message":"[expression 'object.metadata.labels['x'] == 'y'' resulted in error: no such key: labels, expression 'object.data.nope == 'y'' resulted in error: no such key: nope]","policy":"p","binding":"b","expressionIndex":0,"validationActions":["Audit"]}]`,
  ]);
});

const messageRows: { name: string; validation: Record<string, string>; expected: string }[] = [
  { name: "messageExpression wins over message, trimmed", validation: { expression: "false", message: "static", messageExpression: "'  dynamic ' + object.metadata.name + '  '" }, expected: "dynamic c" },
  { name: "a blank messageExpression result falls back to message (trimmed)", validation: { expression: "false", message: "\tstatic ", messageExpression: "'  '" }, expected: "static" },
  { name: "a multi-line messageExpression result falls back", validation: { expression: "false", message: "static", messageExpression: "'a\\nb'" }, expected: "static" },
  { name: "a carriage return alone is kept (only \\n disqualifies)", validation: { expression: "false", message: "static", messageExpression: "'a\\rb'" }, expected: "a\rb" },
  { name: "a messageExpression result over 5120 bytes falls back", validation: { expression: "false", message: "static", messageExpression: "lists.range(2561).map(i, 'é').join('')" }, expected: "static" },
  { name: "a failing messageExpression falls back to the expression", validation: { expression: "false", messageExpression: "object.data.nope" }, expected: "failed expression: false" },
  { name: "a messageExpression reading authorizer does not compile: falls back", validation: { expression: "false", message: "static", messageExpression: "string(authorizer.path('/x').check('get').allowed())" }, expected: "static" },
  { name: "the expression is trimmed in the default message", validation: { expression: "  object.metadata.name !=\n  'c'  \n" }, expected: "failed expression: object.metadata.name !=\n  'c'" },
];

for (const row of messageRows) {
  test(`message: ${row.name}`, () => {
    assert.deepEqual(lines([vap("p", { validations: [row.validation] }), vapBinding("b", "p", ["Deny"]), cm("c")]), [`error c: ${PB} denied request: ${row.expected}`]);
  });
}

test("message: 5120 bytes of messageExpression result are kept", () => {
  const out = lines([vap("p", { validations: [{ expression: "false", message: "static", messageExpression: "lists.range(2560).map(i, 'é').join('')" }] }), vapBinding("b", "p", ["Deny"]), cm("c")]);
  assert.deepEqual(out, [`error c: ${PB} denied request: ${"é".repeat(2560)}`]);
});

test("a variable that reads authorizer works in validations and fails in messageExpressions (no authorizer there)", () => {
  const items = [
    vap("p", {
      variables: [{ name: "a", expression: "string(authorizer.path('/x').check('get').allowed())" }],
      validations: [{ expression: "variables.a == 'true'", messageExpression: "variables.a", message: "fallback" }, { expression: "false", messageExpression: "'is ' + variables.a" }],
    }),
    vapBinding("b", "p", ["Warn"]),
    cm("c"),
  ];
  assert.deepEqual(lines(items), [`warning c: Validation failed for ${PB}: fallback`, `warning c: Validation failed for ${PB}: failed expression: false`]);
  assert.deepEqual(lines(items, { authorizer: { decision: "Allow" } }), [`warning c: Validation failed for ${PB}: failed expression: false`]);
});

test("reasons set the tags: Forbidden 403, RequestEntityTooLarge 413, Invalid 422 (the text is the same)", () => {
  const items = [
    vap("p", { validations: [["big", "RequestEntityTooLarge"], ["forbid", "Forbidden"], ["inv", "Invalid"]].map(([n, reason]) => ({ expression: `object.metadata.name != '${n}'`, reason })) }),
    vapBinding("b", "p", ["Deny"]),
    cm("big"), cm("forbid"), cm("inv"),
  ];
  assert.deepEqual(run(items).results.map((r) => [r.resourceRef?.name, r.tags?.reason, r.tags?.code]), [["big", "RequestEntityTooLarge", "413"], ["forbid", "Forbidden", "403"], ["inv", "Invalid", "422"]]);
});

test("auditAnnotations: trimmed, empty and null omitted, distinct values of all bindings and params joined per key", () => {
  const items = [
    vap("p", {
      paramKind: { apiVersion: "v1", kind: "ConfigMap" },
      validations: undefined,
      auditAnnotations: [
        { key: "a", valueExpression: "'  x  '" },
        { key: "b", valueExpression: "null" },
        { key: "c", valueExpression: "'   '" },
        { key: "d", valueExpression: "'p=' + params.data.v" },
      ],
    }),
    vapBinding("b1", "p", ["Audit"], { paramRef: { selector: { matchLabels: { param: "yes" } }, parameterNotFoundAction: "Deny" } }),
    vapBinding("b2", "p", ["Audit"], { paramRef: { name: "p1", parameterNotFoundAction: "Deny" } }),
    cm("p1", { v: "one" }, { param: "yes" }),
    cm("p2", { v: "two" }, { param: "yes" }),
    cm("c"),
  ];
  assert.deepEqual(lines(items).filter((l) => l.startsWith("info c")), ["info c: p/a: x", "info c: p/d: p=one, p=two"]);
});

test("auditAnnotations: a value is cut to 10240 bytes", () => {
  const out = run([vap("p", { validations: undefined, auditAnnotations: [{ key: "long", valueExpression: "lists.range(10300).map(i, 'x').join('')" }] }), vapBinding("b", "p", ["Audit"]), cm("c")]);
  assert.deepEqual(out.results.map((r) => r.message), [`p/long: ${"x".repeat(10240)}`]);
});

test("an identical warning or denial (e.g. from two params) is reported once per object", () => {
  const items = [
    vap("p", { paramKind: { apiVersion: "v1", kind: "ConfigMap" }, validations: [{ expression: "false", message: "same" }] }),
    vapBinding("b", "p", ["Warn"], { paramRef: { selector: { matchLabels: { param: "yes" } }, parameterNotFoundAction: "Deny" } }),
    cm("p1", {}, { param: "yes" }), cm("p2", {}, { param: "yes" }),
  ];
  assert.deepEqual(lines(items), [`warning p1: Validation failed for ${PB}: same`, `warning p2: Validation failed for ${PB}: same`]);
});

test("order: policy name, binding name, param; configuration errors in place; the apiserver's denial first", () => {
  const items = [
    vap("b", { paramKind: { apiVersion: "example.com/v1", kind: "Nope" } }), vapBinding("b1", "b", ["Deny"]),
    vap("a", { paramKind: { apiVersion: "v1", kind: "ConfigMap" }, validations: [{ expression: "false", messageExpression: "'a fails with ' + params.metadata.name" }] }),
    vapBinding("a3", "a", ["Deny"], { paramRef: { selector: {}, namespace: "params", parameterNotFoundAction: "Deny" } }),
    vapBinding("a2", "a", ["Deny"], { paramRef: { name: "missing", parameterNotFoundAction: "Deny" } }),
    cm("z", {}, undefined, "params"), cm("y", {}, undefined, "params"),
    cm("c"),
  ];
  assert.deepEqual(lines(items).filter((l) => l.startsWith("error c")), [
    "error c: ValidatingAdmissionPolicy 'a' with binding 'a2' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction (looked for v1 ConfigMap \"missing\" in namespace \"default\")",
    "error c: ValidatingAdmissionPolicy 'a' with binding 'a3' denied request: a fails with y",
    "error c: ValidatingAdmissionPolicy 'a' with binding 'a3' denied request: a fails with z",
    "error c: ValidatingAdmissionPolicy 'b' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Nope'",
  ]);
});

test("items: a denied object comes out as it came in, a warned one with its mutations; the summary counts objects", () => {
  const items = [
    ...map("m", "Object{data: {'added': 'yes'}}"),
    vap("p", { validations: [{ expression: "object.metadata.name != 'denied'", message: "denied" }] }),
    vapBinding("b", "p", ["Deny"]),
    vap("q", { validations: [{ expression: "object.metadata.name != 'warned'", message: "warned" }] }),
    vapBinding("qb", "q", ["Warn"]),
    cm("denied"), cm("warned"), cm("fine"),
  ];
  const out = run(items);
  assert.deepEqual(out.items.slice(6), [cm("denied"), cm("warned", { k: "v", added: "yes" }), cm("fine", { k: "v", added: "yes" })]);
  assert.deepEqual(out.summary.validation, { validated: 3, denied: 1, warned: 1, enforced: true });
  assert.deepEqual(out.results.filter((r) => r.severity !== "info").map((r) => line(r)), [
    "error denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: denied",
    "warning warned: Validation failed for ValidatingAdmissionPolicy 'q' with binding 'qb': warned",
  ]);
});

test("validation modes: Warn reports denials as warnings and keeps the mutations; Off runs no ValidatingAdmissionPolicy", () => {
  const items = [...map("m", "Object{data: {'added': 'yes'}}"), vap("p", { validations: [{ expression: "false", message: "no" }] }), vapBinding("b", "p", ["Deny"]), cm("c")];
  const warn = run(items, { validation: "Warn" });
  assert.deepEqual(warn.items[4], cm("c", { k: "v", added: "yes" }));
  assert.deepEqual(warn.results.filter((r) => r.severity !== "info").map((r) => line(r, true)), [
    `warning c: not enforced (validation: Warn): ${PB} denied request: no {"policy":"p","binding":"b","policyField":"spec.validations[0].expression","reason":"Invalid","code":"422"}`,
  ]);
  assert.deepEqual(warn.summary.validation, { validated: 1, denied: 1, warned: 0, enforced: false });
  const off = run(items, { validation: "Off" });
  assert.deepEqual(off.results.filter((r) => r.severity !== "info"), []);
  assert.equal(off.summary.validation, undefined);
  assert.deepEqual(run(items).items[4], cm("c"));
});

test("an object whose mutation failed is not validated; one whose mutation error was ignored is, partly mutated", () => {
  const failing = (fp: string): JsonObject[] => [
    ...map("m", "Object{data: {'k': 'mutated'}}", fp),
    ...map("n", "Object{spec: {}}", fp),
    vap("p", { validations: [{ expression: "false", messageExpression: "'seen ' + object.data.k" }] }),
    vapBinding("b", "p", ["Warn"]),
    cm("c"),
  ];
  assert.deepEqual(lines(failing("Fail")).map((l) => l.split(": ")[0]), ["error c"]);
  assert.deepEqual(lines(failing("Ignore")).slice(-1), [`warning c: Validation failed for ${PB}: seen mutated`]);
});

test("DELETE: object is null, oldObject the item; selectors and matchConditions see the old object; no MutatingAdmissionPolicy runs", () => {
  const items = [
    ...map("m", "Object{data: {'k': 'mutated'}}"),
    vap("p", {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["DELETE"], resources: ["configmaps", "namespaces"] }] },
      matchConditions: [{ name: "labelled", expression: "has(oldObject.metadata.labels)" }],
      validations: [
        { expression: "object == null", message: "object is not null" },
        { expression: "oldObject.metadata.name != 'protected'", messageExpression: "'cannot delete ' + oldObject.metadata.name + ' (' + request.operation + ', ' + request.name + ', ' + request.options.kind + ')'" },
      ],
    }),
    vapBinding("b", "p", ["Deny"], { matchResources: { objectSelector: { matchLabels: { team: "a" } } } }),
    cm("protected", {}, { team: "a" }), cm("other", {}, { team: "a" }), cm("unlabelled"), ns("protected", { team: "a" }),
  ];
  const out = run(items, { operation: "DELETE" });
  assert.deepEqual(out.items, items);
  assert.deepEqual(out.results.map((r) => line(r)), [
    `error protected: ${PB} denied request: cannot delete protected (DELETE, protected, DeleteOptions)`,
    `error protected: ${PB} denied request: cannot delete protected (DELETE, protected, DeleteOptions)`,
    "warning -: MutatingAdmissionPolicies do not run on operation DELETE (only ValidatingAdmissionPolicies do): no object was mutated",
  ]);
  assert.deepEqual(out.results.map((r) => r.resourceRef?.kind), ["ConfigMap", "Namespace", undefined]);
});

test("DELETE and UPDATE take oldObject from the old objects when given", () => {
  const items = [vap("p", { validations: [{ expression: "false", messageExpression: "'old ' + oldObject.data.k" }] }), vapBinding("b", "p", ["Warn"]), cm("c")];
  for (const operation of ["UPDATE", "DELETE"] as const) {
    assert.deepEqual(lines(items, { operation, oldObjects: [cm("c", { k: "stored" })] }), [`warning c: Validation failed for ${PB}: old stored`], operation);
  }
});

test("a Namespace request: namespaceObject is null, request.namespace is its own name, the name label is set (every operation)", () => {
  const items = [
    vap("p", {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["*"], resources: ["namespaces"] }] },
      validations: [
        { expression: "namespaceObject == null", message: "namespaceObject set" },
        { expression: "false", messageExpression: "'ns=' + request.namespace + ' name=' + request.name" },
        // The apiserver's defaulting sets the name label on the object (and the stored old one).
        { expression: "object == null || object.metadata.labels['kubernetes.io/metadata.name'] == 'team-a'", message: "object lacks the name label" },
        { expression: "oldObject == null || oldObject.metadata.labels['kubernetes.io/metadata.name'] == 'team-a'", message: "oldObject lacks the name label" },
      ],
    }),
    vapBinding("b", "p", ["Warn"]),
    ns("team-a"),
  ];
  for (const operation of ["CREATE", "UPDATE", "DELETE"] as const) {
    assert.deepEqual(lines(items, { operation }), [`warning team-a: Validation failed for ${PB}: ns=team-a name=team-a`], operation);
  }
});

test("a missing Namespace is reported once per object although both stages look it up", () => {
  const items = [
    ...map("m", "Object{data: {'added': 'yes'}}"),
    vap("p", { validations: [{ expression: "false", messageExpression: "'in ' + namespaceObject.metadata.name" }] }),
    vapBinding("b", "p", ["Warn"]),
    cm("c", {}, undefined, "elsewhere"),
    cm("d", {}, undefined, "elsewhere"),
  ];
  const out = lines(items);
  const assumed = 'Namespace "elsewhere" is not in the input: assumed it exists with only the label kubernetes.io/metadata.name=elsewhere';
  assert.deepEqual(out, [`warning c: ${assumed}`, `warning c: Validation failed for ${PB}: in elsewhere`, `warning d: ${assumed}`, `warning d: Validation failed for ${PB}: in elsewhere`]);
});

test("policies, bindings and the review resources are never validated; unbound policies and orphan bindings do nothing", () => {
  const all = { resourceRules: [{ apiGroups: ["*"], apiVersions: ["*"], operations: ["*"], resources: ["*"] }] };
  const items = [
    vap("p", { matchConstraints: all, validations: [{ expression: "false", messageExpression: "'checked ' + request.resource.resource" }] }),
    vapBinding("b", "p", ["Warn"]),
    vap("unbound", { matchConstraints: all, validations: [{ expression: "false" }] }),
    vapBinding("orphan", "missing", ["Deny"]),
    { apiVersion: "authorization.k8s.io/v1", kind: "SubjectAccessReview", metadata: { name: "sar" }, spec: {} },
    cm("c"),
  ];
  assert.deepEqual(lines(items), [`warning c: Validation failed for ${PB}: checked configmaps`]);
});

test("a kind no table knows is reported when only ValidatingAdmissionPolicies are bound", () => {
  const items = [vap("p", { matchConstraints: { resourceRules: [{ apiGroups: ["example.com"], apiVersions: ["v1"], operations: ["*"], resources: ["widgets"] }] }, validations: [{ expression: "false", message: "no widgets" }] }), vapBinding("b", "p", ["Deny"]), { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w", namespace: "default" } }];
  assert.deepEqual(lines(items), [
    'warning w: kind example.com/v1/Widget is not a built-in kind nor defined by a CustomResourceDefinition in the input: matched as resource "widgets", namespaced',
    `error w: ${PB} denied request: no widgets`,
  ]);
});

test("matchPolicy Equivalent through a built-in kind kmutate cannot convert: the request fails, whatever the failurePolicy", () => {
  const rules = { resourceRules: [{ apiGroups: ["events.k8s.io"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["events"] }] };
  const event = { apiVersion: "v1", kind: "Event", metadata: { name: "e", namespace: "default" }, involvedObject: {}, reason: "x" };
  const out = run([vap("p", { failurePolicy: "Ignore", matchConstraints: rules }), vapBinding("b", "p"), event]);
  assert.deepEqual(out.results.map((r) => line(r, true)), [
    `error e: Internal error occurred: no conversion from /v1, Kind=Event to events.k8s.io/v1, Kind=Event offline (kmutate converts custom resources only: built-in kinds convert through internal types) {"policy":"p","binding":"b"}`,
  ]);
  assert.equal(out.items[2], event);
});
