// The default `info` results of mutation: one per invocation (policy, binding, param) that changed
// objects, with their count and the first three of them; per-object results only with `results: objects`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { admit, defaultAdmitOptions, type AdmitOptions, type KrmResult } from "../../src/admission/index.js";
import { InvocationTally } from "../../src/admission/mutating/index.js";
import type { JsonObject } from "../../src/data/index.js";
import { binding, obj, policy } from "./fixtures.js";
import { vap, vapBinding } from "./validating/fixtures.js";

const labelling = (key: string): Record<string, unknown> => ({
  mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: `Object{metadata: Object.metadata{labels: {"${key}": "y"}}}` } }],
});
const deployments = (n: number, namespace = "default"): JsonObject[] => Array.from({ length: n }, (_, i) => obj("apps/v1", "Deployment", `web${i}`, namespace, { app: "web" }));
const info = (items: JsonObject[], options: Partial<AdmitOptions> = {}): KrmResult[] =>
  admit(items, { ...defaultAdmitOptions, ...options }).results.filter((r) => r.severity === "info");

const rows: { name: string; items: JsonObject[]; expected: KrmResult[] }[] = [
  {
    name: "one invocation changing two objects names both",
    items: [policy("a", labelling("x")), binding("a-b", "a"), ...deployments(2)],
    expected: [{ severity: "info", message: "policy 'a' with binding 'a-b' changed 2 objects: Deployment default/web0, Deployment default/web1", tags: { policy: "a", binding: "a-b", objects: "2" } }],
  },
  {
    name: "one object: singular",
    items: [policy("a", labelling("x")), binding("a-b", "a"), ...deployments(1, "shop")],
    expected: [{ severity: "info", message: "policy 'a' with binding 'a-b' changed 1 object: Deployment shop/web0", tags: { policy: "a", binding: "a-b", objects: "1" } }],
  },
  {
    name: "more than three objects: the first three and a count",
    items: [policy("a", labelling("x")), binding("a-b", "a"), ...deployments(5)],
    expected: [{
      severity: "info",
      message: "policy 'a' with binding 'a-b' changed 5 objects: Deployment default/web0, Deployment default/web1, Deployment default/web2, … 2 more",
      tags: { policy: "a", binding: "a-b", objects: "5" },
    }],
  },
  {
    name: "two invocations: one result each, in the order they first changed an object",
    items: [policy("b", labelling("y")), binding("b-b", "b"), policy("a", labelling("x")), binding("a-b", "a"), ...deployments(2)],
    expected: [
      { severity: "info", message: "policy 'a' with binding 'a-b' changed 2 objects: Deployment default/web0, Deployment default/web1", tags: { policy: "a", binding: "a-b", objects: "2" } },
      { severity: "info", message: "policy 'b' with binding 'b-b' changed 2 objects: Deployment default/web0, Deployment default/web1", tags: { policy: "b", binding: "b-b", objects: "2" } },
    ],
  },
  {
    name: "an invocation that sets what the object already has changes nothing and gets no result",
    items: [policy("a", labelling("app")), binding("a-b", "a"), obj("apps/v1", "Deployment", "w", "default", { app: "y" })],
    expected: [],
  },
];

for (const row of rows) {
  test(`invocation results: ${row.name}`, () => {
    // The summary is added by the KRM layer: admit's own info results are the invocation results.
    assert.deepEqual(info(row.items), row.expected);
  });
}

test("invocation results: with results: objects, one result per changed object instead", () => {
  const got = info([policy("a", labelling("x")), binding("a-b", "a"), ...deployments(2)], { results: "objects" });
  assert.deepEqual(got.map((r) => [r.resourceRef?.name, r.message]), [
    ["web0", "mutated by policy 'a' with binding 'a-b' (metadata.labels.x)"],
    ["web1", "mutated by policy 'a' with binding 'a-b' (metadata.labels.x)"],
  ]);
});

test("InvocationTally: a reinvocation that changes the object again counts it once; params are named and tagged; cluster-scoped objects have no namespace", () => {
  const tally = new InvocationTally();
  const ns: JsonObject = { apiVersion: "v1", kind: "Namespace", metadata: { name: "team-a" } };
  tally.add(ns, [
    { pass: 1, policy: "p", binding: "b", param: "cfg/one", paths: [["metadata", "labels"]] },
    { pass: 2, policy: "p", binding: "b", param: "cfg/one", paths: [["metadata", "labels", "x"]] },
    { pass: 1, policy: "p", binding: "b", param: "cfg/two", paths: [["metadata", "labels"]] },
  ]);
  assert.deepEqual(tally.results(), [
    { severity: "info", message: "policy 'p' with binding 'b' and param 'cfg/one' changed 1 object: Namespace team-a", tags: { policy: "p", binding: "b", param: "cfg/one", objects: "1" } },
    { severity: "info", message: "policy 'p' with binding 'b' and param 'cfg/two' changed 1 object: Namespace team-a", tags: { policy: "p", binding: "b", param: "cfg/two", objects: "1" } },
  ]);
});

test("InvocationTally: each add counts its object once per invocation, the same object added again counts again; no param and an empty param are two invocations", () => {
  const tally = new InvocationTally();
  const cm: JsonObject = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", namespace: "n" } };
  const change = (param: string | undefined) => ({ pass: 1 as const, policy: "p", binding: "b", param, paths: [["data"]] });
  tally.add(cm, [change(undefined), change("")]);
  tally.add(cm, [change(undefined)]);
  assert.deepEqual(tally.results().map((r) => [r.message, r.tags?.objects]), [
    ["policy 'p' with binding 'b' changed 2 objects: ConfigMap n/c, ConfigMap n/c", "2"],
    ["policy 'p' with binding 'b' and param '' changed 1 object: ConfigMap n/c", "1"],
  ]);
});

test("invocation results: an object a ValidatingAdmissionPolicy denies comes out unchanged and is not counted (counted under validation: Warn)", () => {
  const denyWeb1 = vap("no-web1", {
    matchConstraints: { resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"] }] },
    validations: [{ expression: "object.metadata.name != 'web1'" }],
  });
  const items = [policy("a", labelling("x")), binding("a-b", "a"), denyWeb1, vapBinding("no-web1-b", "no-web1"), ...deployments(2)];
  const counted = (options: Partial<AdmitOptions>): string[] => info(items, options).filter((r) => r.tags?.objects !== undefined).map((r) => r.message);
  assert.deepEqual(counted({}), ["policy 'a' with binding 'a-b' changed 1 object: Deployment default/web0"]);
  assert.deepEqual(counted({ validation: "Warn" }), ["policy 'a' with binding 'a-b' changed 2 objects: Deployment default/web0, Deployment default/web1"]);
});
