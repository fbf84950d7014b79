// JSON patch micro-benchmark (issue 7): µs per patch of one Deployment-sized object (~3 KB) with
// 1 and 3 operations, the applier alone and followed by the strict-decoding check admission runs.
import { applyJsonPatch, strictDecodingError, type JsonPatchOperation, type JsonPatchOptions } from "../src/patch/index.js";
import { createSchemaRegistry, type TypeRef } from "../src/schema/index.js";
import type { JsonObject } from "../src/data/index.js";
import { createRng } from "./rng.js";
import { deployment, withKptAnnotations } from "./workload-objects.js";

/** One measured case: a name, its operations and whether the strict-decoding check runs. */
interface Case {
  name: string;
  ops: JsonPatchOperation[];
  strict: boolean;
  options?: JsonPatchOptions;
}

/** A result row: median microseconds per patch over several rounds. */
export interface JsonPatchBenchRow {
  name: string;
  usPerPatch: number;
}

const add = (path: string, value: string): JsonPatchOperation => ({ op: "add", path, value, hasValue: true });
const replace = (path: string, value: string): JsonPatchOperation => ({ op: "replace", path, value, hasValue: true });

const oneOp = [add("/metadata/annotations/kmutate.example.com~1patched", "true")];
const threeOps = [
  ...oneOp,
  add("/metadata/labels/cost-center", "cc-1234"),
  replace("/spec/template/spec/containers/0/image", "registry.example.com/app:2.0.0"),
];

/** A deterministic Deployment of about 3 KB of compact JSON. */
export function benchDeployment(): JsonObject {
  const d = deployment(createRng(8), "checkout-api", { name: "checkout-prod-2", env: "prod", team: "checkout" });
  return withKptAnnotations(d, 42);
}

function measure(doc: JsonObject, type: TypeRef, c: Case, rounds: number, minMs: number): number {
  const once = (): void => {
    const r = applyJsonPatch(doc, c.ops, c.options);
    if (r.kind !== "applied") throw new Error(`${c.name}: ${JSON.stringify(r)}`);
    if (c.strict && strictDecodingError(type, doc, r.doc) !== undefined) throw new Error(`${c.name}: strict decoding failed`);
  };
  for (let i = 0; i < 2000; i++) once();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(minMs) * 1_000_000n) {
      for (let i = 0; i < 200; i++) once();
      n += 200;
      elapsed = process.hrtime.bigint() - start;
    }
    samples.push(Number(elapsed) / 1000 / n);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** Runs every case; `rounds` × at least `minMs` each, median reported. */
export function runJsonPatchBench(rounds = 5, minMs = 300): JsonPatchBenchRow[] {
  const doc = benchDeployment();
  const type = createSchemaRegistry().registry.resolveKind("apps/v1", "Deployment")?.schema;
  if (type === undefined) throw new Error("no built-in Deployment schema");
  const cases: Case[] = [];
  for (const [label, ops] of [["1 op", oneOp], ["3 ops", threeOps]] as const) {
    for (const shareInput of [false, true]) {
      const mode = shareInput ? "shareInput" : "fresh copy";
      cases.push({ name: `applyJsonPatch (${mode}), ${label}`, ops, strict: false, options: { shareInput } });
      cases.push({ name: `applyJsonPatch (${mode}) + strictDecodingError, ${label}`, ops, strict: true, options: { shareInput } });
    }
  }
  return cases.map((c) => ({ name: c.name, usPerPatch: measure(doc, type, c, rounds, minMs) }));
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, "/bench/"))) {
  const doc = benchDeployment();
  console.log(`Deployment: ${Buffer.byteLength(JSON.stringify(doc))} bytes of compact JSON`);
  for (const row of runJsonPatchBench()) console.log(`${row.usPerPatch.toFixed(2).padStart(8)} µs/patch  ${row.name}`);
}
