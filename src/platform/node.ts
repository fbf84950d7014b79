// Node's side of `#platform` (package.json `imports`): the large dependencies that only some runs
// need — yaml's Document API, the re2js regex engine — required synchronously on first use, so a
// command that never needs them does not pay for loading them at startup.
import { createRequire } from "node:module";
import type * as Yaml from "yaml";
import type { RE2JS } from "re2js";

let yaml: typeof Yaml | undefined;
let re2: typeof RE2JS | undefined;

/**
 * The `yaml` module, required on the first call and memoised. yaml's `node` export condition is
 * CommonJS, so this is the same instance a static `import` from "yaml" would give.
 */
export function yamlModule(): typeof Yaml {
  return (yaml ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}

/** The RE2JS class, required on first use (re2js has a `require` export) and memoised. */
export function re2Class(): typeof RE2JS {
  return (re2 ??= (createRequire(import.meta.url)("re2js") as { RE2JS: typeof RE2JS }).RE2JS);
}
