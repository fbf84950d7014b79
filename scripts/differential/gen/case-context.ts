// The state of one generated case while it is built: its random source, its items in order,
// unique names, and the Namespaces its objects live in. Shapes add items through it.
import type { JsonObject } from "../../../src/data/index.js";
import { createRng, type Rng } from "../../../bench/rng.js";

/** Operation of every request of a case. */
export type CaseOperation = "CREATE" | "UPDATE";

/** Request options of a case besides the operation (what the functionConfig would set). */
export interface CaseOptions {
  userInfo?: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  dryRun?: boolean;
  authorizer?: "NoOpinion" | "Allow" | "Deny";
}

/** One generated admission case: the ResourceList items and how they are admitted. */
export interface DiffCase {
  /** `<family>-<nnnn>`, stable for a given seed and count. */
  id: string;
  family: "map" | "vap";
  /** The generator shape that built it (for grouping divergences). */
  shape: string;
  operation: CaseOperation;
  options: CaseOptions;
  items: JsonObject[];
  /**
   * Set when the case deliberately holds a policy that API validation refuses (the reason): the
   * apiserver would never run it, so it has no oracle facts and is not compared with the oracle.
   */
  invalidPolicy?: string;
}

/** Builder state of one case. */
export class CaseContext {
  readonly rng: Rng;
  readonly items: JsonObject[] = [];
  operation: CaseOperation = "CREATE";
  options: CaseOptions = {};
  /** See `DiffCase.invalidPolicy`. */
  invalidPolicy?: string;
  private readonly used = new Set<string>();

  constructor(seed: number) {
    this.rng = createRng(seed);
  }

  /** Appends items (in order) and returns the first. */
  add(...objs: JsonObject[]): JsonObject {
    this.items.push(...objs);
    return objs[0];
  }

  /** A name not yet used in this case, built from `base` (`base`, `base-2`, …). */
  name(base: string): string {
    let n = base;
    for (let i = 2; this.used.has(n); i++) n = `${base}-${i}`;
    this.used.add(n);
    return n;
  }

  /** One element of a list. */
  pick<T>(xs: readonly T[]): T {
    return this.rng.pick(xs);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.rng.chance(p);
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return this.rng.range(min, max);
  }

  /** A random subset of `xs` (order kept) with between `min` and `max` elements. */
  subset<T>(xs: readonly T[], min = 0, max = xs.length): T[] {
    const n = Math.min(xs.length, this.range(min, max));
    const idx = xs.map((_, i) => i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    return idx.slice(0, n).sort((a, b) => a - b).map((i) => xs[i]);
  }

  /** The finished case. */
  build(id: string, family: DiffCase["family"], shape: string): DiffCase {
    const c: DiffCase = { id, family, shape, operation: this.operation, options: this.options, items: this.items };
    if (this.invalidPolicy !== undefined) c.invalidPolicy = this.invalidPolicy;
    return c;
  }
}
