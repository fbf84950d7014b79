// Entry of engine.js, the playground's engine bundle: kmutate's admission, CEL, patch, schema and
// YAML layers, loaded by the page after it is shown and reached through `kmutatePlaygroundEngine`.
import { decisions, operations } from "../../src/krm/index.js";
import type { PlaygroundEngine } from "./api.js";
import { evaluate } from "./expression.js";
import { run } from "./run.js";

globalThis.kmutatePlaygroundEngine = { run, evaluate, operations, decisions } satisfies PlaygroundEngine;
