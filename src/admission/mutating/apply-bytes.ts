// Where an apply configuration held CEL bytes: the apiserver keeps them as Go `[]byte` in the patch,
// which fail its typed conversion; kmutate's JSON form of the patch holds base64 strings there, so
// the patcher is told which ones were bytes (patch `BytesMarks`).
import { isCelError, isCelList, isCelMap, isCelObject, isCelOptional, type CelValue } from "../../cel/index.js";
import { isObject, type JsonValue } from "../../data/index.js";
import type { BytesMarks } from "../../patch/index.js";

type Marks = Map<object, Map<string | number, Uint8Array>>;

function mark(marks: Marks, container: object, key: string | number, b: Uint8Array): void {
  let m = marks.get(container);
  if (!m) marks.set(container, (m = new Map()));
  m.set(key, b);
}

/** Walks CEL value `v` beside `j`, its JSON form, recording where `v` holds bytes. */
function walk(v: CelValue, j: JsonValue, marks: Marks): void {
  if (!Array.isArray(j) && !isObject(j)) return;
  const child = (cv: CelValue | undefined, key: string | number, jv: JsonValue | undefined): void => {
    if (cv === undefined || jv === undefined) return;
    const inner = isCelOptional(cv) ? cv.value : cv;
    if (inner instanceof Uint8Array) mark(marks, j, key, inner);
    else if (inner !== undefined) walk(inner, jv, marks);
  };
  if (Array.isArray(j)) {
    if (isCelList(v)) for (let i = 0; i < v.size() && i < j.length; i++) child(v.get(i), i, j[i]);
  } else if (isCelObject(v)) {
    for (const f of v.fieldNames()) {
      const x = v.get(f);
      if (x !== undefined && !isCelError(x)) child(x, f, j[f]);
    }
  } else if (isCelMap(v)) for (const k of v.keys()) if (typeof k === "string") child(v.get(k), k, j[k]);
}

/** The bytes positions of apply configuration `value` in `json` (its JSON form), or undefined when it holds none. */
export function celBytesMarks(value: CelValue, json: JsonValue): BytesMarks | undefined {
  const marks: Marks = new Map();
  walk(value, json, marks);
  return marks.size > 0 ? marks : undefined;
}
