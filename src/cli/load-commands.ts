// How the modular bin (tsc's output, dist/src/cli/bin.js) loads fn mode and the other commands: as
// ES modules. The bundled bin loads them through load-commands-bundled.ts instead (post-build.mjs).
import type { LoadedBundle } from "./code-cache.js";
import type * as Fn from "./fn.js";
import type * as Program from "./program.js";

const modular = <T>(exports: T): LoadedBundle<T> => ({ exports, source: "none", savesCache: false, saveCache: () => undefined });

/** fn mode (`kmutate` without arguments). */
export async function loadFn(): Promise<LoadedBundle<typeof Fn>> {
  return modular(await import("./fn.js"));
}

/** Every command (`runCli`). */
export async function loadProgram(): Promise<LoadedBundle<typeof Program>> {
  return modular(await import("./program.js"));
}
