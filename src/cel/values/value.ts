// The CelValue union, the numeric kind tag of each value, and cel-go's type name of each value.
import type { CelUint } from "./uint.js";
import type { CelTimestamp, CelDuration } from "./time.js";
import type { CelList } from "./list.js";
import type { CelMap } from "./map.js";
import type { CelObject } from "./object.js";
import type { CelOptional, CelTypeValue, CelOpaque } from "./misc.js";

/** Every CEL value (see src/cel/README.md for the representation table). */
export type CelValue =
  | boolean | bigint | CelUint | number | string | Uint8Array | null
  | CelTimestamp | CelDuration | CelList | CelMap | CelTypeValue | CelOptional | CelObject | CelOpaque;

/** Kind tags (a value's `kindOf`). */
export const K = {
  bool: 0, int: 1, uint: 2, double: 3, string: 4, bytes: 5, null: 6, timestamp: 7, duration: 8,
  list: 9, map: 10, type: 11, optional: 12, object: 13, opaque: 14, error: 15,
} as const;

/** The kind tag of a value (or of a CelError: 15). */
export function kindOf(v: CelValue | { kind: 15 }): number {
  switch (typeof v) {
    case "boolean": return 0;
    case "bigint": return 1;
    case "number": return 3;
    case "string": return 4;
    default: {
      if (v === null) return 6;
      // Every object value but bytes carries its tag: read it before the (slower) bytes test.
      const k = (v as { kind?: number }).kind;
      return k !== undefined || !(v instanceof Uint8Array) ? (k as number) : 5;
    }
  }
}

const kindNames = ["bool", "int", "uint", "double", "string", "bytes", "null_type", "google.protobuf.Timestamp", "google.protobuf.Duration", "list", "map", "type", "optional_type"];

/** cel-go's runtime type name of a value (`int`, `list`, `google.protobuf.Duration`, `Object.spec`…). */
export function typeNameOf(v: CelValue): string {
  const k = kindOf(v);
  if (k < 13) return kindNames[k];
  return (v as CelObject | CelOpaque).typeName;
}
