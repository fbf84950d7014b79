// Updates a `yaml` Document node by node from a before/after pair of JsonValues, so comments
// and styles of unchanged nodes survive; new values get fresh nodes in the document's style.
import type { Node, Scalar, YAMLMap } from "yaml";
import { deepEqual, getKey, hasKey, isObject, JsonFloat, type JsonValue } from "../../data/index.js";
import { yamlLib } from "./yaml-lib.js";

/** Strings that YAML 1.1 readers (kubectl) would not read as strings when written plain. */
const YAML11_NON_STRING =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|true|True|TRUE|false|False|FALSE|~|null|Null|NULL|=|<<|[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+|\.(?:inf|Inf|INF))|\.(?:nan|NaN|NAN)|\d{4}-\d\d?-\d\d?(?:[Tt ].*)?)$/;

/** A fresh node for `v` (no anchors, block style; strings YAML 1.1 would misread are quoted). */
export function freshNode(v: JsonValue): Node {
  const y = yamlLib();
  if (Array.isArray(v)) {
    const seq = new y.YAMLSeq();
    for (const x of v) seq.items.push(freshNode(x));
    return seq;
  }
  if (isObject(v)) {
    const map = new y.YAMLMap();
    for (const k of Object.keys(v)) map.items.push(new y.Pair(freshScalar(k), freshNode(v[k])));
    return map;
  }
  return freshScalar(v);
}

function freshScalar(v: JsonValue): Scalar {
  const y = yamlLib();
  if (v instanceof JsonFloat) {
    const s = new y.Scalar(v.value);
    s.minFractionDigits = 1;
    return s;
  }
  const s = new y.Scalar(v);
  if (typeof v === "number" && !Number.isInteger(v)) s.minFractionDigits = 1;
  if (typeof v === "string" && YAML11_NON_STRING.test(v)) s.type = y.Scalar.QUOTE_DOUBLE;
  return s;
}

/** Copies the comments and blank-line flag of `from` onto `to`. */
function keepComments(from: Node, to: Node): Node {
  if (from.commentBefore) to.commentBefore = from.commentBefore;
  if (from.comment) to.comment = from.comment;
  if (from.spaceBefore) to.spaceBefore = from.spaceBefore;
  return to;
}

/**
 * Returns the node to hold `after` where `node` held `before`: the same node, updated in place
 * where both are mappings or sequences, else a fresh node carrying the old node's comments.
 */
export function updateNode(node: Node | null, before: JsonValue, after: JsonValue): Node {
  if (node !== null && deepEqual(before, after) && sameKind(before, after)) return node;
  const { isAlias, isMap, isPair, isScalar, isSeq, Pair } = yamlLib();
  if (node === null || isAlias(node)) return freshNode(after);
  if (isMap(node) && isObject(before) && isObject(after) && !hasMergeKey(node)) {
    const items: unknown[] = [];
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) return keepComments(node, freshNode(after));
      const k = String(pair.key.value);
      seen.add(k);
      if (!hasKey(after, k)) continue;
      pair.value = updateNode((pair.value as Node | null) ?? null, getKey(before, k) ?? null, after[k]);
      items.push(pair);
    }
    for (const k of Object.keys(after)) if (!seen.has(k)) items.push(new Pair(freshScalar(k), freshNode(after[k])));
    node.items = items as typeof node.items;
    return node;
  }
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after) && node.items.length === before.length) {
    node.items = alignSeq(node.items as Node[], before, after);
    return node;
  }
  if (isScalar(node) && !Array.isArray(after) && !isObject(after)) {
    const s = freshScalar(after);
    if (typeof after === "string" && typeof node.value === "string" && node.type && s.type === undefined) s.type = node.type;
    return keepComments(node, s);
  }
  return keepComments(node, freshNode(after));
}

function sameKind(a: JsonValue, b: JsonValue): boolean {
  return a instanceof JsonFloat === b instanceof JsonFloat && typeof a === typeof b;
}

function hasMergeKey(map: YAMLMap): boolean {
  const { isPair, isScalar } = yamlLib();
  return map.items.some((p) => isPair(p) && isScalar(p.key) && p.key.value === "<<");
}

/**
 * New sequence items: elements equal before and after (longest common subsequence) keep their
 * nodes; between them, old and new elements are paired by position and updated in place.
 */
function alignSeq(nodes: Node[], before: JsonValue[], after: JsonValue[]): Node[] {
  const n = before.length;
  const m = after.length;
  const pairs: Array<[number, number]> = [];
  if (n * m <= 1_000_000) {
    const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i][j] = deepEqual(before[i], after[j]) && sameKind(before[i], after[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    for (let i = 0, j = 0; i < n && j < m; ) {
      if (deepEqual(before[i], after[j]) && sameKind(before[i], after[j])) pairs.push([i++, j++]);
      else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
      else j++;
    }
  }
  pairs.push([n, m]);
  const out: Node[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of pairs) {
    // gap before[i..pi) vs after[j..pj): pair by position
    for (; j < pj; j++, i = Math.min(i + 1, pi)) {
      out.push(i < pi ? updateNode(nodes[i], before[i], after[j]) : freshNode(after[j]));
    }
    i = pi;
    if (pi < n) {
      out.push(nodes[pi]);
      i = pi + 1;
      j = pj + 1;
    }
  }
  return out;
}
