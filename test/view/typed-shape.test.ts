// The Go shapes behind the server view, checked against ../shared/k8s-api/typed-shape.json (made by
// reflection over k8s.io/api v0.36.3): the view of a bare object of every built-in kind is that
// kind's ToUnstructured skeleton, and every struct's zero value is the one reflection printed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { JsonObject } from "../../src/data/index.js";
import { goKinds, goKindType, goStruct } from "../../src/schema/index.js";
import { decodeTyped, zeroStruct } from "../../src/view/index.js";
import { sharedFile, sharedTest } from "../schema/fixtures.js";

interface ShapeFile {
  kinds: { apiVersion: string; kind: string; type: string; skeleton: JsonObject }[];
  types: Record<string, { zero?: JsonObject; fields?: { name: string }[] }>;
}

const file = (): ShapeFile => JSON.parse(readFileSync(sharedFile("k8s-api/typed-shape.json"), "utf8")) as ShapeFile;

sharedTest("server view: a bare object of each of the 136 built-in kinds is its ToUnstructured skeleton", () => {
  const f = file();
  assert.equal(f.kinds.length, 136);
  assert.equal(goKinds().length, 136);
  for (const k of f.kinds) {
    assert.equal(goKindType(k.apiVersion, k.kind), k.type, `${k.apiVersion}/${k.kind}`);
    const d = decodeTyped({ apiVersion: k.apiVersion, kind: k.kind }, k.type);
    assert.deepEqual(d, { value: k.skeleton, unknown: [] }, `${k.apiVersion}/${k.kind}`);
  }
});

sharedTest("server view: the zero value of each of the 847 Go structs is the one reflection printed", () => {
  const f = file();
  const all = Object.keys(f.types);
  assert.equal(all.length, 847);
  // Quantity, IntOrString, Time and the like have their own JSON form (go-decode's custom shapes).
  const names = all.filter((n) => typeof f.types[n].zero === "object" && f.types[n].zero !== null);
  assert.equal(names.length, 841);
  for (const name of names) {
    assert.deepEqual(zeroStruct(name), f.types[name].zero ?? {}, name);
    assert.deepEqual(goStruct(name)?.fields.map((x) => x.name), (f.types[name].fields ?? []).map((x) => x.name), name);
  }
});

sharedTest("server view: the fields of a struct are decoded with their Go types (error names)", () => {
  const container = goStruct("io.k8s.api.core.v1.Container");
  assert.deepEqual(
    ["name", "resources", "livenessProbe", "ports", "resizePolicy"].map((n) => {
      const f = container?.byName.get(n);
      return [n, f?.shape.kind, f?.omitempty, f?.goType];
    }),
    [
      ["name", "string", false, "string"],
      ["resources", "struct", true, "v1.ResourceRequirements"],
      ["livenessProbe", "pointer", true, "*v1.Probe"],
      ["ports", "slice", true, "[]v1.ContainerPort"],
      ["resizePolicy", "slice", true, "[]v1.ContainerResizePolicy"],
    ],
  );
  assert.equal(goStruct("io.k8s.api.core.v1.ResourceRequirements")?.byName.get("limits")?.goType, "v1.ResourceList");
  assert.equal(goStruct("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta")?.byName.get("creationTimestamp")?.omitzero, true);
  assert.equal(goStruct("io.k8s.api.core.v1.NotAType"), undefined);
});
