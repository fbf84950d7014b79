// Converts a `yaml` Document (the comment-keeping path) to a JsonValue with the same number
// rules as the fast path; aliases are expanded as copies, bounded like the fast path.
import type { Document, Node } from "yaml";
import { setKey, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { aliasExpansionLimit } from "./alias-bound.js";
import { floatValue, intValue } from "./numbers.js";
import { yamlLib } from "./yaml-lib.js";

const FLOAT_TAG = "tag:yaml.org,2002:float";

class ExpansionError {
  constructor(readonly limit: number, readonly unique: number) {}
}

/** The document's value, or an ALIAS_EXPANSION message. Documents must be parsed with `intAsBigInt`. */
export function documentValue(doc: Document): { ok: true; value: JsonValue } | { ok: false; message: string } {
  let unique = 0;
  yamlLib().visit(doc, () => {
    unique++;
  });
  const limit = aliasExpansionLimit(unique);
  const state = { count: 0, limit, unique, doc };
  try {
    return { ok: true, value: nodeValue(doc.contents as Node | null, state) };
  } catch (e) {
    if (!(e instanceof ExpansionError)) throw e;
    return { ok: false, message: `YAML aliases expand the document to more than ${e.limit} nodes (it has ${e.unique}); refusing an alias bomb` };
  }
}

interface State {
  count: number;
  limit: number;
  unique: number;
  doc: Document;
}

function nodeValue(node: Node | null | undefined, st: State): JsonValue {
  if (++st.count > st.limit) throw new ExpansionError(st.limit, st.unique);
  const { isAlias, isMap, isPair, isScalar, isSeq } = yamlLib();
  if (node === null || node === undefined) return null;
  if (isAlias(node)) return nodeValue(node.resolve(st.doc) as Node | undefined, st);
  if (isScalar(node)) return scalarValue(node.value, node.tag);
  if (isSeq(node)) return node.items.map((n) => nodeValue(n as Node, st));
  if (isMap(node)) {
    const out: JsonObject = {};
    const merges: JsonObject[] = [];
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as Node | null;
      if (isScalar(keyNode) && keyNode.value === "<<" && keyNode.type === "PLAIN") {
        const v = nodeValue(pair.value as Node, st);
        for (const m of Array.isArray(v) ? v : [v]) if (isObject(m)) merges.push(m);
        continue;
      }
      setKey(out, keyString(nodeValue(keyNode, st)), nodeValue(pair.value as Node, st));
    }
    for (const m of merges) for (const k of Object.keys(m)) if (!Object.prototype.hasOwnProperty.call(out, k)) setKey(out, k, m[k]);
    return out;
  }
  return null;
}

function keyString(k: JsonValue): string {
  if (typeof k === "string") return k;
  if (k === null) return "null";
  if (typeof k === "object" && !Array.isArray(k) && !isObject(k)) return String(k.value);
  return typeof k === "object" ? JSON.stringify(k) : String(k);
}

function scalarValue(v: unknown, tag: string | undefined): JsonValue {
  if (typeof v === "bigint") return tag === FLOAT_TAG ? floatValue(Number(v)) : intValue(v);
  if (typeof v === "number") return floatValue(v);
  if (typeof v === "string" && tag === FLOAT_TAG && v.trim() !== "" && Number.isFinite(Number(v))) return floatValue(Number(v));
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  return String(v);
}
