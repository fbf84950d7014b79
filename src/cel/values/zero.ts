// cel-go's zero values (`IsZeroValue`): what `optional.ofNonZeroValue` drops and what a proto3-style
// field (types.ts `presentWhenNonZero`) must differ from to be present.
import { kindOf, K, type CelValue } from "./value.js";
import type { CelUint } from "./uint.js";
import type { CelList } from "./list.js";
import type { CelMap } from "./map.js";
import type { CelObject } from "./object.js";
import type { CelOptional } from "./misc.js";
import { MIN_UNIX, type CelDuration, type CelTimestamp } from "./time.js";

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
    case K.timestamp: return (v as CelTimestamp).sec === MIN_UNIX && (v as CelTimestamp).nanos === 0; // Go's zero time
    case K.object: return (v as CelObject).decl.emptyIsZero !== false && (v as CelObject).fieldNames().length === 0;
    case K.optional: return (v as CelOptional).value === undefined;
    default: return false;
  }
}

