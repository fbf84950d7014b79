// The differential case generator: for a seed and counts, the same list of admission cases every
// time. Each case has its own random source derived from (seed, family, index), so changing one
// shape changes only the cases that shape built.
import { createHash } from "node:crypto";
import { CaseContext, type DiffCase } from "./case-context.js";
import { shapeConditions, shapeErrors, shapeMultiMutation, shapeMutate, shapeTypedView, shapeVariables } from "./map-shapes-core.js";
import { shapeCustom, shapeNamespaces, shapeParams, shapeReinvocation, shapeRequest, shapeRules, shapeSelectors, shapeUpdate } from "./map-shapes-match.js";
import { shapeVapAfterMap, shapeVapExpressions, shapeVapMatch, shapeVapParams, shapeVapValidate } from "./vap-shapes.js";

export type { DiffCase, CaseOptions, CaseOperation } from "./case-context.js";

/** What to generate. */
export interface GeneratorConfig {
  seed: number;
  /** Number of MutatingAdmissionPolicy cases. */
  map: number;
  /** Number of ValidatingAdmissionPolicy cases. */
  vap: number;
}

/** The committed configuration (test/differential/facts are generated from it). */
export const defaultGeneratorConfig: GeneratorConfig = { seed: 20250601, map: 2200, vap: 400 };

type Shape = (ctx: CaseContext) => void;

const mapShapes: readonly (readonly [string, Shape, number])[] = [
  ["mutate", shapeMutate, 30],
  ["conditions", shapeConditions, 8],
  ["variables", shapeVariables, 6],
  ["multi-mutation", shapeMultiMutation, 5],
  ["errors", shapeErrors, 8],
  ["typed-view", shapeTypedView, 5],
  ["params", shapeParams, 10],
  ["selectors", shapeSelectors, 8],
  ["rules", shapeRules, 8],
  ["reinvocation", shapeReinvocation, 7],
  ["custom", shapeCustom, 9],
  ["update", shapeUpdate, 5],
  ["request", shapeRequest, 4],
  ["namespaces", shapeNamespaces, 3],
];

const vapShapes: readonly (readonly [string, Shape, number])[] = [
  ["vap-validate", shapeVapValidate, 10],
  ["vap-expressions", shapeVapExpressions, 6],
  ["vap-params", shapeVapParams, 5],
  ["vap-after-map", shapeVapAfterMap, 5],
  ["vap-match", shapeVapMatch, 4],
];

/** A 32-bit seed from a text (FNV-1a). */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function oneCase(config: GeneratorConfig, family: DiffCase["family"], index: number): DiffCase {
  const id = `${family}-${String(index + 1).padStart(4, "0")}`;
  const ctx = new CaseContext(seedOf(`${config.seed}/${id}`));
  const shapes = family === "map" ? mapShapes : vapShapes;
  const [name, shape] = ctx.rng.weighted(shapes.map(([n, s, w]) => [[n, s] as const, w] as const));
  shape(ctx);
  return ctx.build(id, family, name);
}

/** Every case of `config`, MAP cases first. */
export function generateCases(config: GeneratorConfig = defaultGeneratorConfig): DiffCase[] {
  const out: DiffCase[] = [];
  for (let i = 0; i < config.map; i++) out.push(oneCase(config, "map", i));
  for (let i = 0; i < config.vap; i++) out.push(oneCase(config, "vap", i));
  return out;
}

/** A short hash of what a case feeds to admission (its items, operation and options). */
export function caseHash(c: DiffCase): string {
  const text = JSON.stringify({ operation: c.operation, options: c.options, items: c.items });
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
