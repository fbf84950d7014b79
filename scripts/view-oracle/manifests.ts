// Seeded random manifests of the built-in kinds for the typed-decode differential: shaped by the
// Go types (src/schema typed shapes), with zero values, nulls, empty lists and maps, custom
// types (quantities, times, int-or-strings, base64) and, now and then, an unknown field or a
// wrong JSON type. Keys are sorted at every level, as kubectl sends them.
import { goKinds, goStruct, type GoShape } from "../../src/schema/index.js";
import { createRng, type Rng } from "../../bench/rng.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The kinds the view oracle's scheme registers (the GA groups of k8s.io/api). */
export function oracleKinds(): { apiVersion: string; kind: string; type: string }[] {
  const ga = new Set([
    "admissionregistration.k8s.io", "apps", "authentication.k8s.io", "authorization.k8s.io", "autoscaling", "batch",
    "certificates.k8s.io", "coordination.k8s.io", "", "discovery.k8s.io", "events.k8s.io", "flowcontrol.apiserver.k8s.io",
    "networking.k8s.io", "node.k8s.io", "policy", "rbac.authorization.k8s.io", "resource.k8s.io", "scheduling.k8s.io", "storage.k8s.io",
  ]);
  return goKinds().filter((k) => {
    const [group, version] = k.apiVersion.includes("/") ? k.apiVersion.split("/") : ["", k.apiVersion];
    return ga.has(group) && (version === "v1" || (group === "autoscaling" && version === "v2"));
  });
}

/** Sorted keys at every level (kubectl marshals maps with sorted keys). */
export function sortKeys(v: Json): Json {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === "object") {
    const out: { [k: string]: Json } = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
    return out;
  }
  return v;
}

interface Gen {
  rng: Rng;
  /** Chance that one value is of a wrong JSON type. */
  wrong: number;
}

const STRINGS = ["", "a", "web", "nginx:1.27", "x-y.z", "TCP", "Always"];
const INTS = [0, 1, 3, 80, 8080, -1, 2147483647];
const QUANTITIES: Json[] = ["1", "100m", "1000m", "1024Mi", "0.5", "2Gi", "1e3", "0", 1, 0.25, "  3  "];
const TIMES = ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123+02:00", "0001-01-01T00:00:00Z", "2020-02-29T23:59:59-01:30"];
const MICRO_TIMES = ["2024-01-02T03:04:05.123456Z", "2024-01-02T03:04:05.000001+01:00"];
const BAD: Record<string, Json[]> = {
  int32: [2147483648, 1.5, "5", true],
  int64: [1.5, "5", [1]],
  string: [5, false, { a: "b" }],
  bool: ["true", 0],
  bytes: ["YQ", "not base64!", 3],
  quantity: ["abc", "1.2.3", true],
  intOrString: [1.5, true, 2147483648],
  time: ["yesterday", "2024-13-01T00:00:00Z", "2024-02-30T00:00:00Z", 5, "2024-01-02 03:04:05Z"],
  microTime: ["2024-01-02T03:04:05Z", 7],
};

function wrongValue(g: Gen, s: GoShape): Json {
  const bad = BAD[s.kind];
  if (bad !== undefined) return g.rng.pick(bad);
  if (s.kind === "slice") return g.rng.pick(["x", { a: 1 }]);
  if (s.kind === "map" || s.kind === "struct") return g.rng.pick(["x", [1], 4]);
  return "x";
}

function value(g: Gen, s: GoShape, depth: number): Json {
  const { rng } = g;
  if (rng.chance(g.wrong)) return wrongValue(g, s);
  if (rng.chance(0.05)) return null;
  switch (s.kind) {
    case "string":
      return rng.pick(STRINGS);
    case "int32":
    case "int64":
      return rng.pick(s.kind === "int64" ? [...INTS, 9007199254740991] : INTS);
    case "bool":
      return rng.chance(0.5);
    case "bytes":
      return rng.pick(["YQ==", "aGVsbG8=", "", "Y\nQ==", "YR=="]);
    case "quantity":
      return rng.pick(QUANTITIES);
    case "intOrString":
      return rng.pick([0, 80, "http", "25%", ""]);
    case "time":
      return rng.pick(TIMES);
    case "microTime":
      return rng.pick(MICRO_TIMES);
    case "raw":
      return rng.pick<Json>([{ a: 1 }, [1, "x"], "s", { nested: { b: [true, null] } }]);
    case "pointer":
      return value(g, s.elem, depth);
    case "slice":
      if (depth > 5) return [];
      return Array.from({ length: rng.pick([0, 1, 1, 2]) }, () => value(g, s.elem, depth + 1));
    case "map": {
      if (depth > 5) return {};
      const out: { [k: string]: Json } = {};
      for (let i = rng.pick([0, 1, 1, 2]); i > 0; i--) {
        Object.defineProperty(out, rng.pick(["k", "app", "x.y/z", "__proto__"]), { value: value(g, s.elem, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case "struct":
      return struct(g, s.type, depth + 1);
  }
}

function struct(g: Gen, type: string, depth: number): Json {
  const st = goStruct(type);
  const out: { [k: string]: Json } = {};
  if (st === undefined || depth > 6) return out;
  const p = depth <= 1 ? 0.5 : depth <= 3 ? 0.3 : 0.15;
  for (const f of st.fields) if (g.rng.chance(p)) out[f.name] = value(g, f.shape, depth);
  if (g.rng.chance(0.03)) out[g.rng.pick(["extra", "Labels", "unknownField"])] = g.rng.pick<Json>([1, "x", { a: 1 }]);
  return out;
}

/** One random manifest of `kind` (apiVersion, kind and a name always set). */
export function randomManifest(rng: Rng, kind: { apiVersion: string; kind: string; type: string }, wrong: number): Json {
  const g: Gen = { rng, wrong };
  const body = struct(g, kind.type, 1);
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new Error("a struct is an object");
  const meta = struct({ rng, wrong: wrong / 4 }, "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", 2);
  const metadata = meta !== null && typeof meta === "object" && !Array.isArray(meta) ? meta : {};
  return sortKeys({ ...body, apiVersion: kind.apiVersion, kind: kind.kind, metadata: { ...metadata, name: "x" } });
}

/** `count` seeded cases over the oracle's kinds (round robin), ids `decode-NNNN`. */
export function generateManifests(seed: number, count: number): { id: string; object: Json }[] {
  const rng = createRng(seed);
  const kinds = oracleKinds();
  return Array.from({ length: count }, (_, i) => ({
    id: `decode-${String(i).padStart(4, "0")}`,
    object: randomManifest(rng, kinds[i % kinds.length], rng.pick([0, 0.005, 0.02, 0.05])),
  }));
}
