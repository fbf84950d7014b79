// The view renewed along the appliers' rewrites (only the rewritten places walked, written copies
// changed in place) equals the full renewal: on random manifests of every GA kind and random apply
// configurations and JSON patches through the real appliers, every renewed view, error and
// written object is the same, key order included — and no earlier view or the manifest changes
// (renewals of scalar leaves alone, without a decode walk, among them).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { deepEqual, isObject, type JsonObject, type JsonValue, type Rewrite } from "../../src/data/index.js";
import { applyConfiguration, applyJsonPatch, type JsonPatchOperation } from "../../src/patch/index.js";
import { builtinSchema, type TypeRef } from "../../src/schema/index.js";
import { openItemView, type ItemView, type MutationView, type PatchKind } from "../../src/view/index.js";
import { rewriteTree } from "../../src/view/rewrite-tree.js";
import { structPlan, type StructPlan } from "../../src/view/decode-plan.js";
import { renewLeaves } from "../../src/view/renew-leaves.js";
import { goKindType } from "../../src/schema/index.js";
import { createRng, type Rng } from "../../bench/rng.js";
import { oracleKinds, randomManifest } from "../../scripts/view-oracle/manifests.js";

/** Whether the view is renewed as scalar leaves: {@link renewLeaves} on a scratch written object answers. */
function scalarLeaves(rewrites: readonly Rewrite[], before: JsonObject, patched: JsonObject, plan: StructPlan): boolean {
  return renewLeaves(rewrites, before, patched, plan, {}, new Set()) !== undefined;
}

/** Equal values with the same key order at every level. */
function sameOrdered(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (!deepEqual(a ?? null, b ?? null) || (a === undefined) !== (b === undefined)) return false;
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.every((k, i) => k === kb[i] && sameOrdered(a[k], b[k]));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.every((x, i) => sameOrdered(x, b[i]));
  return true;
}

/** A random part of `v` (keys kept with probability 0.4, lists and scalars whole), as an apply configuration. */
function pick(rng: Rng, v: JsonValue, depth: number): JsonValue {
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    if (depth === 0 && (k === "apiVersion" || k === "kind")) out[k] = v[k];
    else if (rng.chance(0.4)) out[k] = pick(rng, v[k], depth + 1);
  }
  return out;
}

const pointer = (path: string[]): string => path.map((k) => `/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/** One to three JSON-patch operations on places reached through maps (values from `other` where it has them). */
function jsonPatch(rng: Rng, v: JsonObject, other: JsonObject): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  for (let n = rng.range(1, 3); n > 0; n--) {
    const path: string[] = [];
    let cur: JsonValue = v;
    let alt: JsonValue | undefined = other;
    while (isObject(cur) && Object.keys(cur).length > 0 && (path.length === 0 || rng.chance(0.7))) {
      const keys: string[] = Object.keys(cur);
      const k: string = keys[rng.int(keys.length)];
      path.push(k);
      cur = cur[k];
      alt = isObject(alt) ? alt[k] : undefined;
    }
    if (path[0] === "apiVersion" || path[0] === "kind") continue;
    const r = rng.next();
    if (r < 0.2) ops.push({ op: "remove", path: pointer(path), hasValue: false });
    else if (r < 0.4) ops.push({ op: "add", path: pointer([...path.slice(0, -1), `new-${rng.int(3)}`]), hasValue: true, value: alt ?? "x" });
    else ops.push({ op: "replace", path: pointer(path), hasValue: true, value: alt ?? null });
  }
  return ops;
}

interface Mutation {
  kind: PatchKind;
  apply: (o: JsonObject) => { object: JsonObject; rewrites?: Rewrite[] } | undefined;
}

function randomMutation(rng: Rng, v: JsonObject, other: JsonObject, type: TypeRef): Mutation {
  if (rng.chance(0.5)) {
    const patch = pick(rng, other, 0) as JsonObject;
    return { kind: "ApplyConfiguration", apply: (o) => {
      const r = applyConfiguration(o, patch, type);
      return r.ok ? r : undefined;
    } };
  }
  const ops = jsonPatch(rng, v, other);
  return { kind: "JSONPatch", apply: (o) => {
    const r = applyJsonPatch(o, ops, { shareInput: true });
    return r.kind === "applied" && isObject(r.doc) ? { object: r.doc, rewrites: r.rewrites } : undefined;
  } };
}

const kinds = oracleKinds();

test("view renewal along rewrites equals the full renewal (views, errors, written objects, key order)", () => {
  let guided = 0;
  let leafy = 0;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: kinds.length - 1 }), fc.integer(), fc.integer({ min: 1, max: 8 }), (k, seed, steps) => {
      const kind = kinds[k];
      const type: TypeRef = { schema: builtinSchema(), spec: { named: kind.type } };
      const rng = createRng(seed);
      const manifest = randomManifest(rng, kind, 0) as JsonObject;
      const options = { mode: "server", defaulting: "none" } as const;
      const along = openItemView(manifest, null, kind, options);
      const full = openItemView(manifest, null, kind, options);
      if ("error" in along || "error" in full) return true;
      const snapshot = structuredClone(manifest);
      const seen: [JsonObject, JsonObject][] = [];
      let va = along.object;
      let vf = full.object;
      for (let i = 0; i < steps; i++) {
        const other = openItemView(randomManifest(rng, kind, 0) as JsonObject, null, kind, options);
        if ("error" in other) continue;
        const m = randomMutation(rng, va, other.object, type);
        const pa = m.apply(va);
        const pf = m.apply(vf);
        if (pa === undefined || pf === undefined) {
          if ((pa === undefined) !== (pf === undefined)) return false;
          continue;
        }
        if (pa.object === va) continue;
        if (pa.rewrites !== undefined && rewriteTree(pa.rewrites)?.keys) guided++;
        const plan = structPlan(goKindType(kind.apiVersion, kind.kind) ?? "");
        if (pa.rewrites !== undefined && plan !== undefined && scalarLeaves(pa.rewrites, va, pa.object, plan)) leafy++;
        const ra: MutationView = (along as ItemView).afterMutation(va, pa.object, m.kind, pa.rewrites);
        const rf: MutationView = (full as ItemView).afterMutation(vf, pf.object, m.kind);
        if ("error" in ra || "error" in rf) {
          assert.deepEqual(ra, rf);
          return true;
        }
        assert.ok(sameOrdered(ra.object, rf.object), `step ${i}: the renewed views differ`);
        seen.push([ra.object, structuredClone(ra.object)]);
        va = ra.object;
        vf = rf.object;
      }
      const wa = along.writeBack(va);
      const wf = full.writeBack(vf);
      assert.ok(sameOrdered(wa, wf), "the written objects differ");
      assert.ok(sameOrdered(manifest, snapshot), "the manifest changed");
      for (const [v, copy] of seen) assert.ok(sameOrdered(v, copy), "an earlier view changed");
      return true;
    }),
    { numRuns: 400 },
  );
  // The law is not vacuous: many mutations went the guided way.
  assert.ok(guided > 200, `only ${guided} renewals along rewrites`);
  assert.ok(leafy > 50, `only ${leafy} renewals of scalar leaves alone`);
});

test("rewrite tree: places below a rewritten place are covered by it; a list index is no map key", () => {
  const r = (at: (string | number)[]): Rewrite => ({ at, before: undefined, after: undefined });
  const t = rewriteTree([r(["metadata", "labels", "a"]), r(["metadata", "labels"]), r(["metadata", "labels", "b"]), r(["spec", "x"])]);
  assert.deepEqual([...(t?.keys?.keys() ?? [])], ["metadata", "spec"]);
  assert.equal(t?.keys?.get("metadata")?.keys?.get("labels")?.keys, null);
  assert.equal(rewriteTree([r([])])?.keys, null);
  assert.equal(rewriteTree([r(["spec", 0])]), undefined);
  assert.deepEqual([...(rewriteTree([])?.keys?.keys() ?? [])], []);
});

/** A Pod manifest for the scalar-leaf cases. */
const podManifest = (): JsonObject => ({
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "p", labels: { app: "web" } },
  spec: { hostname: "h", containers: [{ name: "c", image: "i" }], priority: 3, securityContext: { runAsUser: 5 } },
});

const leafCases: { name: string; ops: JsonPatchOperation[]; leaves: boolean }[] = [
  { name: "a new label", ops: [{ op: "add", path: "/metadata/labels/tier", hasValue: true, value: "1" }], leaves: true },
  { name: "a changed label and a new annotation map", ops: [{ op: "replace", path: "/metadata/labels/app", hasValue: true, value: "db" }, { op: "add", path: "/metadata/annotations", hasValue: true, value: { a: "b" } }], leaves: false },
  { name: "a label set to its value", ops: [{ op: "replace", path: "/metadata/labels/app", hasValue: true, value: "web" }], leaves: true },
  { name: "an omitempty string emptied (dropped by the decode)", ops: [{ op: "replace", path: "/spec/hostname", hasValue: true, value: "" }], leaves: false },
  { name: "an int32 beyond its range (a decode error)", ops: [{ op: "replace", path: "/spec/priority", hasValue: true, value: 4294967296 }], leaves: false },
  { name: "a field through a pointer", ops: [{ op: "replace", path: "/spec/securityContext/runAsUser", hasValue: true, value: 7 }], leaves: true },
  { name: "a field the type lacks (strict decoding error)", ops: [{ op: "add", path: "/spec/bogus", hasValue: true, value: "x" }], leaves: false },
  { name: "a label of the wrong JSON type", ops: [{ op: "add", path: "/metadata/labels/n", hasValue: true, value: 1 }], leaves: false },
  { name: "a removed label", ops: [{ op: "remove", path: "/metadata/labels/app", hasValue: false }], leaves: false },
  { name: "an int64 field", ops: [{ op: "add", path: "/spec/activeDeadlineSeconds", hasValue: true, value: 30 }], leaves: true },
];

for (const c of leafCases) {
  test(`scalar leaves: ${c.name} renew as the full renewal does`, () => {
    const kind = { apiVersion: "v1", kind: "Pod" };
    const options = { mode: "server", defaulting: "none" } as const;
    const manifest = podManifest();
    const along = openItemView(manifest, null, kind, options);
    const full = openItemView(podManifest(), null, kind, options);
    assert.ok(!("error" in along) && !("error" in full));
    const r = applyJsonPatch(along.object, c.ops, { shareInput: true });
    const rf = applyJsonPatch(full.object, c.ops, { shareInput: true });
    assert.ok(r.kind === "applied" && isObject(r.doc) && rf.kind === "applied" && isObject(rf.doc));
    const plan = structPlan("io.k8s.api.core.v1.Pod");
    assert.ok(plan !== undefined && r.rewrites !== undefined);
    assert.equal(scalarLeaves(r.rewrites, along.object, r.doc, plan), c.leaves, "renewed as scalar leaves");
    const va = along.afterMutation(along.object, r.doc, "JSONPatch", r.rewrites);
    const vf = full.afterMutation(full.object, rf.doc, "JSONPatch");
    assert.deepEqual(va, vf);
    if ("error" in va || "error" in vf) return;
    assert.ok(sameOrdered(va.object, vf.object));
    if (c.leaves) assert.equal(va.object, r.doc, "the patch result is the view");
    assert.ok(sameOrdered(along.writeBack(va.object), full.writeBack(vf.object)), "the written objects differ");
  });
}
