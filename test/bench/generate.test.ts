// Tests of the benchmark workload generator: deterministic output, a well-formed ResourceList
// whose counts match the options, consistent policy/binding/param references, and matchConditions
// that evaluate to a bool (never an error) on generated and on bare objects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { run } from "@bufbuild/cel";
import { mutate } from "../../src/index.js";
import { generateWorkload, serialiseResourceList } from "../../bench/workload.js";
import { policyTemplates } from "../../bench/workload-policies.js";

// A test-local, untyped view of parsed YAML (never crosses a module boundary).
// biome-ignore lint/suspicious/noExplicitAny: a test-local, untyped view of parsed YAML
type Obj = Record<string, any>;

const policyKinds = new Set(["MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding"]);
const clusterScoped = new Set(["Namespace", "CustomResourceDefinition", ...policyKinds]);
const kindOfResource: Record<string, string> = {
  pods: "Pod",
  services: "Service",
  configmaps: "ConfigMap",
  deployments: "Deployment",
  statefulsets: "StatefulSet",
  widgets: "Widget",
};

function load(objects: number, policies: number, seed = 1): { text: string; list: Obj } {
  const text = serialiseResourceList(generateWorkload({ objects, policies, seed }).list, "yaml");
  return { text, list: yaml.load(text) as Obj };
}

function isParam(item: Obj, list: Obj): boolean {
  return (
    item.kind === "ConfigMap" &&
    list.items.some((b: Obj) => b.kind === "MutatingAdmissionPolicyBinding" && b.spec.policyName && item.metadata.name.startsWith(b.spec.policyName))
  );
}

const sizes = [
  { name: "tiny list without policies", objects: 8, policies: 0 },
  { name: "small list with one policy of each template", objects: 200, policies: policyTemplates.length },
  { name: "1k objects x 100 policies", objects: 1000, policies: 100 },
];

for (const { name, objects, policies } of sizes) {
  test(`generator is deterministic: ${name}`, () => {
    const a = generateWorkload({ objects, policies, seed: 7 }).list;
    const b = generateWorkload({ objects, policies, seed: 7 }).list;
    assert.equal(serialiseResourceList(a, "yaml"), serialiseResourceList(b, "yaml"));
    assert.equal(serialiseResourceList(a, "json"), serialiseResourceList(b, "json"));
  });

  test(`generator output is a well-formed ResourceList: ${name}`, () => {
    const { list } = load(objects, policies);
    assert.equal(list.apiVersion, "config.kubernetes.io/v1");
    assert.equal(list.kind, "ResourceList");
    assert.ok(Array.isArray(list.items));
    const ids = new Set<string>();
    for (const item of list.items as Obj[]) {
      assert.equal(typeof item.apiVersion, "string");
      assert.equal(typeof item.kind, "string");
      assert.equal(typeof item.metadata?.name, "string");
      assert.equal(typeof item.metadata.annotations?.["config.kubernetes.io/path"], "string");
      assert.equal(clusterScoped.has(item.kind), item.metadata.namespace === undefined, `${item.kind} ${item.metadata.name} scope`);
      const id = `${item.apiVersion}/${item.kind}/${item.metadata.namespace ?? ""}/${item.metadata.name}`;
      assert.ok(!ids.has(id), `duplicate ${id}`);
      ids.add(id);
    }
    const manifests = list.items.filter((i: Obj) => !policyKinds.has(i.kind) && !isParam(i, list));
    assert.equal(manifests.length, objects);
    assert.equal(list.items.filter((i: Obj) => i.kind === "MutatingAdmissionPolicy").length, policies);
  });
}

test("different seeds give different lists", () => {
  assert.notEqual(load(100, 8, 1).text, load(100, 8, 2).text);
});

test("JSON and YAML serialisations hold the same list", () => {
  const { list } = generateWorkload({ objects: 100, policies: 16 });
  assert.deepEqual(JSON.parse(serialiseResourceList(list, "json")), yaml.load(serialiseResourceList(list, "yaml")));
});

test("bindings, params and namespaces refer to items that exist", () => {
  const { list } = load(1000, 100);
  const items = list.items as Obj[];
  const policyByName = new Map(items.filter((i) => i.kind === "MutatingAdmissionPolicy").map((p) => [p.metadata.name, p]));
  const namespaces = new Set(items.filter((i) => i.kind === "Namespace").map((n) => n.metadata.name));
  for (const item of items) if (item.metadata.namespace) assert.ok(namespaces.has(item.metadata.namespace), item.metadata.namespace);
  const bindings = items.filter((i) => i.kind === "MutatingAdmissionPolicyBinding");
  assert.equal(bindings.length, 100);
  for (const b of bindings) {
    const policy = policyByName.get(b.spec.policyName);
    assert.ok(policy, `binding ${b.metadata.name} names a missing policy`);
    assert.equal(b.apiVersion, policy.apiVersion);
    assert.equal(Boolean(policy.spec.paramKind), Boolean(b.spec.paramRef), `${b.metadata.name}: paramKind iff paramRef`);
    const ref = b.spec.paramRef;
    if (ref?.selector) {
      const wanted = Object.entries(ref.selector.matchLabels as Record<string, string>);
      const found = items.filter(
        (i) => i.kind === "ConfigMap" && i.metadata.namespace === ref.namespace && wanted.every(([k, v]) => i.metadata.labels?.[k] === v),
      );
      assert.ok(found.length > 0, `${b.metadata.name}: selector matches no param`);
    } else if (ref?.name) {
      assert.ok(items.some((i) => i.kind === "ConfigMap" && i.metadata.name === ref.name), `${b.metadata.name}: no param named ${ref.name}`);
    }
  }
});

test("the generate CLI writes the same list as the library", () => {
  const script = fileURLToPath(new URL("../../bench/generate.js", import.meta.url));
  const cli = spawnSync(process.execPath, [script, "--objects", "50", "--policies", "9", "--seed", "3"], { encoding: "utf8" });
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.stdout, load(50, 9, 3).text);
  const bad = spawnSync(process.execPath, [script, "--objects", "2"], { encoding: "utf8" });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /objects must be/);
});

function toCel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCel);
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value) : value;
  if (typeof value === "object" && value !== null) return new Map(Object.entries(value).map(([k, v]) => [k, toCel(v)]));
  return value;
}

test("matchConditions evaluate to a bool on generated objects and on bare ones", () => {
  const { list } = load(400, policyTemplates.length * 2);
  const items = list.items as Obj[];
  let evaluated = 0;
  let skippedOptional = 0;
  for (const policy of items.filter((i) => i.kind === "MutatingAdmissionPolicy")) {
    const kinds = new Set<string>(policy.spec.matchConstraints.resourceRules.flatMap((r: Obj) => r.resources.map((res: string) => kindOfResource[res])));
    const targets = items.filter((i) => kinds.has(i.kind)).slice(0, 60);
    assert.ok(targets.length > 0, `${policy.metadata.name} matches no generated kind`);
    targets.push(...targets.map((t) => ({ apiVersion: t.apiVersion, kind: t.kind, metadata: { name: "bare", namespace: "x" } })));
    const params = { data: { costCenter: "cc-1" } };
    for (const condition of policy.spec.matchConditions ?? []) {
      // @bufbuild/cel has no optional syntax (`.?`, `[?]`): those conditions wait for kmutate's engine.
      if (condition.expression.includes("?")) {
        skippedOptional++;
        continue;
      }
      for (const object of targets) {
        const vars = { object: toCel(object), request: toCel({ namespace: object.metadata.namespace }), params: toCel(params) };
        const result = run(condition.expression, vars as never);
        assert.equal(typeof result, "boolean", `${policy.metadata.name}/${condition.name} on ${object.kind} ${object.metadata.name}: ${String(result)}`);
        evaluated++;
      }
    }
  }
  assert.ok(evaluated > 500, `only ${evaluated} evaluations`);
  assert.ok(skippedOptional < evaluated, "most conditions must be checked");
});

test("kmutate admits a workload without error or warning results, and every template mutates something", () => {
  const { list } = generateWorkload({ objects: 300, policies: policyTemplates.length * 2 });
  const out = mutate(list.items);
  // At 300 objects a generated policy may select none of them (a run notice, tags.code unmatched-policy).
  const problems = out.results.filter((r) => r.severity !== "info" && r.tags?.code !== "unmatched-policy").map((r) => r.message);
  assert.deepEqual(problems.slice(0, 3), []);
  assert.equal(out.items.length, list.items.length);
  const mutatedBy = new Set<string>();
  // One info result per invocation that changed objects, tagged with its policy and the count.
  for (const r of out.results) {
    if (r.severity !== "info" || r.tags?.objects === undefined) continue;
    const m = /^bench-([a-z-]+)-\d+$/.exec(r.tags.policy ?? "");
    if (m) mutatedBy.add(m[1]);
  }
  assert.deepEqual([...mutatedBy].sort(), [...policyTemplates].sort());
});
