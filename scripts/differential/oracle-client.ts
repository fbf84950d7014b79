// Runs one generated case through the admission oracle (k8s.io/apiserver v0.36.3, built from
// ../shared/oracle/admission) and turns its output into CaseFacts.
import { spawn } from "node:child_process";
import type { JsonObject, JsonValue } from "../../src/data/index.js";
import type { DiffCase } from "./gen/cases.js";
import { caseHash } from "./gen/cases.js";
import { diffValue, jsonEqual, type CaseFacts, type FactError, type FactWarning } from "./facts-format.js";

interface OracleError {
  object: string;
  message: string;
  causes?: string[];
  phase?: string;
}

interface OracleOutput {
  items: JsonObject[];
  errors: OracleError[];
  warnings?: OracleError[];
}

/** The oracle's own warning about a Namespace it assumed (glue, not apiserver behaviour): not kept. */
const assumedNamespace = /^namespace ".*" is not in the input; assumed to exist without labels$/;

/** The oracle's identity of an item (`apiVersion/kind/namespace/name`, namespace as written). */
export function oracleId(o: JsonObject): string {
  const md = (o.metadata ?? {}) as JsonObject;
  return `${String(o.apiVersion)}/${String(o.kind)}/${typeof md.namespace === "string" ? md.namespace : ""}/${typeof md.name === "string" ? md.name : ""}`;
}

/** The oracle's input document for a case. */
export function oracleInput(c: DiffCase): string {
  return JSON.stringify({
    items: c.items,
    operation: c.operation,
    userInfo: c.options.userInfo ?? null,
    dryRun: c.options.dryRun ?? false,
    authorizerDecision: c.options.authorizer ?? "NoOpinion",
    defaultNamespace: "default",
    typed: "auto",
  });
}

function run(oracle: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(oracle, [], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`oracle exit ${code}: ${err.slice(0, 500)}`))));
    child.stdin.end(input);
  });
}

/** Problems that mean the generator made an input the oracle cannot admit as the apiserver would. */
export class OracleProblem extends Error {}

/** Runs the oracle on a case and returns its facts. */
export async function oracleFacts(oracle: string, c: DiffCase): Promise<CaseFacts> {
  const out = JSON.parse(await run(oracle, oracleInput(c))) as OracleOutput;
  if (out.items.length !== c.items.length) throw new OracleProblem(`${c.id}: oracle returned ${out.items.length} items for ${c.items.length}`);
  const index = new Map<string, number>();
  c.items.forEach((it, i) => {
    const id = oracleId(it);
    if (index.has(id)) throw new OracleProblem(`${c.id}: two items are ${id}`);
    index.set(id, i);
  });
  const at = (e: OracleError): number => {
    const i = index.get(e.object);
    if (i === undefined) throw new OracleProblem(`${c.id}: oracle reported about unknown object ${e.object}`);
    return i;
  };
  const errors: FactError[] = out.errors.map((e) => {
    if (e.phase !== "mutating" && e.phase !== "validating") throw new OracleProblem(`${c.id}: oracle could not admit ${e.object} (${e.phase}): ${e.message}`);
    const f: FactError = { i: at(e), message: e.message };
    const causes = e.causes ?? [];
    if (!(causes.length === 1 && causes[0] === e.message)) f.causes = causes;
    if (e.phase === "validating") f.phase = "validating";
    return f;
  });
  const warnings: FactWarning[] = (out.warnings ?? []).filter((w) => !assumedNamespace.test(w.message)).map((w) => ({ i: at(w), message: w.message }));
  const items = out.items.map((o, i) => (jsonEqual(o, c.items[i]) ? 0 : diffValue(c.items[i], o as JsonValue)));
  return { id: c.id, in: caseHash(c), items, errors, warnings };
}
