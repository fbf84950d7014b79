// How the bundled bin (dist/src/cli/kmutate.cjs) loads fn mode and the other commands: the CommonJS
// bundles beside it, kmutate-fn.cjs and kmutate-cli.cjs, through V8's code cache (code-cache.ts).
// scripts/post-build.mjs puts this module in place of load-commands.ts when it bundles bin.ts.
// Each bundle initialises with the young generation held at its size (young-generation.ts).
import { fileURLToPath } from "node:url";
import { loadBundle, type LoadedBundle } from "./code-cache.js";
import type * as Fn from "./fn.js";
import type * as Program from "./program.js";
import { heldYoungGeneration } from "./young-generation.js";

const beside = (name: string): string => fileURLToPath(new URL(name, import.meta.url));

/** fn mode (`kmutate` without arguments): kmutate-fn.cjs, which holds no other command. */
export async function loadFn(): Promise<LoadedBundle<typeof Fn>> {
  return loadBundle(beside("./kmutate-fn.cjs"), {}, heldYoungGeneration);
}

/** Every command (`runCli`): kmutate-cli.cjs. */
export async function loadProgram(): Promise<LoadedBundle<typeof Program>> {
  return loadBundle(beside("./kmutate-cli.cjs"), {}, heldYoungGeneration);
}
