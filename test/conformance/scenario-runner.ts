// Runs one conformance scenario (format: ../shared/scenarios/README.md) through the built
// `kmutate` bin as a KRM function and compares the outcome with its expectation.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";

/** A parsed scenario file. */
export interface Scenario {
  file: string;
  description: string;
  features: string[];
  config?: unknown;
  input: unknown[];
  expect: { objects?: Record<string, unknown>[]; errors?: string[]; warnings?: string[] };
}

/** Outcome of running one scenario: empty `problems` means it passed. */
export interface ScenarioOutcome {
  problems: string[];
}

const binPath = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

/** Loads a scenario file. */
export function loadScenario(path: string): Scenario {
  const doc = yaml.load(readFileSync(path, "utf8")) as Omit<Scenario, "file">;
  return { file: path, ...doc, features: doc.features ?? [], expect: doc.expect ?? {} };
}

/** Runs the bin with `stdin`; resolves with stdout, stderr and exit code. */
export function runBin(stdin: string, args: string[] = []): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code: code ?? -1 }));
    child.stdin.end(stdin);
  });
}

/** The phrase of a ValidatingAdmissionPolicy Warn-action warning. */
const warnAction = "Validation failed for ValidatingAdmissionPolicy '";

const ignoredAnnotationPrefixes = ["config.kubernetes.io/", "internal.config.kubernetes.io/", "config.k8s.io/"];

/** Removes the orchestrator annotations the comparison ignores (rule 2). */
function normalise(obj: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(obj)) as Record<string, unknown>;
  const meta = copy.metadata as Record<string, unknown> | undefined;
  const ann = meta?.annotations as Record<string, unknown> | undefined;
  if (meta && ann) {
    for (const k of Object.keys(ann)) if (ignoredAnnotationPrefixes.some((p) => k.startsWith(p))) delete ann[k];
    if (Object.keys(ann).length === 0) delete meta.annotations;
  }
  return copy;
}

/** Compares two plain values under rule 3; returns the first difference's path or undefined. */
function diff(a: unknown, b: unknown, path: string): string | undefined {
  if (typeof a === "number" && typeof b === "number") return a === b ? undefined : `${path}: ${a} != ${b}`;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${path}: list vs non-list`;
    if (a.length !== b.length) return `${path}: length ${a.length} != ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = diff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (!(k in ao)) return `${path}.${k}: missing in output`;
      if (!(k in bo)) return `${path}.${k}: unexpected in output`;
      const d = diff(ao[k], bo[k], `${path}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  return a === b ? undefined : `${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}

function identity(o: Record<string, unknown>): string {
  const m = (o.metadata ?? {}) as Record<string, unknown>;
  return `${String(o.apiVersion)}/${String(o.kind)}/${String(m.namespace ?? "")}/${String(m.name ?? "")}`;
}

/** Runs a scenario through the bin and lists every way the outcome differs from `expect`. */
export async function runScenario(s: Scenario): Promise<ScenarioOutcome> {
  const list: Record<string, unknown> = { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items: s.input };
  if (s.config !== undefined) list.functionConfig = s.config;
  const { stdout, stderr, code } = await runBin(yaml.dump(list));
  const problems: string[] = [];
  let out: { items?: Record<string, unknown>[]; results?: { severity?: string; message?: string }[] };
  try {
    out = (yaml.load(stdout) ?? {}) as typeof out;
  } catch (e) {
    return { problems: [`output is not YAML (exit ${code}): ${stderr.trim() || String(e)}`] };
  }
  const errors = (out.results ?? []).filter((r) => r.severity === "error").map((r) => r.message ?? "");
  const warnings = (out.results ?? []).filter((r) => r.severity === "warning").map((r) => r.message ?? "");
  if (s.expect.errors) {
    if (code !== 1) problems.push(`expected exit 1, got ${code}`);
    for (const want of s.expect.errors) {
      if (!errors.some((m) => m.includes(want))) problems.push(`no error result contains ${JSON.stringify(want)}; errors: ${JSON.stringify(errors)}`);
    }
  } else {
    if (code !== 0) problems.push(`expected exit 0, got ${code}; errors: ${JSON.stringify(errors)} ${stderr.trim()}`);
    if (errors.length > 0) problems.push(`unexpected error results: ${JSON.stringify(errors)}`);
  }
  if (s.expect.warnings) {
    for (const want of s.expect.warnings) {
      if (!warnings.some((m) => m.includes(want))) problems.push(`no warning result contains ${JSON.stringify(want)}; warnings: ${JSON.stringify(warnings)}`);
    }
    // Every Warn-action warning must be expected (scenarios README, last section).
    for (const m of warnings) {
      if (m.includes(warnAction) && !s.expect.warnings.some((want) => m.includes(want))) problems.push(`unexpected Warn-action warning: ${JSON.stringify(m)}`);
    }
  }
  const items = out.items ?? [];
  if (items.length !== s.input.length) problems.push(`expected ${s.input.length} items out, got ${items.length}`);
  const byId = new Map(items.map((o) => [identity(o), o]));
  for (const want of s.expect.objects ?? []) {
    const got = byId.get(identity(want));
    if (!got) {
      problems.push(`expected object ${identity(want)} not in output`);
      continue;
    }
    const d = diff(normalise(got), normalise(want), identity(want));
    if (d) problems.push(d);
  }
  return { problems };
}
