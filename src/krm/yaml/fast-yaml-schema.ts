// js-yaml schemas of the fast path: YAML 1.2 core + merge keys, where integral floats (`1.0`,
// `1e3`) load as JsonFloat and ints beyond 2^53 as bigint, and the dumper writes both back.
import yaml from "js-yaml";
import { JsonFloat, type JsonValue } from "../../data/index.js";
import { floatText, floatValue, intFromLiteral, intText } from "./numbers.js";

// js-yaml exports its built-in types as `types` (documented), but @types/js-yaml omits it.
interface BuiltinType {
  resolve(data: string): boolean;
  construct(data: string): unknown;
}
const base = (yaml as unknown as { types: Record<"null" | "bool" | "int" | "float", BuiltinType> & { merge: yaml.Type } }).types;

const intType = new yaml.Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (data: string) => base.int.resolve(data),
  construct: intFromLiteral,
  predicate: (v: unknown) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v)),
  represent: (v: object) => intText(v as unknown as number | bigint),
});

/**
 * A JsonFloat as js-yaml constructs it. Used as a mapping key, js-yaml stringifies it; the
 * toStringTag lets it use toString (`1.0:` → key "1", as Go's YAML-to-JSON conversion prints it).
 */
class LoadedFloat extends JsonFloat {
  get [Symbol.toStringTag](): string {
    return "JsonFloat";
  }
  override toString(): string {
    return String(this.value);
  }
}

const floatType = new yaml.Type("tag:yaml.org,2002:float", {
  kind: "scalar",
  resolve: (data: string) => base.float.resolve(data),
  construct: (data: string) => {
    const v = floatValue(base.float.construct(data) as number);
    return v instanceof JsonFloat ? new LoadedFloat(v.value) : v;
  },
  predicate: (v: unknown) => typeof v === "number" && !Number.isInteger(v),
  represent: (v: object) => yamlFloatText(v as unknown as number),
});

// Own tag so it does not replace floatType; it never resolves text (dump-only).
const jsonFloatType = new yaml.Type("tag:kmutate.dev,2026:jsonfloat", {
  kind: "scalar",
  resolve: () => false,
  instanceOf: JsonFloat,
  represent: (v: object) => yamlFloatText((v as JsonFloat).value),
});

/** Text of a double as the dumper writes it (`.nan`, `.inf`, `1.0`). */
export function yamlFloatText(n: number): string {
  if (Number.isNaN(n)) return ".nan";
  if (n === Infinity) return ".inf";
  if (n === -Infinity) return "-.inf";
  return floatText(n);
}

/**
 * Plain scalars that YAML 1.1 readers (kubectl's sigs.k8s.io/yaml) would not read as strings:
 * `1_000`, `1:20`, timestamps, `=`, and the merge key `<<`. Used by the dumper only, so such
 * strings get quoted.
 */
function isYaml11LookAlike(data: string): boolean {
  return (
    /^[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+)$/.test(data) ||
    /^\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?$/.test(data) ||
    data === "=" ||
    data === "<<"
  );
}

const yaml11LookAlike = new yaml.Type("tag:kmutate.dev,2026:yaml11-lookalike", {
  kind: "scalar",
  resolve: isYaml11LookAlike,
  construct: (data: string) => data,
  predicate: () => false,
});

// js-yaml's compatibility mode quotes these YAML 1.1 booleans besides the look-alikes above.
const yaml11Booleans = new Set(["y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "n", "N", "no", "No", "NO", "off", "Off", "OFF"]);
const coreNullOrBool = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)?$/;

/**
 * First characters of every plain scalar {@link plainStringQuoted} accepts (numbers and their
 * look-alikes, `_` of base-60 ones, `=`, `<<`, y/n/yes/no/on/off): any other first character rules it out.
 */
export const LOOKALIKE_FIRST: ReadonlySet<number> = new Set([..."0123456789+-._=<yYnNoO"].map((c) => c.charCodeAt(0)));

// js-yaml's dumper also quotes YAML 1.1 base-60 look-alikes with underscores (`_:0`, `1_:2`).
const base60 = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/;

/**
 * Whether a plain scalar of the source reads as a string (core schema) that the dumper would
 * nevertheless quote (YAML 1.1 readers would not read it as a string).
 */
export function plainStringQuoted(s: string): boolean {
  if (!LOOKALIKE_FIRST.has(s.charCodeAt(0))) return false;
  if (coreNullOrBool.test(s) || base.int.resolve(s) || base.float.resolve(s)) return false;
  return yaml11Booleans.has(s) || isYaml11LookAlike(s) || base60.test(s);
}

/** What {@link resolvePlain} returns for the merge key `<<`, which only js-yaml itself can apply. */
export const MERGE_KEY: unique symbol = Symbol("merge key");

/**
 * The value of a plain scalar under {@link loadSchema}, resolved as js-yaml does (null, bool,
 * int, float, merge — in that order — else the string itself), or MERGE_KEY for `<<`. Only a
 * scalar starting with a digit, `+`, `-` or `.` can be a number; other non-strings are a few words.
 */
export function resolvePlain(s: string): JsonValue | typeof MERGE_KEY {
  const c = s.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    if (base.int.resolve(s)) return intType.construct(s) as JsonValue;
    if (base.float.resolve(s)) return floatType.construct(s) as JsonValue;
    return s;
  }
  switch (s.length) {
    case 1:
      return c === 126 /* ~ */ ? null : s;
    case 2:
      return s === "<<" ? MERGE_KEY : s;
    case 4:
      if (s === "null" || s === "Null" || s === "NULL") return null;
      return s === "true" || s === "True" || s === "TRUE" ? true : s;
    case 5:
      return s === "false" || s === "False" || s === "FALSE" ? false : s;
    default:
      return s;
  }
}

/** Schema for loading: core (null, bool, int, float) + merge keys, with kmutate's numbers. */
export const loadSchema = yaml.CORE_SCHEMA.extend({ implicit: [base.merge, intType, floatType] });

/** Schema for dumping: also quotes strings that YAML 1.1 readers would take for non-strings. */
export const dumpSchema = yaml.CORE_SCHEMA.extend({ implicit: [intType, floatType, jsonFloatType, yaml11LookAlike] });
