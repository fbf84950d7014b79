// What the conformance test needs from the engine (public surface plus a few value helpers).
export { celEnv, compile, conformanceLibraries, celUint, celList, celMapFrom, celType, celEquals, isCelError, typeNameOf } from "../../src/cel/index.js";
export type { CelEnv, CelType, CelValue, CelList, CelMap } from "../../src/cel/index.js";
export { kindOf, parseTimestamp, celDuration } from "../../src/cel/values/index.js";
