// ApplyConfiguration refusals (reference §6.3), one row per error text: schema validation of the
// patch, the atomic rule (every path), invalid live objects, and the no-schema mode (§6.6).
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { createSchemaRegistry, type TypeRef } from "../../src/schema/index.js";
import { applyConfiguration, applyConfigurationDeduced, type ApplyErrorCode, type ApplyResult } from "../../src/patch/apply.js";
import { readYaml, sharedFile, sharedMissing, sharedTest as test } from "../schema/fixtures.js";

// The CRD of a shared scenario gives the custom types (every test here skips without ../shared).
const crdCase = (sharedMissing ? { input: [] } : readYaml(sharedFile("scenarios/crd-01-list-map-merge.yaml"))) as { input: JsonObject[] };
const { registry } = createSchemaRegistry({ items: crdCase.input });

function typeOf(apiVersion: string, kind: string): TypeRef {
  const t = registry.resolveKind(apiVersion, kind)?.schema;
  assert.ok(t, `schema for ${kind}`);
  return t;
}

const deployment: JsonObject = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "web", namespace: "default" },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: "web" } },
    template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "app:1" }] } },
  },
};
const podSpec = (spec: JsonObject): JsonObject => ({ spec: { template: { spec } } });
const widget: JsonObject = { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w1" }, spec: { color: "blue" } };
const sa: JsonObject = { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: "sa" } };
const CONVERT = "error applying patch: failed to convert patch object to typed object: ";
const ATOMIC = "error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ";

const rows: { name: string; live: JsonObject; patch: JsonObject; code: ApplyErrorCode; message: string }[] = [
  {
    name: "unknown field",
    live: deployment, patch: { spec: { replicasx: 3 } }, code: "invalid-patch",
    message: CONVERT + ".spec.replicasx: field not declared in schema",
  },
  {
    name: "string where numeric is expected",
    live: deployment, patch: { spec: { replicas: "3" } }, code: "invalid-patch",
    message: CONVERT + ".spec.replicas: expected numeric (int or float), got string",
  },
  {
    name: "bool where numeric is expected",
    live: deployment, patch: { spec: { replicas: true } }, code: "invalid-patch",
    message: CONVERT + ".spec.replicas: expected numeric (int or float), got bool",
  },
  {
    name: "number where string is expected",
    live: deployment, patch: podSpec({ containers: [{ name: "app", image: 5 }] }), code: "invalid-patch",
    message: CONVERT + '.spec.template.spec.containers[name="app"].image: expected string, got &value.valueUnstructured{Value:5}',
  },
  {
    name: "map where string is expected",
    live: deployment, patch: podSpec({ serviceAccountName: { a: "b", c: 1.5 } }), code: "invalid-patch",
    message: CONVERT + '.spec.template.spec.serviceAccountName: expected string, got &value.valueUnstructured{Value:map[string]interface {}{"a":"b", "c":1.5}}',
  },
  {
    name: "string where boolean is expected",
    live: deployment, patch: podSpec({ hostNetwork: "yes" }), code: "invalid-patch",
    message: CONVERT + ".spec.template.spec.hostNetwork: expected boolean, got &{yes}",
  },
  {
    name: "map where any scalar is expected (Quantity)",
    live: deployment, patch: podSpec({ containers: [{ name: "app", resources: { limits: { cpu: { m: 1 } } } }] }), code: "invalid-patch",
    message: CONVERT + '.spec.template.spec.containers[name="app"].resources.limits.cpu: expected any scalar, got &{map[m:1]}',
  },
  {
    name: "scalar where a struct is expected",
    live: deployment, patch: { spec: { template: "x" } }, code: "invalid-patch",
    message: CONVERT + ".spec.template: expected map, got &{x}",
  },
  {
    name: "scalar where a list is expected",
    live: deployment, patch: podSpec({ containers: "x" }), code: "invalid-patch",
    message: CONVERT + ".spec.template.spec.containers: expected list, got &{x}",
  },
  {
    name: "duplicate list-map key",
    live: deployment, patch: podSpec({ containers: [{ name: "a" }, { name: "a" }] }), code: "invalid-patch",
    message: CONVERT + '.spec.template.spec.containers: duplicate entries for key [name="a"]',
  },
  {
    name: "duplicate compound key with a defaulted field",
    live: deployment, patch: podSpec({ containers: [{ name: "a", ports: [{ containerPort: 80 }, { containerPort: 80, protocol: "TCP" }] }] }), code: "invalid-patch",
    message: CONVERT + '.spec.template.spec.containers[name="a"].ports: duplicate entries for key [containerPort=80,protocol="TCP"]',
  },
  {
    name: "list-map item without keys and no key defaults",
    live: sa, patch: { secrets: [{ namespace: "x" }] }, code: "invalid-patch",
    message: CONVERT + '.secrets: element 0: associative list with keys has an element that omits all key fields ["name"] (and doesn\'t have default values for any key fields)',
  },
  {
    name: "CRD list-map item without any of two keys",
    live: widget, patch: { spec: { endpoints: [{ weight: 1 }] } }, code: "invalid-patch",
    message: CONVERT + '.spec.endpoints: element 0: associative list with keys has an element that omits all key fields ["host" "protocol"] (and doesn\'t have default values for any key fields)',
  },
  {
    name: "set element that is a map",
    live: widget, patch: { spec: { tags: ["a", { b: "c" }] } }, code: "invalid-patch",
    message: CONVERT + ".spec.tags: element 1: associative list without keys has an element that's a map type",
  },
  {
    name: "set element that is a list",
    live: widget, patch: { spec: { tags: [["a"]] } }, code: "invalid-patch",
    message: CONVERT + ".spec.tags: element 0: not supported: associative list with lists as elements",
  },
  {
    name: "set element that is null",
    live: widget, patch: { spec: { tags: [null] } }, code: "invalid-patch",
    message: CONVERT + ".spec.tags: element 0: associative list without keys has an element that's an explicit null",
  },
  {
    name: "duplicate set element",
    live: widget, patch: { spec: { tags: ["a", "a"] } }, code: "invalid-patch",
    message: CONVERT + '.spec.tags: duplicate entries for key [="a"]',
  },
  {
    name: "several errors are listed one per line",
    live: deployment, patch: { spec: { replicas: "1", paused: 1, template: { spec: { hostNetwork: "x" } } } }, code: "invalid-patch",
    message: CONVERT + "errors:\n  .spec.replicas: expected numeric (int or float), got string\n  .spec.paused: expected boolean, got &{1}\n  .spec.template.spec.hostNetwork: expected boolean, got &{x}",
  },
  {
    name: "atomic struct (LabelSelector)",
    live: deployment, patch: { spec: { selector: { matchLabels: { l: "v" } } } }, code: "atomic",
    message: ATOMIC + ".spec.selector",
  },
  {
    name: "every atomic node: struct, scalar list, atomic map, tolerations, empty list",
    live: deployment,
    patch: {
      spec: {
        selector: { matchLabels: { l: "v" } },
        template: {
          spec: {
            initContainers: [{ name: "i", args: ["a"], command: [] }],
            nodeSelector: { disk: "ssd" },
            tolerations: [{ key: "k", operator: "Exists" }],
          },
        },
      },
    },
    code: "atomic",
    message: ATOMIC + ".spec.selector, .spec.template.spec.initContainers[0].args, .spec.template.spec.initContainers[0].command, .spec.template.spec.nodeSelector, .spec.template.spec.tolerations",
  },
  {
    name: "atomic list-map items (LocalObjectReference) and nested selectors",
    live: deployment,
    patch: podSpec({
      imagePullSecrets: [{ name: "x" }],
      containers: [{ name: "app", env: [{ name: "E", valueFrom: { configMapKeyRef: { name: "cm", key: "k" } } }] }],
    }),
    code: "atomic",
    message: ATOMIC + ".spec.template.spec.imagePullSecrets[0], .spec.template.spec.containers[0].env[0].valueFrom.configMapKeyRef",
  },
  {
    name: "CRD: list without list-type, atomic list and atomic map",
    live: widget, patch: { spec: { hosts: ["a"], zones: ["z"], owner: { name: "n" } } }, code: "atomic",
    message: ATOMIC + ".spec.hosts, .spec.zones, .spec.owner",
  },
  {
    name: "invalid live object (undeclared field)",
    live: { ...deployment, spec: { ...(deployment.spec as JsonObject), bogus: 1 } }, patch: { spec: { replicas: 2 } }, code: "invalid-live",
    message: "error applying patch: failed to convert original object to typed object: .spec.bogus: field not declared in schema",
  },
];
for (const r of rows) {
  test(`apply refuses: ${r.name}`, () => {
    const t = typeOf(r.live.apiVersion as string, r.live.kind as string);
    const res = applyConfiguration(r.live, r.patch, t);
    assert.deepEqual(res, { ok: false, code: r.code, message: r.message });
  });
}

test("apply accepts: duplicate keys on the live side (1.35+ AllowDuplicates)", () => {
  const live = { ...deployment, spec: { ...(deployment.spec as JsonObject), template: { spec: { containers: [{ name: "a", image: "1" }, { name: "a", image: "2" }] } } } };
  const res = applyConfiguration(live, podSpec({ containers: [{ name: "a", image: "3" }] }), typeOf("apps/v1", "Deployment"));
  assert.ok(res.ok);
  assert.deepEqual((res.object.spec as JsonObject).template, { spec: { containers: [{ name: "a", image: "3" }] } });
});

test("apply accepts: lists under undeclared keys are not refused (labels, free-form maps)", () => {
  const res = applyConfiguration(widget, { spec: { settings: { a: "b" } }, metadata: { labels: { x: "y" } } }, typeOf("example.com/v1", "Widget"));
  assert.ok(res.ok);
  assert.deepEqual(res.object.spec, { color: "blue", settings: { a: "b" } });
});

test("apply forces apiVersion and kind of the patch to the live object's", () => {
  const res = applyConfiguration(deployment, { apiVersion: "v1", kind: "Pod", spec: { replicas: 2 } }, typeOf("apps/v1", "Deployment"));
  assert.ok(res.ok);
  assert.equal(res.object.apiVersion, "apps/v1");
  assert.equal(res.object.kind, "Deployment");
  assert.equal((res.object.spec as JsonObject).replicas, 2);
});

// No schema (§6.6): deduced type, maps granular, scalars replace, every list refused.
const unknownLive: JsonObject = { apiVersion: "x.io/v1", kind: "Thing", metadata: { name: "t", labels: { a: "1" } }, spec: { n: 1, items: ["a"] } };
const deduced: { name: string; patch: JsonObject; expected: ApplyResult }[] = [
  {
    name: "maps merge granularly and scalars replace",
    patch: { metadata: { labels: { b: "2" } }, spec: { n: 2, m: { k: true } } },
    expected: { ok: true, object: { apiVersion: "x.io/v1", kind: "Thing", metadata: { name: "t", labels: { a: "1", b: "2" } }, spec: { n: 2, items: ["a"], m: { k: true } } },
      rewrites: [
        { at: ["metadata", "labels", "b"], before: undefined, after: "2" },
        { at: ["spec", "n"], before: 1, after: 2 },
        { at: ["spec", "m"], before: undefined, after: { k: true } },
      ],
    },
  },
  {
    name: "every list in the patch is refused, also under undeclared keys",
    patch: { metadata: { finalizers: ["f"] }, spec: { items: ["b"], deep: { l: [] } } },
    expected: { ok: false, code: "atomic", message: ATOMIC + ".metadata.finalizers, .spec.items, .spec.deep.l" },
  },
];
for (const d of deduced) {
  test(`no schema: ${d.name}`, () => {
    assert.deepEqual(applyConfigurationDeduced(unknownLive, d.patch), d.expected);
  });
}

// Nulls a CEL expression wrote (MAP apply configurations: protobuf NULL_VALUEs to SMD) fail
// wherever they are, each with the message of the form SMD walks (texts checked with
// shared/oracle/admission); a JSON null (patchNulls "json") stays valid except as a keyed list's element.
const celNulls: { name: string; live: JsonObject; patch: JsonObject; message: string; jsonNullValid?: false }[] = [
  { name: "a struct field", live: deployment, patch: { spec: { strategy: null } }, message: CONVERT + ".spec.strategy: expected map, got &{NULL_VALUE}" },
  { name: "a map", live: sa, patch: { metadata: { labels: null } }, message: CONVERT + ".metadata.labels: expected map, got &{NULL_VALUE}" },
  { name: "a map value (string)", live: sa, patch: { metadata: { labels: { a: null } } }, message: CONVERT + ".metadata.labels.a: expected string, got &value.valueUnstructured{Value:0}" },
  { name: "a numeric field", live: deployment, patch: { spec: { replicas: null } }, message: CONVERT + ".spec.replicas: expected numeric (int or float), got structpb.NullValue" },
  { name: "a boolean field", live: deployment, patch: { spec: { paused: null } }, message: CONVERT + ".spec.paused: expected boolean, got &{NULL_VALUE}" },
  { name: "a list", live: deployment, patch: podSpec({ containers: null }), message: CONVERT + ".spec.template.spec.containers: expected list, got &{NULL_VALUE}" },
  {
    name: "an element of a keyed list",
    live: deployment, patch: podSpec({ containers: [null] }), jsonNullValid: false,
    message: CONVERT + ".spec.template.spec.containers: element 0: associative list with keys may not have non-map elements",
  },
  {
    name: "an untyped scalar (int-or-string)",
    live: deployment, patch: { spec: { strategy: { rollingUpdate: { maxSurge: null } } } },
    message: CONVERT + ".spec.strategy.rollingUpdate.maxSurge: expected any scalar, got &{NULL_VALUE}",
  },
  {
    name: "several at once, in patch order (SMD walks a Go map: its order varies)",
    live: deployment, patch: { spec: { replicas: null, paused: null } },
    message: CONVERT + "errors:\n  .spec.replicas: expected numeric (int or float), got structpb.NullValue\n  .spec.paused: expected boolean, got &{NULL_VALUE}",
  },
];
for (const r of celNulls) {
  test(`apply refuses a CEL null: ${r.name}`, () => {
    const type = typeOf(String(r.live.apiVersion), String(r.live.kind));
    assert.deepEqual(applyConfiguration(r.live, r.patch, type, { patchNulls: "cel" }), { ok: false, code: "invalid-patch", message: r.message });
    assert.equal(applyConfiguration(r.live, r.patch, type).ok, r.jsonNullValid ?? true, "a JSON null");
  });
}

test("no schema: a CEL null fails too (deduced type: the map form first)", () => {
  assert.deepEqual(applyConfigurationDeduced(unknownLive, { spec: { n: null } }, undefined, "cel"), {
    ok: false, code: "invalid-patch", message: CONVERT + ".spec.n: expected map, got &{NULL_VALUE}",
  });
});

// Bytes a CEL expression wrote (MAP apply configurations: a Go []byte to SMD, a value of no kind)
// fail wherever they are; kmutate's JSON form holds base64 strings there, marked by `patchBytes`.
// Texts checked with shared/oracle/admission.
const b1 = new Uint8Array([0x31]), bx = new Uint8Array([0x78]), bab = new Uint8Array([0x61, 0x62]);
/** The patch `{...}` with bytes `b` at `keys` (its base64 text in the JSON), and the marks saying so. */
function withBytes(keys: (string | number)[], b: Uint8Array): { patch: JsonObject; marks: Map<object, Map<string | number, Uint8Array>> } {
  const patch: JsonObject = {};
  let container: JsonObject | JsonObject[string][] = patch;
  for (let i = 0; i < keys.length - 1; i++) {
    const next: JsonObject | JsonObject[string][] = typeof keys[i + 1] === "number" ? [] : {};
    (container as Record<string | number, unknown>)[keys[i]!] = next;
    container = next;
  }
  const last = keys[keys.length - 1]!;
  (container as Record<string | number, unknown>)[last] = Buffer.from(b).toString("base64");
  return { patch, marks: new Map([[container, new Map([[last, b]])]]) };
}
const celBytes: { name: string; live: JsonObject; keys: (string | number)[]; b: Uint8Array; message: string }[] = [
  { name: "a string (map value)", live: sa, keys: ["metadata", "annotations", "a"], b: bab, message: CONVERT + ".metadata.annotations.a: expected string, got &value.valueUnstructured{Value:[]uint8{0x61, 0x62}}" },
  { name: "an empty one as a string", live: sa, keys: ["metadata", "annotations", "a"], b: new Uint8Array(), message: CONVERT + ".metadata.annotations.a: expected string, got &value.valueUnstructured{Value:[]uint8{}}" },
  { name: "a numeric field", live: deployment, keys: ["spec", "replicas"], b: b1, message: CONVERT + ".spec.replicas: expected numeric (int or float), got []uint8" },
  { name: "a boolean field", live: deployment, keys: ["spec", "paused"], b: b1, message: CONVERT + ".spec.paused: expected boolean, got &{[49]}" },
  { name: "a map", live: sa, keys: ["metadata", "labels"], b: bx, message: CONVERT + ".metadata.labels: expected map, got &{[120]}" },
  { name: "a list", live: deployment, keys: ["spec", "template", "spec", "containers"], b: bx, message: CONVERT + ".spec.template.spec.containers: expected list, got &{[120]}" },
  {
    name: "an element of a keyed list", live: deployment, keys: ["spec", "template", "spec", "containers", 0], b: bx,
    message: CONVERT + ".spec.template.spec.containers: element 0: associative list with keys may not have non-map elements",
  },
  {
    name: "an untyped scalar (int-or-string)", live: deployment, keys: ["spec", "strategy", "rollingUpdate", "maxSurge"], b: b1,
    message: CONVERT + ".spec.strategy.rollingUpdate.maxSurge: expected any scalar, got &{[49]}",
  },
];
for (const r of celBytes) {
  test(`apply refuses CEL bytes: ${r.name}`, () => {
    const type = typeOf(String(r.live.apiVersion), String(r.live.kind));
    const { patch, marks } = withBytes(r.keys, r.b);
    assert.deepEqual(applyConfiguration(r.live, patch, type, { patchNulls: "cel", patchBytes: marks }), { ok: false, code: "invalid-patch", message: r.message });
  });
}

test("apply accepts the same base64 text when it was no CEL bytes value", () => {
  const { patch } = withBytes(["metadata", "annotations", "a"], bab);
  assert.equal(applyConfiguration(sa, patch, typeOf("v1", "ServiceAccount"), { patchNulls: "cel" }).ok, true);
});

test("bytes at the root of the patch are found on its copy with the live kind", () => {
  const patch: JsonObject = { metadata: { name: "x" }, spec: "MQ==" };
  const marks = new Map([[patch, new Map<string | number, Uint8Array>([["spec", b1]])]]);
  assert.deepEqual(applyConfiguration(deployment, patch, typeOf("apps/v1", "Deployment"), { patchBytes: marks }), {
    ok: false, code: "invalid-patch", message: CONVERT + ".spec: expected map, got &{[49]}",
  });
});

test("no schema: CEL bytes fail too (deduced type: the map form first)", () => {
  const { patch, marks } = withBytes(["spec", "n"], b1);
  assert.deepEqual(applyConfigurationDeduced(unknownLive, patch, undefined, "cel", marks), {
    ok: false, code: "invalid-patch", message: CONVERT + ".spec.n: expected map, got &{[49]}",
  });
});
