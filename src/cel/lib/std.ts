// The standard library as one CelLibrary (operators, conversions, strings, time accessors).
import type { CelLibrary } from "../types.js";
import { stdOperators } from "./std-operators.js";
import { stdConversions } from "./std-conversions.js";
import { stdStrings } from "./std-strings.js";
import { stdTime } from "./std-time.js";

/** CEL's standard library. */
export const stdLibrary: CelLibrary = {
  name: "std",
  overloads: [...stdOperators, ...stdConversions, ...stdStrings, ...stdTime],
  regexArgs: { matches: 1 },
};
