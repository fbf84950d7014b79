// Node's compile cache for the bin and its worker threads: Node >= 22.1 keeps compiled code between
// runs (NODE_DISABLE_COMPILE_CACHE=1 turns it off); Node 20 has no such function.
import * as nodeModule from "node:module";

/** Turns on Node's compile cache where Node has it; covers the modules loaded after the call. */
export function enableCompileCache(): void {
  if ("enableCompileCache" in nodeModule && typeof nodeModule.enableCompileCache === "function") nodeModule.enableCompileCache();
}
