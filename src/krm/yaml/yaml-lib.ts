// The `yaml` package (the comment-keeping Document API), loaded on first use through `#platform`,
// so commands that never need it (fn mode, `eval`) do not pay for loading it at startup.
import type * as Yaml from "yaml";
import { yamlModule } from "#platform";

/** The `yaml` module (loaded on the first call in Node, bundled in browsers). */
export function yamlLib(): typeof Yaml {
  return yamlModule();
}
