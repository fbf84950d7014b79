// Field paths of `expect.fields`: `spec.containers[0].image`, `metadata.labels[app.kubernetes.io/name]`
// (a bracketed key may hold dots), `spec.containers[name=proxy].image` (the list element whose
// `name` is `proxy`). Parsing reports the offending character; lookup says whether the field exists.
import { isObject, type JsonValue } from "../../data/index.js";
import type { FieldKey } from "./types.js";

/** The keys of `path`, or why it is not a field path. */
export function parseFieldPath(path: string): { ok: true; keys: FieldKey[] } | { ok: false; message: string } {
  const keys: FieldKey[] = [];
  let i = 0;
  const bad = (why: string): { ok: false; message: string } => ({ ok: false, message: `${JSON.stringify(path)} is not a field path: ${why} at character ${i + 1}` });
  while (i < path.length) {
    if (keys.length > 0 && path[i] === ".") i++;
    else if (keys.length > 0 && path[i] !== "[") return bad("expected . or [");
    if (path[i] === "[") {
      const close = path.indexOf("]", i);
      if (close < 0) return bad("unclosed [");
      if (close === i + 1) return bad("empty []");
      keys.push(bracketKey(path.slice(i + 1, close)));
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < path.length && path[end] !== "." && path[end] !== "[") end++;
    if (end === i) return bad("empty key");
    keys.push(path.slice(i, end));
    i = end;
  }
  if (keys.length === 0) return { ok: false, message: "an empty field path" };
  return { ok: true, keys };
}

function bracketKey(inner: string): FieldKey {
  if (/^\d+$/.test(inner)) return Number(inner);
  const quoted = /^(["'])(.*)\1$/.exec(inner);
  if (quoted) return quoted[2];
  const eq = inner.indexOf("=");
  if (eq > 0) return { field: inner.slice(0, eq), value: inner.slice(eq + 1) };
  return inner;
}

/** The value at `keys` in `root`, or undefined when the field is absent. */
export function valueAtPath(root: JsonValue, keys: readonly FieldKey[]): JsonValue | undefined {
  let v: JsonValue | undefined = root;
  for (const k of keys) {
    if (typeof k === "number") v = Array.isArray(v) ? v[k] : undefined;
    else if (typeof k === "string") v = isObject(v) && Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
    else v = Array.isArray(v) ? v.find((e) => isObject(e) && scalarText(e[k.field]) === k.value) : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

function scalarText(v: JsonValue | undefined): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return String(v);
  return undefined;
}
