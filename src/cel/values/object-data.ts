// Field reads on objects of a data-only type (`ObjectValueDecl.dataOnly`, Kubernetes' `Object`): a
// read on an operand of that static type sees the object converted to plain data, as cel-go's
// unstructured objects convert themselves (`ObjectVal.Value()`); through `dyn` they have no fields.
import { K, kindOf } from "./value.js";
import { celError, isCelError, type CelError } from "./error.js";
import { celList, type CelList } from "./list.js";
import { celMapOfStrings, type CelMap } from "./map.js";
import type { CelObject } from "./object.js";
import type { CelOpaque, CelOptional, CelTypeValue } from "./misc.js";
import type { CelUint } from "./uint.js";
import type { CelValue } from "./value.js";

/** True when `v` is an object of a data-only type. */
export function isDataObject(v: CelValue): v is CelObject {
  return kindOf(v) === K.object && (v as CelObject).decl.dataOnly === true;
}

/**
 * A value as cel-go hands it out natively and adapts it back (`Value()`): a data-only object becomes
 * a map of its set fields (each converted once more, see `fieldData`) or the error of that conversion,
 * a type its name, an optional its value (none: null); anything else stays as it is.
 */
export function dataValue(v: CelValue): CelValue | CelError {
  switch (kindOf(v)) {
    case K.object: return isDataObject(v) ? objectData(v) : v;
    case K.type: return (v as CelTypeValue).name;
    case K.optional: {
      const inner = (v as CelOptional).value;
      return inner === undefined ? null : dataValue(inner);
    }
    default: return v;
  }
}

/** The fields of `o` converted (a field whose own conversion failed holds its error), or the message of the conversion's failure. */
function objectFields(o: CelObject): Map<string, CelValue | CelError> | string {
  const out = new Map<string, CelValue | CelError>();
  for (const f of o.fieldNames()) {
    const x = o.get(f);
    if (x === undefined || isCelError(x)) continue;
    const d = fieldData(x);
    if (d instanceof KeyFailure) return `fail to convert field ${goQuote(f)}: ${d.message}`;
    out.set(f, d);
  }
  return out;
}

/** `o` as a map; a field that failed to convert fails the whole map (cel-go keeps the error as that field's value). */
function objectData(o: CelObject): CelMap | CelError {
  const fields = objectFields(o);
  if (typeof fields === "string") return celError(fields);
  const out = new Map<string, CelValue>();
  for (const [f, v] of fields) {
    if (isCelError(v)) return v;
    out.set(f, v);
  }
  return celMapOfStrings(out);
}

/** Why a map in a field cannot become data: a key that is no string. */
class KeyFailure {
  constructor(readonly message: string) {}
}

/** A field's value converted: lists and maps one level deep (their elements by `dataValue`). */
function fieldData(v: CelValue): CelValue | CelError | KeyFailure {
  switch (kindOf(v)) {
    case K.list: {
      const l = v as CelList;
      const out: CelValue[] = [];
      for (let i = 0; i < l.size(); i++) {
        const e = dataValue(l.get(i));
        if (isCelError(e)) return e;
        out.push(e);
      }
      return celList(out);
    }
    case K.map: {
      const m = v as CelMap;
      const out = new Map<string, CelValue>();
      for (const k of m.keys()) {
        if (typeof k !== "string") return new KeyFailure(`map key ${goQuoteKey(k)} is of type ${goKeyType(k)}, not string`);
        const e = dataValue(m.get(k) as CelValue);
        if (isCelError(e)) return e;
        out.set(k, e);
      }
      return celMapOfStrings(out);
    }
    default: return dataValue(v);
  }
}

/**
 * `o.field` on an operand statically of o's data-only type: the converted field, null when unset; a
 * library value whose native form cel-go cannot adapt back (a quantity, an IP…) fails the read. Both
 * that error and a field that failed to convert are the field's value (code `held_value`).
 */
export function dataField(o: CelObject, field: string): CelValue | CelError {
  const fields = objectFields(o);
  if (typeof fields === "string") return celError(`cannot get field ${goQuote(field)}`);
  const v = fields.get(field) ?? null;
  if (isCelError(v)) return celError(v.message, 0, "held_value");
  if (kindOf(v) === K.opaque) {
    const x = v as CelOpaque;
    const native = x.ops.goNative?.(x.value);
    if (native !== undefined) return celError(`unsupported conversion to ref.Val: ${native}`, 0, "held_value");
  }
  return v;
}

/** `has(o.field)` on an operand statically of o's data-only type: whether the field is set. */
export function dataHas(o: CelObject, field: string): boolean {
  const fields = objectFields(o);
  return typeof fields !== "string" && fields.has(field);
}

/** Go's `%q` of a string (printable ASCII kept, quotes and backslashes escaped). */
function goQuote(s: string): string {
  return JSON.stringify(s);
}

const GO_KEY_TYPES: Readonly<Record<number, string>> = { [K.int]: "types.Int", [K.uint]: "types.Uint", [K.bool]: "types.Bool" };
function goKeyType(k: CelValue): string {
  return GO_KEY_TYPES[kindOf(k)] ?? "ref.Val";
}

const RUNE_ESCAPES: Readonly<Record<number, string>> = { 7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v", 39: "\\'", 92: "\\\\" };
/** Go's `%q` of a map key: an integer as a quoted rune (strconv.QuoteRune), a bool as fmt's bad-verb text. */
function goQuoteKey(k: CelValue): string {
  const kind = kindOf(k);
  if (kind === K.bool) return `%!q(types.Bool=${String(k)})`;
  const n = kind === K.uint ? (k as CelUint).value : (k as bigint);
  const r = n < 0n || n > 0x10ffffn || (n >= 0xd800n && n <= 0xdfffn) ? 0xfffd : Number(n);
  const esc = RUNE_ESCAPES[r];
  if (esc !== undefined) return `'${esc}'`;
  const ch = String.fromCodePoint(r);
  if (r >= 0x20 && r !== 0x7f && /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch)) return `'${ch}'`;
  if (r < 0x80) return `'\\x${r.toString(16).padStart(2, "0")}'`;
  return r < 0x10000 ? `'\\u${r.toString(16).padStart(4, "0")}'` : `'\\U${r.toString(16).padStart(8, "0")}'`;
}
