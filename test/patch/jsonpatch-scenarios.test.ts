// The `jsonpatch-*` conformance scenarios (../shared/scenarios) at the applier level: each row
// spells out the operations the scenario's CEL expression evaluates to (the CEL and admission
// layers are tested elsewhere) and checks the scenario's expected objects or error texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { applyJsonPatch, type JsonPatchOperation } from "../../src/patch/jsonpatch.js";
import { getPath, getString, isObject, type JsonObject, type JsonValue } from "../../src/data/index.js";
import { sharedMissing } from "../schema/fixtures.js";

const SCENARIOS = new URL("../../../../shared/scenarios/", import.meta.url);

interface Scenario {
  input: JsonObject[];
  expect: { objects?: JsonObject[]; errors?: string[] };
}

const op = (o: string, path: string, value?: JsonValue): JsonPatchOperation =>
  value === undefined ? { op: o, path, hasValue: false } : { op: o, path, value, hasValue: true };
const from = (o: string, fromPath: string, path: string): JsonPatchOperation => ({ op: o, from: fromPath, path, hasValue: false });
const CONTAINERS = "/spec/template/spec/containers";
const X = { name: "x", image: "registry.example.com/x:1.0" };

/** Scenario file → the operations its expression yields for `obj`. */
const rows: [string, (obj: JsonObject) => JsonPatchOperation[]][] = [
  ["jsonpatch-01-false-test.yaml", () => [op("test", "/spec/replicas", 100), op("replace", "/spec/replicas", 3)]],
  ["jsonpatch-02-true-test.yaml", () => [op("test", "/spec/replicas", 1), op("replace", "/spec/replicas", 3)]],
  ["jsonpatch-03-remove-field.yaml", () => [op("remove", "/spec/replicas")]],
  ["jsonpatch-04-remove-map-key.yaml", () => [op("remove", "/metadata/labels/y")]],
  ["jsonpatch-05-remove-list-item.yaml", () => [op("remove", `${CONTAINERS}/1`)]],
  ["jsonpatch-06-copy-map-key.yaml", () => [from("copy", "/metadata/labels/x", "/metadata/labels/y")]],
  ["jsonpatch-08-move-map-key.yaml", () => [from("move", "/metadata/labels/x", "/metadata/labels/y")]],
  ["jsonpatch-09-move-to-end.yaml", () => [from("move", `${CONTAINERS}/0`, `${CONTAINERS}/-`)]],
  ["jsonpatch-10-add-map-key.yaml", () => [op("add", "/metadata/labels/x", "2")]],
  ["jsonpatch-11-add-map-to-absent-field.yaml", () => [op("add", "/metadata/labels", { y: "2" })]],
  ["jsonpatch-13-insert-at-index-zero.yaml", () => [op("add", `${CONTAINERS}/0`, X)]],
  ["jsonpatch-14-append-with-dash.yaml", () => [op("add", `${CONTAINERS}/-`, X)]],
  ["jsonpatch-17-replace-existing-map.yaml", () => [op("replace", "/metadata/labels", { y: "2" })]],
  ["jsonpatch-18-replace-list-item.yaml", () => [op("replace", `${CONTAINERS}/0`, X)]],
  ["jsonpatch-23-escape-key.yaml", () => [op("add", "/metadata/labels", {}), op("add", "/metadata/labels/k8s.io~1x~0y", "true")]],
  ["jsonpatch-24-object-typed-list-item.yaml", () => [op("add", `${CONTAINERS}/-`, { ...X, ports: [{ containerPort: 8080 }] })]],
  ["jsonpatch-26-replace-dash-is-error.yaml", () => [op("replace", `${CONTAINERS}/-`, { name: "x" })]],
  ["jsonpatch-27-add-under-missing-parent-is-error.yaml", () => [op("add", "/metadata/annotations/a", "b")]],
  ["jsonpatch-28-remove-nonexistent-key-is-error.yaml", () => [op("remove", "/metadata/labels/z")]],
  ["jsonpatch-35-copy-containers-to-init-containers.yaml", (o) => [op("add", "/spec/template/spec/initContainers", getPath(o, "spec", "template", "spec", "containers"))]],
  ["jsonpatch-37-set-atomic-list-with-jsonpatch.yaml", (o) => {
    const first = (getPath(o, "spec", "template", "spec", "containers") as JsonValue[])[0];
    return [op("add", `${CONTAINERS}/0/args`, [...(getPath(first, "command") as JsonValue[]), "--debug", "-v"])];
  }],
  ["jsonpatch-43-annotations-from-labels.yaml", (o) => [op("add", "/metadata/annotations", getPath(o, "metadata", "labels"))]],
  ["jsonpatch-46-test-guarded-replace-per-object.yaml", () => [op("test", "/data/color", "Red"), op("replace", "/data/color", "Green")]],
  ["jsonpatch-54-sidecar-appended-to-init-containers.yaml", () => [op("add", "/spec/initContainers/-", { name: "mesh-proxy", image: "mesh-proxy/v1.0.0", restartPolicy: "Always" })]],
];

const isPolicyItem = (o: JsonObject): boolean => (getString(o, "apiVersion") ?? "").startsWith("admissionregistration.k8s.io/");
const sameObject = (a: JsonObject, b: JsonObject): boolean =>
  ["kind", "apiVersion"].every((k) => getString(a, k) === getString(b, k)) &&
  getString(a, "metadata", "name") === getString(b, "metadata", "name") &&
  getString(a, "metadata", "namespace") === getString(b, "metadata", "namespace");

for (const [file, opsFor] of rows) {
  test(`scenario ${file}`, { skip: sharedMissing }, () => {
    const scenario = yaml.load(readFileSync(new URL(file, SCENARIOS), "utf8")) as Scenario;
    const targets = scenario.input.filter((o) => isObject(o) && !isPolicyItem(o));
    assert.ok(targets.length > 0, "no object to patch");
    const messages: string[] = [];
    let compared = 0;
    for (const obj of targets) {
      const got = applyJsonPatch(obj, opsFor(obj));
      let out: JsonValue = obj;
      if (got.kind === "applied") out = got.doc;
      else if (got.kind === "error") messages.push(got.message);
      const expected = (scenario.expect.objects ?? []).find((e) => sameObject(e, obj));
      if (expected === undefined) continue;
      assert.deepEqual(out, expected);
      compared++;
    }
    assert.equal(compared, (scenario.expect.objects ?? []).length, "every expected object is compared");
    for (const want of scenario.expect.errors ?? []) {
      assert.ok(messages.some((m) => m.includes(want)), `no error contains ${JSON.stringify(want)}: ${JSON.stringify(messages)}`);
    }
    if (scenario.expect.errors === undefined) assert.deepEqual(messages, []);
  });
}
