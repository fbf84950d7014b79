// Kubernetes format library (kubernetes.format): `format.<name>()` constants, `format.named()`
// and `<Format>.validate(s)` returning optional.none or optional.of(list of messages).
import type { CelLibrary, Overload } from "../../types.js";
import { celOpaque, celList, celOptional, optionalNone, type CelOpaque, type CelOptional } from "../../values/index.js";
import { T, fn, member, actualSize } from "../sig.js";
import { namedFormats, type NamedFormat } from "./format.js";

/** CEL type name of named formats. */
export const FORMAT_TYPE = "kubernetes.NamedFormat";
const F = T.opaque<NamedFormat>(FORMAT_TYPE);
type FV = CelOpaque<NamedFormat>;

const values = new Map<string, FV>();
for (const [key, f] of namedFormats) values.set(key, celOpaque<NamedFormat>(FORMAT_TYPE, f, { equals: (a, b) => a.name === b.name }));

function validate(f: FV, s: string): CelOptional {
  const errs = f.value.validate(s);
  return errs.length === 0 ? optionalNone : celOptional(celList(errs));
}
/** validate's cost: ceil((1 + len) × 0.1) × ceil(MaxRegexSize × 0.25), minus the base 1. */
const validateCost = (f: FV, s: string): number => Math.ceil((1 + actualSize(s)) * 0.1) * Math.ceil(f.value.maxRegexSize * 0.25) - 1;

const constants: Overload[] = [...values].map(([key, v]) => fn(`format.${key}`, [], F, () => v));

/** The format library table. */
export const formatLibrary: CelLibrary = {
  name: "kubernetes.format",
  overloads: [
    ...constants,
    fn("format.named",     [T.string],    T.optional(F),              (s: string) => celOptional(values.get(s))),
    member("validate",     [F, T.string], T.optional(T.list(T.string)), (f: FV, s: string) => validate(f, s), validateCost),
  ],
};
