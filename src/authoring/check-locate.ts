// Locates findings in YAML files (`kmutate check`, `kmutate test`, the playground): the node at a field
// path (via the `yaml` Document's node ranges) and, inside an expression scalar, the source offset of
// an offset into its value (block, folded, plain and quoted styles, double-quoted escapes included).
import type { Document, Node } from "yaml";
import type { LintFinding } from "../admission/index.js";
import { yamlLib, type StreamRead } from "../krm/index.js";

/** `spec.mutations[1].jsonPatch.expression` → `["spec", "mutations", 1, "jsonPatch", "expression"]`. */
export function fieldPathKeys(path: string): Array<string | number> {
  const keys: Array<string | number> = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    if (m[1] !== undefined) keys.push(m[1]);
    else keys.push(/^\d+$/.test(m[2]) ? Number(m[2]) : m[2]);
  }
  return keys;
}

/**
 * The deepest node on `keys` (the document's root when nothing matches), with how many keys it
 * matched and, when it is a mapping's value, that entry's key node.
 */
function deepestNode(doc: Document, keys: ReadonlyArray<string | number>): { node: Node | undefined; depth: number; key?: Node } {
  const { isNode, isMap } = yamlLib();
  for (let i = keys.length; i > 0; i--) {
    const n: unknown = doc.getIn(keys.slice(0, i), true);
    if (!isNode(n) || !n.range) continue;
    const parent: unknown = i === 1 ? doc.contents : doc.getIn(keys.slice(0, i - 1), true);
    const pair = isMap(parent) ? parent.items.find((p) => isNode(p.key) && (p.key as { value?: unknown }).value === keys[i - 1]) : undefined;
    return isNode(pair?.key) && pair.key.range ? { node: n, depth: i, key: pair.key } : { node: n, depth: i };
  }
  const root = doc.contents;
  return { node: isNode(root) && root.range ? root : undefined, depth: 0 };
}

function decodeEscape(src: string, j: number): { units: number; length: number } {
  const c = src[j + 1];
  const hex = { x: 2, u: 4, U: 8 }[c as "x" | "u" | "U"];
  if (hex !== undefined) {
    const cp = parseInt(src.slice(j + 2, j + 2 + hex), 16);
    return { units: cp > 0xffff ? 2 : 1, length: 2 + hex };
  }
  return { units: 1, length: 2 };
}

/**
 * Source offsets (relative to `src`) of every UTF-16 unit of a scalar's value, plus one for its
 * end. Characters are matched in order; line folding and indentation are skipped over.
 */
export function scalarValueOffsets(src: string, value: string, doubleQuoted: boolean): number[] {
  const out: number[] = [];
  let j = doubleQuoted ? 1 : 0;
  for (let k = 0; k < value.length; k++) {
    const ch = value[k];
    if (doubleQuoted) {
      while (src[j] === "\\" && (src[j + 1] === "\n" || src[j + 1] === "\r")) {
        j += 2;
        while (src[j] === " " || src[j] === "\t" || src[j] === "\n") j++;
      }
      if (src[j] === "\\") {
        const e = decodeEscape(src, j);
        out.push(j);
        if (e.units === 2 && k + 1 < value.length) {
          out.push(j);
          k++;
        }
        j += e.length;
        continue;
      }
    }
    const space = ch === " " || ch === "\n" || ch === "\t";
    let at = j;
    while (at < src.length && !(src[at] === ch || (space && (src[at] === "\n" || src[at] === " ")))) at++;
    if (at >= src.length) {
      while (out.length < value.length) out.push(Math.min(j, src.length));
      break;
    }
    out.push(at);
    j = at + 1;
  }
  out.push(j);
  return out;
}

/**
 * File offset of a finding: the value at `keys` when it is a scalar (with `exprOffset`, the
 * character of the expression at that offset); the key of a field holding a collection; for a
 * missing field, the key of its deepest existing parent.
 */
export function locateInDocument(doc: Document, text: string, keys: ReadonlyArray<string | number>, exprOffset?: number): number | undefined {
  const { isScalar, Scalar } = yamlLib();
  const { node, depth, key } = deepestNode(doc, keys);
  if (!node?.range) return undefined;
  // A missing field, or one holding a collection: the line of its (parent's) key.
  if (key?.range && (depth < keys.length || !isScalar(node))) return key.range[0];
  const start = node.range[0];
  if (exprOffset === undefined || depth !== keys.length || !isScalar(node) || typeof node.value !== "string") return start;
  const src = text.slice(start, node.range[1]);
  const offsets = scalarValueOffsets(src, node.value, node.type === Scalar.QUOTE_DOUBLE);
  return start + (offsets[Math.min(exprOffset, offsets.length - 1)] ?? 0);
}

/** The path of a finding inside its ResourceList item (List members under `items[i]`). */
export function findingKeys(f: LintFinding): Array<string | number> {
  return [...(f.source.listIndex !== undefined ? ["items", f.source.listIndex] : []), ...fieldPathKeys(f.field ?? "")];
}

/** A finding placed in a file (`offset` undefined when the object could not be found). */
export interface PlacedFinding {
  finding: LintFinding;
  path: string;
  text: string;
  offset?: number;
}

/** Where in the files `stream` was read from a finding about one of its items sits. */
export function placeFinding(finding: LintFinding, stream: Extract<StreamRead, { ok: true }>): PlacedFinding {
  const loc = stream.locations[finding.source.index];
  const file = stream.files.find((x) => x.source.path === loc.path);
  const doc = file?.docs.find((d) => d.index === loc.index);
  const text = file?.source.text ?? "";
  const offset = doc ? locateInDocument(doc.doc, text, findingKeys(finding), finding.exprOffset) : undefined;
  return { finding, path: loc.path, text, offset };
}
