// Loads the `yaml` package (the comment-keeping Document API) on first use, so commands that
// never need it (fn mode, `eval`) do not pay for loading it at startup.
import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let lib: typeof Yaml | undefined;

/**
 * The `yaml` module, required on the first call and memoised. yaml's `node` export condition is
 * CommonJS, so this is the same instance a static `import` from "yaml" would give.
 */
export function yamlLib(): typeof Yaml {
  return (lib ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}
