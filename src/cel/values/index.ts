// Public surface of CEL values: one interface, factory and guard per kind, plus conversions.
export type { CelValue } from "./value.js";
export { K, kindOf, typeNameOf } from "./value.js";
export type { CelError, CelErrorCode } from "./error.js";
export { celError, isCelError, CelThrow, errText, noSuchKey } from "./error.js";
export type { CelUint } from "./uint.js";
export { celUint, isCelUint } from "./uint.js";
export { INT64_MIN, INT64_MAX, UINT64_MAX, checkedInt, checkedUint, intDivide, intModulo, doubleToInt, doubleToUint } from "./numeric.js";
export type { CelTimestamp, CelDuration, TimeFields } from "./time.js";
export {
  celTimestamp, isCelTimestamp, celDuration, isCelDuration, parseTimestamp, formatTimestamp, parseDuration,
  formatDuration, timeFields, addTimestamp, subtractTimestamps, MIN_UNIX, MAX_UNIX,
} from "./time.js";
export type { CelList } from "./list.js";
export { celList, rangeList, jsonList, isCelList, jsonOfList, emptyList, mutableList, appendInPlace, pushInPlace, freezeList } from "./list.js";
export type { CelMap, MapKey } from "./map.js";
export { celMapFrom, celMapLiteral, celMapOfStrings, jsonMap, isCelMap, jsonOfMap, mapKeyOf, emptyMap, mutableMap, mapInsert, freezeMap } from "./map.js";
export type { CelObject, ObjectValueDecl, UnknownFieldTexts } from "./object.js";
export { celObject, celObjectOf, lazyObject, isCelObject, structFields } from "./object.js";
export { isDataObject, dataValue, dataField, dataHas } from "./object-data.js";
export type { CelOptional, CelTypeValue, CelOpaque, OpaqueOps } from "./misc.js";
export { celOptional, optionalNone, isCelOptional, celType, isCelType, celOpaque, isCelOpaque } from "./misc.js";
export { celEquals, compareValues, compareNumeric } from "./equal.js";
export { isZeroValue } from "./zero.js";
export { fromJson } from "./json-in.js";
export { toJson, base64Encode } from "./json-out.js";
export type { BytesSink } from "./json-out.js";
