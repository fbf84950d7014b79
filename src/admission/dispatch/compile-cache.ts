// What one admission run compiles once for all its policies: the `variables` environments (by the
// declared types) and each expression's compile result (by environment, text and expected type).
// Policies repeat expressions (templates, shared matchConditions); a shared result also shares its
// Program, which lets evaluation reuse a condition's outcome across policies (evaluate-policy.ts).
import type { CelEnv, CelType, Program } from "../../cel/index.js";
import type { AdmitLimits } from "../types.js";
import type { CompiledErrorCode } from "./compile-expressions.js";

/** A compile result without the field path it was compiled for. */
export interface CompiledCore {
  program?: Program;
  type?: CelType;
  error?: string;
  errorCode?: CompiledErrorCode;
  errorOffset?: number;
}

/** The caches of one run; entries past {@link MAX_ENTRIES} are compiled without being kept. */
export class CompileCache {
  private readonly envs = new Map<CelEnv, Map<string, CelEnv>>();
  private readonly results = new Map<CelEnv, Map<string, CompiledCore>>();
  private size = 0;

  /** The env `make()` builds from `base` with `variables` of types `fields`, once per distinct types. */
  env(base: CelEnv, fields: Record<string, CelType>, make: () => CelEnv): CelEnv {
    const key = JSON.stringify(fields);
    let m = this.envs.get(base);
    if (!m) this.envs.set(base, (m = new Map()));
    let env = m.get(key);
    if (!env) {
      env = make();
      if (this.keep()) m.set(key, env);
    }
    return env;
  }

  /** The result of compiling `text` in `env` expecting `expected` (a key), computed by `make()` once. */
  result(env: CelEnv, text: string, expected: string, make: () => CompiledCore): CompiledCore {
    const key = `${expected}\u0000${text}`;
    let m = this.results.get(env);
    if (!m) this.results.set(env, (m = new Map()));
    let r = m.get(key);
    if (!r) {
      r = make();
      if (this.keep()) m.set(key, r);
    }
    return r;
  }

  private keep(): boolean {
    if (this.size >= MAX_ENTRIES) return false;
    this.size++;
    return true;
  }
}

/** Bounds what a cache keeps (a run with default limits shares one cache for the process's life). */
const MAX_ENTRIES = 4096;

const caches = new WeakMap<AdmitLimits, CompileCache>();

/**
 * The cache of the run compiling with `limits`: each run resolves its own limits object
 * (`resolveLimits`), so the cache lives as long as the run; callers passing `defaultLimits` share one.
 */
export function compileCacheFor(limits: AdmitLimits): CompileCache {
  let c = caches.get(limits);
  if (!c) caches.set(limits, (c = new CompileCache()));
  return c;
}
