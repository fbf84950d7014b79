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
    return this.memo(this.envs, base, JSON.stringify(fields), make);
  }

  /** The result of compiling `text` in `env` expecting `expected` (a key), computed by `make()` once. */
  result(env: CelEnv, text: string, expected: string, make: () => CompiledCore): CompiledCore {
    return this.memo(this.results, env, `${expected}\u0000${text}`, make);
  }

  /** `make()`'s value under `outer` → `key`, made once while the cache has room. */
  private memo<V>(maps: Map<CelEnv, Map<string, V>>, outer: CelEnv, key: string, make: () => V): V {
    let m = maps.get(outer);
    if (!m) maps.set(outer, (m = new Map()));
    let v = m.get(key);
    if (v === undefined) {
      v = make();
      if (this.keep()) m.set(key, v);
    }
    return v;
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
