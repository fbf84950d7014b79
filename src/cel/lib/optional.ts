// cel-go optional types library (version 2, as Kubernetes enables it): optional.of/none/ofNonZeroValue,
// hasValue, value, orValue, or, and the list helpers first(), last(), optional.unwrap() / unwrapOpt().
import type { CelLibrary } from "../types.js";
import {
  celOptional, optionalNone, celError, celList, errText, isZeroValue, isCelOptional,
  type CelValue, type CelError, type CelList, type CelOptional,
} from "../values/index.js";
import { T, fn, member } from "./sig.js";

const O = T.optional(T.A);

/** The values of the optionals in `l` that have one (an element that is no optional is an error). */
function unwrap(l: CelList): CelList | CelError {
  const out: CelValue[] = [];
  for (let i = 0; i < l.size(); i++) {
    const v = l.get(i);
    if (!isCelOptional(v)) return celError(`value ${String(v)} is not optional`);
    if (v.value !== undefined) out.push(v.value);
  }
  return celList(out);
}

/** The optional types library. */
export const optionalLibrary: CelLibrary = {
  name: "optional",
  overloads: [
    fn("optional.of",              [T.A],    O,    (v: CelValue) => celOptional(v)),
    fn("optional.ofNonZeroValue",  [T.A],    O,    (v: CelValue) => (isZeroValue(v) ? optionalNone : celOptional(v))),
    fn("optional.none",            [],       O,    () => optionalNone),
    member("hasValue",             [O],      T.bool, (o: CelOptional) => o.value !== undefined),
    member("value",                [O],      T.A,  (o: CelOptional) => (o.value === undefined ? celError(errText.noneDeref) : o.value)),
    member("orValue",              [O, T.A], T.A,  (o: CelOptional, d: CelValue) => (o.value === undefined ? d : o.value)),
    member("or",                   [O, O],   O,    (o: CelOptional, p: CelOptional) => (o.value !== undefined ? o : p)),
    member("first",                [T.list(T.A)], O, (l: CelList) => (l.size() === 0 ? optionalNone : celOptional(l.get(0)))),
    member("last",                 [T.list(T.A)], O, (l: CelList) => (l.size() === 0 ? optionalNone : celOptional(l.get(l.size() - 1)))),
    fn("optional.unwrap",          [T.list(O)], T.list(T.A), unwrap),
    member("unwrapOpt",            [T.list(O)], T.list(T.A), unwrap),
  ],
};
