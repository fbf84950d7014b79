// Browsers' side of `#platform` (package.json `imports`, condition `browser`): the same modules as
// node.ts, imported statically, because a browser bundle cannot require synchronously.
import * as Yaml from "yaml";
import { RE2JS } from "re2js";
import type * as NodePlatform from "./node.js";

/** The `yaml` module. */
export function yamlModule(): typeof Yaml {
  return Yaml;
}

/** The RE2JS class. */
export function re2Class(): typeof RE2JS {
  return RE2JS;
}

// Both sides export the same functions (checked here, at compile time).
({ yamlModule, re2Class }) satisfies typeof NodePlatform;
