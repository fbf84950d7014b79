// CEL engine benchmark: kmutate's engine vs @marcbachmann/cel-js vs @bufbuild/cel on the same
// expressions and data, in one run — evaluations/s and compile time, reported as ratios.
import { celEnv, compile, kubernetesLibraries, fromJson, type CelEnv, type Program } from "../src/cel/index.js";
import type { JsonValue } from "../src/data/index.js";
import { Environment as MarcEnv } from "@marcbachmann/cel-js";
import { celEnv as bufEnv, parse as bufParse, plan as bufPlan } from "@bufbuild/cel";
import { strings as bufStrings } from "@bufbuild/cel/ext";
import { median, pairRatios } from "./stats.js";

/** One benchmark expression. Peers get `peerExpr` when they cannot run ours (e.g. `Object{…}`). */
interface Case {
  name: string;
  expr: string;
  peerExpr?: string;
  data: JsonValue;
  mutation?: boolean;
}

/**
 * A result row: rates in evaluations per second, compile times in microseconds, each the median of
 * interleaved batches (`error`: peer failed). `compileUs` is the like-for-like compile (kmutate:
 * parse + check + validators + plan; @marcbachmann/cel-js: parse + type check; @bufbuild/cel:
 * parse + plan, it has no checker); `parseUs` is a peer's parse alone, shown for transparency.
 */
export interface CelBenchRow {
  name: string;
  kmutate: { evalsPerSec: number; compileUs: number };
  marcbachmann: (PeerRow & { parseUs?: number }) | { error: string };
  bufbuild: PeerRow | { error: string };
}
/**
 * A peer's figures (see {@link CelBenchRow}) and the ratios: `evalRatio` kmutate ÷ peer
 * evaluations/s, `compileRatio` peer ÷ kmutate compile time, each the median of the ratios of
 * batches timed side by side (so a change of machine load between batches cancels out).
 */
export interface PeerRow { evalsPerSec: number; compileUs: number; evalRatio: number; compileRatio: number }

function pod(containers: number): JsonValue {
  return {
    apiVersion: "v1", kind: "Pod",
    metadata: { name: "web-1", namespace: "prod", labels: { app: "web", tier: "frontend" }, annotations: { "sidecar.io/inject": "true" } },
    spec: {
      containers: Array.from({ length: containers }, (_, i) => ({ name: `c${i}`, image: i === containers - 1 ? "nginx:1.25" : `registry.local/app${i}:v1`, ports: [{ containerPort: 8080 + i }] })),
      serviceAccountName: "default",
    },
  };
}

const cases: Case[] = [
  {
    name: "pod exists/has/startsWith",
    expr: `has(object.metadata.labels) && object.metadata.labels["app"] == "web" && object.spec.containers.exists(c, c.image.startsWith("nginx")) && !object.spec.containers.all(c, has(c.securityContext))`,
    data: pod(4),
  },
  {
    name: "sidecar Object{} construction",
    expr: `Object{spec: Object.spec{containers: [Object.spec.containers{name: "istio-proxy", image: "istio/proxyv2:1.20", args: ["proxy", "sidecar", "--service-node=" + object.metadata.name + "." + object.metadata.namespace], ports: [Object.spec.containers.ports{containerPort: 15090}]}]}}`,
    // Peers have no Object types: the same tree as map literals (values wrapped in dyn() for engines that want homogeneous maps).
    peerExpr: `{"spec": {"containers": [{"name": dyn("istio-proxy"), "image": dyn("istio/proxyv2:1.20"), "args": dyn(["proxy", "sidecar", "--service-node=" + object.metadata.name + "." + object.metadata.namespace]), "ports": dyn([{"containerPort": 15090}])}]}}`,
    data: pod(2),
    mutation: true,
  },
  {
    name: "100-element map/filter",
    expr: `object.items.map(x, x * 2).filter(x, x % 3 == 0).size() > 10`,
    data: { items: Array.from({ length: 100 }, (_, i) => i) },
  },
  {
    name: "string formatting",
    expr: `"pod-" + object.metadata.name + "-" + string(size(object.spec.containers)) + "/" + object.metadata.namespace + ":" + string(object.spec.containers[0].ports[0].containerPort)`,
    data: pod(3),
  },
];

/** Peers take plain JS data; integers as bigint so both treat them as CEL ints. */
function toPeer(v: JsonValue): unknown {
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  if (Array.isArray(v)) return v.map(toPeer);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPeer(x as JsonValue)]));
  return v;
}
/** @bufbuild/cel wants maps as Map objects. */
function toBuf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toBuf);
  if (v && typeof v === "object" && !(v instanceof Uint8Array)) return new Map(Object.entries(v).map(([k, x]) => [k, toBuf(x)]));
  return v;
}

/** µs per call of `fn` over a run of `ms` milliseconds (warms it up; sizes its batches). */
function runFor(fn: () => unknown, ms: number): number {
  const start = process.hrtime.bigint(), end = start + BigInt(Math.round(ms * 1e6));
  let n = 0, now = start;
  do {
    fn();
    n++;
    now = process.hrtime.bigint();
  } while (now < end);
  return Number(now - start) / 1000 / n;
}

/**
 * Runs `fn` until the JIT has settled: at least 2,000 calls and 300 ms, at most 3 s. (kmutate's
 * compile takes about 2,000 calls to reach its steady speed, cel-js's about 1,000.)
 */
function warmUp(fn: () => unknown): void {
  const start = process.hrtime.bigint();
  for (let n = 0; ; n++) {
    fn();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if ((n >= 2000 && ms >= 300) || ms >= 3000) return;
  }
}

/** µs per call of `fn` after warming it up, over `ms` milliseconds (for a figure timed on its own). */
function steadyUs(fn: () => unknown, ms: number): number {
  warmUp(fn);
  return runFor(fn, ms);
}

/** Milliseconds of one batch of {@link interleaved}. */
const BATCH_MS = 10;

/**
 * Times `fns` in interleaved batches of about {@link BATCH_MS} each, the order rotating every
 * round, for `ms` per function after warming each up: the µs per call of every batch, by function.
 * The batches of one round run side by side, so a change of machine load hits them alike; callers
 * pair kmutate with one peer at a time, so a peer's garbage collection lands among its own batches.
 */
function interleaved(fns: readonly (() => unknown)[], ms: number): number[][] {
  const sizes = fns.map((fn) => {
    warmUp(fn);
    return Math.max(1, Math.round((BATCH_MS * 1000) / runFor(fn, 20)));
  });
  const times: number[][] = fns.map(() => []);
  const rounds = Math.max(7, Math.round(ms / BATCH_MS));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < fns.length; k++) {
      const f = (r + k) % fns.length;
      const fn = fns[f]!, n = sizes[f]!;
      const start = process.hrtime.bigint();
      for (let i = 0; i < n; i++) fn();
      times[f]!.push(Number(process.hrtime.bigint() - start) / 1000 / n);
    }
  }
  return times;
}

/** kmutate's and a peer's evaluations and compiles, each timed interleaved with kmutate's. */
function versus(ourEval: () => unknown, ourCompile: () => unknown, peerEval: () => unknown, peerCompile: () => unknown, ms: number): { ours: { evalUs: number[]; compileUs: number[] }; peer: PeerRow } {
  const [ourEvalUs, peerEvalUs] = interleaved([ourEval, peerEval], ms) as [number[], number[]];
  const [ourCompileUs, peerCompileUs] = interleaved([ourCompile, peerCompile], ms) as [number[], number[]];
  return {
    ours: { evalUs: ourEvalUs, compileUs: ourCompileUs },
    peer: {
      evalsPerSec: 1e6 / median(peerEvalUs),
      compileUs: median(peerCompileUs),
      evalRatio: median(pairRatios(ourEvalUs, peerEvalUs)),
      compileRatio: median(pairRatios(ourCompileUs, peerCompileUs)),
    },
  };
}

function ours(env: CelEnv, expr: string): Program {
  const c = compile(env, expr);
  if (!c.ok) throw new Error(c.message);
  return c.program;
}

/** Runs every case on every engine: each peer's evaluations and compiles interleaved with kmutate's, `ms × rounds` milliseconds per engine, phase and peer. */
export function benchCel(ms = 300, rounds = 3): CelBenchRow[] {
  const rows: CelBenchRow[] = [];
  for (const c of cases) {
    const env = celEnv({ variables: { object: { kind: "dyn" } }, ...kubernetesLibraries({ mutation: c.mutation ?? false }) });
    // Fresh text per compile so no engine can serve it from a cache.
    let salt = 0;
    const fresh = (e: string): string => `(${e}) == (${e}) || ${++salt} > 0`;
    const prog = ours(env, c.expr);
    const check = prog.eval({ object: fromJson(c.data) });
    if (check.error) throw new Error(`${c.name}: ${check.error.message}`);
    const ourEval = (): unknown => prog.eval({ object: fromJson(c.data) });
    const ourCompile = (): unknown => ours(env, fresh(c.expr));
    const peerExpr = c.peerExpr ?? c.expr;
    const peerData = toPeer(c.data);
    let marcEval: (() => unknown) | undefined, marcCompile: (() => unknown) | undefined, marcParse: (() => unknown) | undefined, marcError = "";
    try {
      const menv = new MarcEnv({ unlistedVariablesAreDyn: true });
      const p = menv.parse(peerExpr);
      p({ object: peerData });
      marcEval = () => p({ object: peerData });
      // `Environment#parse` only parses: it defers type checking to the first evaluation. The same
      // work as our compile (which checks before it plans) is `Environment#check`: parse + type check.
      const checked = menv.check(peerExpr) as { valid: boolean; error?: unknown };
      if (!checked.valid) throw new Error(`check: ${String(checked.error)}`);
      marcCompile = () => menv.check(fresh(peerExpr));
      marcParse = () => menv.parse(fresh(peerExpr));
    } catch (e) {
      marcError = e instanceof Error ? e.message : String(e);
    }
    let bufEval: (() => unknown) | undefined, bufCompile: (() => unknown) | undefined, bufError = "";
    try {
      const benv = bufEnv({ funcs: bufStrings });
      const p = bufPlan(benv, bufParse(peerExpr));
      const data = { object: toBuf(peerData) } as Parameters<typeof p>[0];
      const r = p(data) as unknown;
      if (r instanceof Error || (r !== null && typeof r === "object" && "message" in r && !(r instanceof Map))) throw new Error(String((r as { message?: string }).message));
      bufEval = () => p(data);
      bufCompile = () => bufPlan(benv, bufParse(fresh(peerExpr)));
    } catch (e) {
      bufError = e instanceof Error ? e.message : String(e);
    }
    // Each peer timed side by side with kmutate; kmutate's own figures from the run beside the first peer.
    const budget = ms * rounds;
    const vsMarc = marcEval && marcCompile ? versus(ourEval, ourCompile, marcEval, marcCompile, budget) : undefined;
    const vsBuf = bufEval && bufCompile ? versus(ourEval, ourCompile, bufEval, bufCompile, budget) : undefined;
    const mine = (vsMarc ?? vsBuf)?.ours ?? { evalUs: [steadyUs(ourEval, budget)], compileUs: [steadyUs(ourCompile, budget)] };
    const kmutate = { evalsPerSec: 1e6 / median(mine.evalUs), compileUs: median(mine.compileUs) };
    const marcbachmann: CelBenchRow["marcbachmann"] = vsMarc ? { ...vsMarc.peer, parseUs: marcParse && steadyUs(marcParse, budget / 3) } : { error: marcError };
    const bufbuild: CelBenchRow["bufbuild"] = vsBuf ? vsBuf.peer : { error: bufError };
    rows.push({ name: c.name, kmutate, marcbachmann, bufbuild });
  }
  return rows;
}

/** Formats rows as a table with ratios (kmutate ÷ peer for evals/s; peer ÷ kmutate for compile time). */
export function formatCelBench(rows: CelBenchRow[]): string {
  const f = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0));
  const lines = [
    "CEL engine: evaluations/s (ratio = kmutate ÷ peer, ≥ 1.0 is the target) and compile µs (ratio = peer ÷ kmutate, ≥ 1.0 is the target)",
    "  compile = kmutate parse+check+plan; @marcbachmann/cel-js parse+type check (Environment#check; its parse defers checking to the first evaluation); @bufbuild/cel parse+plan",
  ];
  for (const r of rows) {
    const peer = (label: string, p: CelBenchRow["marcbachmann"]): string =>
      "error" in p ? `${label}: n/a (${p.error.split("\n")[0].slice(0, 60)})`
        : `${label}: ${f(p.evalsPerSec)}/s → ${p.evalRatio.toFixed(2)}×, compile ${p.compileUs.toFixed(1)}µs → ${p.compileRatio.toFixed(2)}×` +
          ("parseUs" in p && p.parseUs !== undefined ? ` (parse alone ${p.parseUs.toFixed(1)}µs)` : "");
    lines.push(`- ${r.name}: kmutate ${f(r.kmutate.evalsPerSec)}/s, compile ${r.kmutate.compileUs.toFixed(1)}µs`);
    lines.push(`    ${peer("@marcbachmann/cel-js", r.marcbachmann)}`);
    lines.push(`    ${peer("@bufbuild/cel", r.bufbuild)}`);
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/dist\//, "/dist/"))) {
  console.log(formatCelBench(benchCel(Number(process.env.CEL_BENCH_MS ?? 300), Number(process.env.CEL_BENCH_ROUNDS ?? 3))));
}
