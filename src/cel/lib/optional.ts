// cel-go optional types library: optional.of/none/ofNonZeroValue, hasValue, value, orValue, or.
import type { CelLibrary } from "../types.js";
import {
  celOptional, optionalNone, celError, errText, kindOf, K,
  type CelValue, type CelOptional, type CelList, type CelMap, type CelObject, type CelUint, type CelDuration, type CelTimestamp,
} from "../values/index.js";
import { T, fn, member } from "./sig.js";

/** True when `v` is its type's zero value (cel-go IsZeroValue). */
export function isZeroValue(v: CelValue): boolean {
  switch (kindOf(v)) {
    case K.bool: return v === false;
    case K.int: return v === 0n;
    case K.uint: return (v as CelUint).value === 0n;
    case K.double: return v === 0;
    case K.string: return v === "";
    case K.bytes: return (v as Uint8Array).length === 0;
    case K.null: return true;
    case K.list: return (v as CelList).size() === 0;
    case K.map: return (v as CelMap).size() === 0;
    case K.duration: return (v as CelDuration).nanos === 0n;
    case K.timestamp: return (v as CelTimestamp).sec === 0 && (v as CelTimestamp).nanos === 0;
    case K.object: return (v as CelObject).fieldNames().length === 0;
    case K.optional: return (v as CelOptional).value === undefined;
    default: return false;
  }
}

const O = T.optional(T.A);

/** The optional types library. */
export const optionalLibrary: CelLibrary = {
  name: "optional",
  overloads: [
    fn("optional.of",              [T.A],    O,    (v: CelValue) => celOptional(v)),
    fn("optional.ofNonZeroValue",  [T.A],    O,    (v: CelValue) => (isZeroValue(v) ? optionalNone : celOptional(v))),
    fn("optional.none",            [],       O,    () => optionalNone),
    member("hasValue",             [O],      T.bool, (o: CelOptional) => o.value !== undefined),
    member("value",                [O],      T.A,  (o: CelOptional) => o.value ?? celError(errText.noneDeref)),
    member("orValue",              [O, T.A], T.A,  (o: CelOptional, d: CelValue) => o.value ?? d),
    member("or",                   [O, O],   O,    (o: CelOptional, p: CelOptional) => (o.value !== undefined ? o : p)),
  ],
};
