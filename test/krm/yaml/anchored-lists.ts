// Generated ResourceList texts with anchors, aliases and merge keys (in maps, lists, scalars,
// nested; merges of one alias, of alias lists and of inline maps), for the differential tests of
// the block reader and of the fast output path. Aliases mostly name an anchor defined before them
// in their item; names repeat across items, so some aliases name another item's anchor.
import fc from "fast-check";

/** A ResourceList text holding `items` (block sequence text), after `more` (root entries). */
export const rl = (items: string, more = ""): string => `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n${more}items:\n${items}`;

/** A generated YAML node, rendered as block text by {@link value}. */
type GNode =
  | { t: "scalar"; text: string }
  | { t: "alias"; pick: number }
  | { t: "merge-list"; picks: number[] }
  | { t: "anchor"; name: string; node: GNode }
  | { t: "map"; entries: Array<[string, GNode]> }
  | { t: "seq"; items: GNode[] };

const names = fc.constantFrom("a", "b", "c", "d");
const scalarText = fc.constantFrom("1", "x", "'q'", '"d"', "~", "true", "1.0", "[1, 2]", "{p: 1}", "[]", "{}", "|\n  text", ">-\n  folded");
const keyText = fc.constantFrom("k", "l", "m", "n", "<<", "<<", "'<<'", "p q");
const gnode: fc.Arbitrary<GNode> = fc.letrec<{ n: GNode }>((tie) => ({
  n: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalarText.map((text): GNode => ({ t: "scalar", text })),
    fc.nat(7).map((pick): GNode => ({ t: "alias", pick })),
    fc.tuple(names, tie("n")).map(([name, node]): GNode => ({ t: "anchor", name, node })),
    fc.array(fc.tuple(keyText, tie("n")), { minLength: 1, maxLength: 4 }).map((entries): GNode => ({ t: "map", entries })),
    fc.array(tie("n"), { minLength: 1, maxLength: 3 }).map((items): GNode => ({ t: "seq", items })),
    fc.array(fc.nat(7), { minLength: 1, maxLength: 3 }).map((picks): GNode => ({ t: "merge-list", picks })),
  ),
})).n;

const pad = (n: number): string => " ".repeat(n);
const isBlock = (g: GNode): boolean => g.t === "map" || g.t === "seq";

/** Renders one item: aliases pick among the anchors defined so far in it (so most resolve). */
class ItemWriter {
  private readonly defined: string[] = [];

  private alias(pick: number): string {
    return this.defined.length === 0 ? "x" : `*${this.defined[pick % this.defined.length]}`;
  }

  /** `g` as the value after `key:` or `- ` (`col`: the column of the key or dash). */
  value(g: GNode, col: number, underKey: boolean, key = ""): string {
    // A merge key takes a mapping, an alias or a list of aliases (others are js-yaml's errors).
    if (key === "<<" && g.t !== "map" && g.t !== "alias" && g.t !== "merge-list") return this.value({ t: "alias", pick: 0 }, col, underKey);
    switch (g.t) {
      case "scalar":
        return " " + g.text.replace(/\n/g, "\n" + pad(col)) + "\n";
      case "alias":
        return ` ${this.alias(g.pick)}\n`;
      case "merge-list":
        return ` [${g.picks.map((p) => this.alias(p)).join(", ")}]\n`;
      case "anchor": {
        const inner = g.node.t === "anchor" || g.node.t === "alias" ? { t: "scalar" as const, text: "1" } : g.node;
        const text = isBlock(inner) ? ` &${g.name}\n` + this.block(inner, col + 2) : ` &${g.name}` + this.value(inner, col, underKey);
        this.defined.push(g.name);
        return text;
      }
      default:
        return "\n" + this.block(g, g.t === "seq" && underKey ? col : col + 2);
    }
  }

  /** A block collection at column `col`; a map's keys are distinct but for `<<`. */
  block(g: GNode, col: number): string {
    if (g.t === "seq") return g.items.map((v) => `${pad(col)}-${this.value(v, col, false)}`).join("");
    const entries = g.t === "map" ? g.entries : [["k", g] as [string, GNode]];
    const keys = new Set<string>();
    return entries.filter(([k]) => k === "<<" || (!keys.has(k) && keys.add(k) !== undefined))
      .map(([k, v]) => `${pad(col)}${k}:${this.value(v, col, true, k)}`).join("");
  }
}

/** Anchored definitions first in an item (mostly maps, so that merges of their aliases are valid). */
const definition = fc.tuple(names, fc.oneof(
  { arbitrary: fc.array(fc.tuple(keyText, gnode), { minLength: 1, maxLength: 3 }).map((entries): GNode => ({ t: "map", entries })), weight: 3 },
  { arbitrary: gnode, weight: 1 },
));
const item = fc.record({ defs: fc.array(definition, { maxLength: 3 }), entries: fc.array(fc.tuple(keyText, gnode), { maxLength: 4 }) });

/** ResourceList texts whose items are each a map of anchored definitions and generated entries after its identity. */
export const anchoredList: fc.Arbitrary<string> = fc.array(item, { minLength: 1, maxLength: 3 }).map((items) =>
  rl(items.map(({ defs, entries }, i) => {
    const w = new ItemWriter();
    const body: GNode = { t: "map", entries: [...defs.map(([name, g], j): [string, GNode] => [`def${j}`, { t: "anchor", name, node: g }]), ...entries] };
    return `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c${i}\n` + w.block(body, 2);
  }).join("")));
