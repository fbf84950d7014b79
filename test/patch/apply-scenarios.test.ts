// The shared ApplyConfiguration scenarios (../shared/scenarios apply-*, merge-*, crd-*), with each
// policy's CEL `Object{…}` transcribed by hand into its patch value: the merge and its errors
// must give the scenario's expected object or error text (CEL is tested elsewhere).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import { createSchemaRegistry } from "../../src/schema/index.js";
import { applyConfiguration } from "../../src/patch/apply.js";
import { readYaml, sharedFile, sharedMissing } from "../schema/fixtures.js";

interface Scenario {
  input: JsonObject[];
  expect: { objects?: JsonObject[]; errors?: string[] };
}

const tpl = (spec: JsonObject): JsonObject => ({ spec: { template: { spec } } });
const c = (name: string, extra: JsonObject = {}): JsonObject => ({ name, ...extra });
const X = "registry.example.com/x:2.0";

const cases: { file: string; patch: (live: JsonObject) => JsonObject }[] = [
  { file: "apply-01-add-volume-to-list-map", patch: () => tpl({ volumes: [{ name: "y", emptyDir: {} }] }) },
  { file: "apply-02-update-volume-entry", patch: () => tpl({ volumes: [{ name: "y", hostPath: { path: "a" } }] }) },
  {
    file: "apply-03-conditional-replicas",
    patch: (live) => {
      const r = (live.spec as JsonObject).replicas as number;
      return { spec: { replicas: r % 2 === 0 ? r + 1 : r } };
    },
  },
  {
    file: "apply-04-complex-initialisation",
    patch: () => ({
      spec: {
        replicas: 1,
        template: {
          metadata: { labels: { app: "nginx" } },
          spec: { containers: [c("nginx", { image: "nginx:1.14.2", ports: [{ containerPort: 80 }], resources: { limits: { cpu: "128M" } } })] },
        },
      },
    }),
  },
  { file: "apply-05-atomic-selector-refused", patch: () => ({ spec: { selector: { matchLabels: { l: "v" } } } }) },
  { file: "apply-07-unknown-field-refused", patch: () => ({ spec: { replicasx: 1 } }) },
  { file: "apply-13-node-selector-atomic-map", patch: () => ({ spec: { nodeSelector: { disktype: "ssd" } } }) },
  { file: "apply-14-container-args-atomic-list", patch: () => tpl({ containers: [c("app", { args: ["--verbose"] })] }) },
  {
    file: "apply-16-tolerations-atomic-list",
    patch: () => ({ spec: { tolerations: [{ key: "dedicated", operator: "Equal", value: "batch", effect: "NoSchedule" }] } }),
  },
  { file: "apply-20-empty-map-removes-nothing", patch: () => ({ metadata: { labels: {} } }) },
  { file: "apply-21-configmap-data-granular-merge", patch: () => ({ metadata: { annotations: { foo: "bar" } }, data: { myfield: "myvalue" } }) },
  {
    file: "apply-26-pod-labels-and-annotations",
    patch: () => ({ metadata: { labels: { team: "payments" }, annotations: { "example.com/owner": "payments@example.com" } } }),
  },
  { file: "apply-27-service-port-appended", patch: () => ({ spec: { ports: [{ name: "metrics", port: 9090, targetPort: 9090 }] } }) },
  { file: "apply-30-env-value-updated", patch: () => tpl({ containers: [c("app", { env: [{ name: "LOG_LEVEL", value: "debug" }] })] }) },
  { file: "apply-31-resource-limits-granular-map", patch: () => tpl({ containers: [c("app", { resources: { limits: { memory: "256Mi" } } })] }) },
  { file: "apply-34-empty-object-is-noop", patch: () => ({}) },
  {
    file: "apply-35-sidecar-init-container-appended",
    patch: () => ({ spec: { initContainers: [c("mesh-proxy", { image: "mesh/proxy:v1.0.0", restartPolicy: "Always" })] } }),
  },
  { file: "merge-01-relist-existing-keeps-fields", patch: () => tpl({ containers: [c("a")] }) },
  { file: "merge-02-new-item-appended", patch: () => tpl({ containers: [c("x", { image: X })] }) },
  { file: "merge-03-shared-then-new", patch: () => tpl({ containers: [c("a"), c("x", { image: X })] }) },
  { file: "merge-07-new-before-shared", patch: () => tpl({ containers: [c("x", { image: X }), c("a")] }) },
  { file: "merge-08-new-after-shared", patch: () => tpl({ containers: [c("b"), c("x", { image: X })] }) },
  { file: "merge-15-merged-item-keeps-live-fields", patch: () => tpl({ containers: [c("app", { imagePullPolicy: "Always" })] }) },
  {
    file: "crd-01-list-map-merge",
    patch: () => ({ spec: { ports: [{ name: "http", port: 8080 }, { name: "metrics", port: 9090 }] } }),
  },
  { file: "crd-03-list-without-list-type-is-atomic", patch: () => ({ spec: { hosts: ["b.example.com"] } }) },
  { file: "crd-06-additional-properties-granular", patch: () => ({ spec: { settings: { retries: "3" } } }) },
  { file: "crd-07-unknown-field-refused", patch: () => ({ spec: { shape: "round" } }) },
];

const isPolicyKind = (o: JsonObject): boolean =>
  String(o.apiVersion).startsWith("admissionregistration.k8s.io/") || o.kind === "CustomResourceDefinition";

for (const k of cases) {
  test(`scenario ${k.file}`, { skip: sharedMissing }, () => {
    const sc = readYaml(sharedFile(`scenarios/${k.file}.yaml`)) as Scenario;
    const { registry, problems } = createSchemaRegistry({ items: sc.input as JsonValue[] });
    assert.deepEqual(problems, []);
    const targets = sc.input.filter((o) => !isPolicyKind(o));
    assert.equal(targets.length, 1, "one admitted object");
    const live = targets[0];
    const info = registry.resolveKind(live.apiVersion as string, live.kind as string);
    assert.ok(info?.schema, "schema known");
    const res = applyConfiguration(live, k.patch(live), info.schema);
    if (sc.expect.errors) {
      assert.equal(res.ok, false);
      if (!res.ok) for (const e of sc.expect.errors) assert.ok(res.message.includes(e), `${res.message} ∌ ${e}`);
    } else {
      assert.ok(res.ok, res.ok ? "" : res.message);
      const expected = (sc.expect.objects ?? []).find((o) => o.kind === live.kind);
      assert.deepEqual(res.object, expected);
    }
  });
}
