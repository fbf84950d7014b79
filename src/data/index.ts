// Public surface of the data layer (the bottom layer: every other layer may import it).
export { JsonFloat } from "./types.js";
export type { JsonValue, JsonObject } from "./types.js";
export { isObject, hasKey, getKey, setKey, setOrDelete, getPath, getString, numberOf } from "./access.js";
export { deepEqual, deepClone, goJsonRoundTrip } from "./equal.js";
export { goQuote, goFloatG, goFloatF, goFloatE, goJsonFloat } from "./go-format.js";
export { changedPaths, rewrittenPaths, pathText } from "./changed-paths.js";
export type { FieldPath, Rewrite } from "./changed-paths.js";
export { closest, editDistance } from "./closest-name.js";
export { timed } from "./util-timed.js";
export { goTrimSpace } from "./util-go-trim-space.js";
export type { PhaseHook } from "./util-timed.js";
