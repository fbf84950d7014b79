// Test helpers for engine tests: compile + evaluate an expression in a Kubernetes or conformance env
// and render the result as JSON text (toJson rules) or `error: <message>`.
import {
  celEnv, compile, kubernetesLibraries, conformanceLibraries, fromJson, toJson, isCelError,
  type CelEnv, type CelValue, type EvalResult,
} from "../../src/cel/index.js";
import type { JsonValue } from "../../src/data/index.js";

const k8sEnv = celEnv({ variables: { object: { kind: "dyn" }, params: { kind: "dyn" } }, ...kubernetesLibraries({ mutation: true }) });
const confEnv = celEnv({ variables: { object: { kind: "dyn" } }, libraries: conformanceLibraries() });

/** The env a test row runs in. */
export function envOf(kind: "k8s" | "conformance" = "k8s"): CelEnv {
  return kind === "k8s" ? k8sEnv : confEnv;
}

/** Evaluates; returns the raw result or a compile message. */
export function run(expr: string, object: JsonValue = null, env: CelEnv = k8sEnv, costLimit?: number): EvalResult | { compile: string } {
  const c = compile(env, expr);
  if (!c.ok) return { compile: c.message };
  return c.program.eval({ object: fromJson(object), params: null }, costLimit === undefined ? undefined : { costLimit });
}

/** `JSON.stringify` of the toJson form, with bigints as `<n>n`; or `error: …`/`compile: …`. */
export function show(expr: string, object: JsonValue = null, env: CelEnv = k8sEnv): string {
  const r = run(expr, object, env);
  if ("compile" in r) return `compile: ${r.compile}`;
  if (r.error) return `error: ${r.error.message}`;
  return render(r.value);
}

/** Renders a value as JSON (JsonFloat shown as `1.0`). */
export function render(v: CelValue): string {
  const j = toJson(v);
  if (isCelError(j)) return `error: ${j.message}`;
  return JSON.stringify(j, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x && typeof x === "object" && "value" in x && Object.keys(x).length === 1 ? `${(x as { value: number }).value}.0` : x));
}
