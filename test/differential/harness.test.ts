// Tests of the differential harness itself: the facts diff round trip, the typed round trip of
// built-in objects (expected objects are the oracle's outputs for them, or the rules of
// ../shared/k8s-api/README),
// the error-message mapping, the comparison of one case, and the generator's determinism.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import type { MutateOutput } from "../../src/index.js";
import { applyDiff, diffValue, jsonEqual, type CaseFacts, type FactError } from "../../scripts/differential/facts-format.js";
import { caseHash, generateCases, type DiffCase } from "../../scripts/differential/gen/cases.js";
import { oracleId } from "../../scripts/differential/oracle-client.js";
import { AllowanceTally } from "./allowances.js";
import { compareCase, expectedMessages } from "./compare.js";
import { TypedRoundTrip } from "./typed-round-trip.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const typedShapePath = join(repo, "../shared/k8s-api/typed-shape.json");
const haveShared = existsSync(typedShapePath);

const key = fc.constantFrom("a", "b", "c/d", "~", "0", "__proto__", "");
const tree: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom<JsonValue>(null, true, 0, 1, "", "x"),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie("v")), { maxLength: 3 }).map((es) => {
      const o: JsonObject = {};
      for (const [k, v] of es) Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
      return o;
    }),
  ),
})).v;

test("facts diff: applying the diff from a to b to a gives b", () => {
  fc.assert(fc.property(tree, tree, (a, b) => jsonEqual(applyDiff(a, diffValue(a, b)), b)), { seed: 0x646966, numRuns: 500 });
});

test("facts diff: equal values give an empty diff", () => {
  fc.assert(fc.property(tree, (a) => jsonEqual(diffValue(a, structuredClone(a)) as JsonValue, {})), { seed: 0x646967, numRuns: 200 });
});

const typedCases: { name: string; input: JsonObject; expected: JsonObject }[] = [
  {
    name: "a minimal Deployment gains strategy {}, status {} and container resources {}; empty labels vanish",
    input: { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default", labels: {} }, spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx" }] } } } },
    expected: { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default" }, spec: { selector: { matchLabels: { app: "web" } }, strategy: {}, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx", resources: {} }] } } }, status: {} },
  },
  {
    name: "a Service port without targetPort shows 0; status holds loadBalancer {}",
    input: { apiVersion: "v1", kind: "Service", metadata: { name: "s", namespace: "default" }, spec: { selector: { app: "s" }, ports: [{ port: 80 }] } },
    expected: { apiVersion: "v1", kind: "Service", metadata: { name: "s", namespace: "default" }, spec: { selector: { app: "s" }, ports: [{ port: 80, targetPort: 0 }] }, status: { loadBalancer: {} } },
  },
  {
    name: "a StatefulSet with only replicas 0 (a pointer: kept) shows every non-omitempty field (oracle output)",
    input: { apiVersion: "apps/v1", kind: "StatefulSet", metadata: { name: "s", namespace: "default", labels: { x: "y" } }, spec: { replicas: 0 } },
    expected: { apiVersion: "apps/v1", kind: "StatefulSet", metadata: { name: "s", namespace: "default", labels: { x: "y" } }, spec: { replicas: 0, selector: null, serviceName: "", template: { metadata: {}, spec: { containers: null } }, updateStrategy: {} }, status: { availableReplicas: 0, replicas: 0 } },
  },
  {
    name: "a null creationTimestamp (omitzero) goes; an unknown key stays",
    input: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", creationTimestamp: null }, data: { k: "v" }, extra: 1 },
    expected: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" }, data: { k: "v" }, extra: 1 },
  },
  {
    name: "a custom resource is returned as it is",
    input: { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w", labels: {} }, spec: {} },
    expected: { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w", labels: {} }, spec: {} },
  },
];

for (const c of typedCases) {
  test(`typed round trip: ${c.name}`, (t) => {
    if (!haveShared) return void t.skip(`${typedShapePath} not found`);
    const got = new TypedRoundTrip(typedShapePath).apply(c.input);
    assert.deepEqual(got, c.expected);
  });
}

const messageCases: { name: string; error: FactError; expected: string[] }[] = [
  { name: "one policy error: its message", error: { i: 0, message: "policy 'p' with binding 'b' denied request: x" }, expected: ["policy 'p' with binding 'b' denied request: x"] },
  {
    name: "an aggregate: each cause, in order",
    error: { i: 0, message: "policy 'p' with binding 'b' denied request: x", causes: ["policy 'p' with binding 'b' denied request: x", "policy 'q' with binding 'c' denied request: y"] },
    expected: ["policy 'p' with binding 'b' denied request: x", "policy 'q' with binding 'c' denied request: y"],
  },
  { name: "an InternalError: the message with its prefix", error: { i: 0, message: "Internal error occurred: strict decoding error: unknown field \"x\"", causes: ["strict decoding error: unknown field \"x\""] }, expected: ["Internal error occurred: strict decoding error: unknown field \"x\""] },
  {
    name: "a VAP denial: without the StatusError wrapper",
    error: { i: 0, message: "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'v' with binding 'vb' denied request: no", causes: ["ValidatingAdmissionPolicy 'v' with binding 'vb' denied request: no"], phase: "validating" },
    expected: ["ValidatingAdmissionPolicy 'v' with binding 'vb' denied request: no"],
  },
];

for (const c of messageCases) test(`expected kmutate messages: ${c.name}`, () => assert.deepEqual(expectedMessages(c.error), c.expected));

const cm: JsonObject = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", namespace: "default" }, data: { k: "v" } };
const oneCase: DiffCase = { id: "map-0000", family: "map", shape: "test", operation: "CREATE", options: {}, items: [cm] };
const cmRef = { apiVersion: "v1", kind: "ConfigMap", name: "c", namespace: "default" };
const denyText = "policy 'p' with binding 'b' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction";
const compareRows: { name: string; facts: Omit<CaseFacts, "id" | "in">; out: Pick<MutateOutput, "items" | "results">; aspects: string[] }[] = [
  { name: "same item, no results: no divergence", facts: { items: [0], errors: [], warnings: [] }, out: { items: [cm], results: [] }, aspects: [] },
  { name: "a value kmutate did not set: item divergence", facts: { items: [{ s: [[["data", "x"], "1"]] }], errors: [], warnings: [] }, out: { items: [cm], results: [] }, aspects: ["item"] },
  {
    name: "an error kmutate did not report: errors divergence",
    facts: { items: [0], errors: [{ i: 0, message: "policy 'p' with binding 'b' denied request: no" }], warnings: [] },
    out: { items: [cm], results: [] }, aspects: ["errors"],
  },
  {
    name: "an ignored error reported as a warning: allowed",
    facts: { items: [0], errors: [], warnings: [] },
    out: { items: [cm], results: [{ severity: "warning", message: "ignored by failurePolicy Ignore: policy 'p' with binding 'b' denied request: no", resourceRef: { apiVersion: "v1", kind: "ConfigMap", name: "c", namespace: "default" } }] }, aspects: [],
  },
  {
    name: "an error about no item: unattached divergence",
    facts: { items: [0], errors: [], warnings: [] },
    out: { items: [cm], results: [{ severity: "error", message: "spec.x: Required value" }] }, aspects: ["unattached"],
  },
  {
    name: "a run notice about an item (tags.code unmatched-policy): allowed",
    facts: { items: [0], errors: [], warnings: [] },
    out: { items: [cm], results: [{ severity: "warning", message: "policy \"p\" (binding \"b\") matched none of the 0 admitted objects: it changed nothing", resourceRef: cmRef, tags: { code: "unmatched-policy", policy: "p" } }] }, aspects: [],
  },
  {
    name: "a run notice about no item (tags.code unhandled-operation): allowed",
    facts: { items: [0], errors: [], warnings: [] },
    out: { items: [cm], results: [{ severity: "warning", message: "no bound policy handles operation CREATE (their rules name UPDATE): no object was mutated", tags: { code: "unhandled-operation", operation: "CREATE" } }] }, aspects: [],
  },
  {
    name: "the same warning text without a run-notice code: warnings divergence",
    facts: { items: [0], errors: [], warnings: [] },
    out: { items: [cm], results: [{ severity: "warning", message: "policy \"p\" (binding \"b\") matched none of the 0 admitted objects: it changed nothing", resourceRef: cmRef, tags: { code: "summary" } }] }, aspects: ["warnings"],
  },
  {
    name: "a Deny paramRef error with kmutate's hint after the apiserver's text: allowed",
    facts: { items: [0], errors: [{ i: 0, message: denyText }], warnings: [] },
    out: { items: [cm], results: [{ severity: "error", message: `${denyText} (looked for v1 ConfigMap objects with labels role in (a,b) in namespace "default")`, resourceRef: cmRef }] }, aspects: [],
  },
  {
    name: "a Deny paramRef error whose apiserver text differs before the hint: errors divergence",
    facts: { items: [0], errors: [{ i: 0, message: denyText }], warnings: [] },
    out: { items: [cm], results: [{ severity: "error", message: `${denyText.replace("Deny", "deny")} (looked for v1 ConfigMap "x")`, resourceRef: cmRef }] }, aspects: ["errors"],
  },
];

for (const r of compareRows) {
  test(`compare one case: ${r.name}`, (t) => {
    if (!haveShared) return void t.skip(`${typedShapePath} not found`);
    const cx = { typed: new TypedRoundTrip(typedShapePath), tally: new AllowanceTally(), vapWarningsRecorded: false };
    const divs = compareCase(oneCase, { id: oneCase.id, in: caseHash(oneCase), ...r.facts }, r.out, cx);
    assert.deepEqual(divs.map((d) => d.aspect), r.aspects);
  });
}

test("generator: the same config gives the same cases; another seed gives others", () => {
  const a = generateCases({ seed: 7, map: 40, vap: 10 });
  const b = generateCases({ seed: 7, map: 40, vap: 10 });
  const c = generateCases({ seed: 8, map: 40, vap: 10 });
  assert.deepEqual(a.map(caseHash), b.map(caseHash));
  assert.notDeepEqual(a.map(caseHash), c.map(caseHash));
  assert.deepEqual(a.map((x) => x.id).slice(0, 2), ["map-0001", "map-0002"]);
});

test("generator: the committed config gives unique object identities within each case", () => {
  for (const c of generateCases()) {
    const ids = c.items.map(oracleId);
    assert.equal(new Set(ids).size, ids.length, `${c.id}: duplicate item identities`);
  }
});
