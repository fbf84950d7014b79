// cel-go optional types library: optional.of/none/ofNonZeroValue, hasValue, value, orValue, or.
import type { CelLibrary } from "../types.js";
import { celOptional, optionalNone, celError, errText, isZeroValue, type CelValue, type CelOptional } from "../values/index.js";
import { T, fn, member } from "./sig.js";

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
