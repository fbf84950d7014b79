// The import rules of src/ (DESIGN: one layer per folder, imports point downward), checked with the
// TypeScript compiler API: which layer may import which, that a layer is entered only through its
// index.ts, and that a package (a folder with an index.ts) is entered only through its index.ts.
import ts from "typescript";

/** The layers, top to bottom. */
export const layers = ["cli", "authoring", "krm", "admission", "patch", "schema", "cel", "data", "platform"] as const;
/** One layer: a folder directly under src/. */
export type Layer = (typeof layers)[number];

/**
 * The layers each layer may import: every layer below it (`cli → authoring → krm → admission →
 * patch → schema, cel → data`); schema and cel are siblings and import neither each other nor
 * anything above. `authoring` holds the Node-free parts of the authoring commands (diff, check
 * locations, eval) that the CLI and the playground share. `platform` is the Node/browser pair
 * behind the `#platform` import (not a relative import, so no edge here); it imports no layer.
 * `src/index.ts` (the library entry) may import every layer.
 */
export const allowedImports = {
  cli: ["authoring", "krm", "admission", "patch", "schema", "cel", "data"],
  authoring: ["krm", "admission", "patch", "schema", "cel", "data"],
  krm: ["admission", "patch", "schema", "cel", "data"],
  admission: ["patch", "schema", "cel", "data"],
  patch: ["schema", "cel", "data"],
  schema: ["data"],
  cel: ["data"],
  data: [],
  platform: [],
} as const satisfies Record<Layer, readonly Layer[]>;

/** One relative import of a source file. */
export interface ImportRef {
  specifier: string;
  /** 1-based line of the import. */
  line: number;
}

/**
 * The relative imports of one file: import and export declarations (type-only included), dynamic
 * `import()` and `import("…")` types.
 */
export function importsOf(path: string, text: string): ImportRef[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: ImportRef[] = [];
  const add = (node: ts.Node, spec: ts.Node | undefined): void => {
    if (spec && ts.isStringLiteralLike(spec) && spec.text.startsWith(".")) {
      out.push({ specifier: spec.text, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const dirOf = (p: string): string => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");
const isLayer = (s: string): s is Layer => (layers as readonly string[]).includes(s);

/** `spec` resolved against the file `from` (both relative to src/), `.js` read as `.ts`. */
function resolve(from: string, spec: string): string {
  const parts = dirOf(from) === "" ? [] : dirOf(from).split("/");
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/").replace(/\.js$/, ".ts");
}

/** One broken rule: the file, and the import that breaks it (absent for a file outside every layer). */
export interface Violation {
  file: string;
  line?: number;
  specifier?: string;
  rule: string;
}

/** `<file>:<line> imports "<specifier>": <rule>`. */
export function violationText(v: Violation): string {
  return v.specifier === undefined ? `${v.file}: ${v.rule}` : `${v.file}:${v.line} imports "${v.specifier}": ${v.rule}`;
}

/**
 * Every rule the imports of `files` (path relative to src/ → source text) break.
 *
 * - A file other than src/index.ts lives in a layer (a folder directly under src/).
 * - Across layers: only an allowed layer (see {@link allowedImports}), only through its index.ts.
 * - Inside a layer, a file belongs to its package: the nearest enclosing folder with an index.ts
 *   (a folder without one is part of its parent). A package is entered from outside only through
 *   its index.ts; files of an enclosing package (such as the layer contract `<layer>/types.ts`)
 *   may be imported directly. A file never imports the index.ts of its own or an enclosing package.
 * - Import cycles stay inside one package: an import that closes a cycle through another package
 *   (a sub-package importing the file that imports it) is refused.
 */
export function importViolations(files: ReadonlyMap<string, string>): Violation[] {
  const packages = new Set([...files.keys()].filter((p) => p.endsWith("/index.ts")).map(dirOf));
  const packageOf = (p: string): string => {
    for (let d = dirOf(p); d !== ""; d = dirOf(d)) if (packages.has(d)) return d;
    return "";
  };
  const within = (dir: string, ancestor: string): boolean => dir === ancestor || dir.startsWith(ancestor + "/");
  const out: Violation[] = [];
  const edges = new Map<string, { to: string; line: number; specifier: string }[]>();
  for (const [from, text] of files) {
    const fromLayer = from.includes("/") ? from.split("/")[0] : undefined;
    if (fromLayer !== undefined && !isLayer(fromLayer)) {
      out.push({ file: from, rule: `${fromLayer}/ is not a layer (add it to allowedImports)` });
      continue;
    }
    const fileEdges: { to: string; line: number; specifier: string }[] = [];
    edges.set(from, fileEdges);
    for (const { specifier, line } of importsOf(from, text)) {
      const bad = (rule: string): void => {
        out.push({ file: from, line, specifier, rule });
      };
      const target = resolve(from, specifier);
      if (!files.has(target)) {
        bad(`${target} is not a source file under src/`);
        continue;
      }
      fileEdges.push({ to: target, line, specifier });
      const toLayer = target.includes("/") ? target.split("/")[0] : undefined;
      if (toLayer === undefined) {
        bad("only the library entry may be src/index.ts; layers do not import it");
        continue;
      }
      if (fromLayer !== toLayer) {
        if (fromLayer !== undefined && !(allowedImports[fromLayer] as readonly string[]).includes(toLayer)) {
          bad(`layer ${fromLayer} may not import layer ${toLayer} (it may import: ${allowedImports[fromLayer].join(", ") || "nothing"})`);
        } else if (target !== `${toLayer}/index.ts`) {
          bad(`enter layer ${toLayer} through ${toLayer}/index.ts`);
        }
        continue;
      }
      const own = packageOf(from);
      const pkg = packageOf(target);
      if (target.endsWith("/index.ts") && within(own, dirOf(target))) {
        bad(`${target} is the surface of ${from}'s own package: import the file that defines the name`);
      } else if (!within(own, pkg) && target !== `${pkg}/index.ts`) {
        bad(`${target} is inside ${pkg}/: enter it through ${pkg}/index.ts`);
      }
    }
  }
  for (const cycle of importCycles(edges)) {
    const members = new Set(cycle);
    // The imports of the cycle that cross packages; blamed: those into an enclosing package (the
    // usual direction is down into a sub-package's index.ts), else all of them.
    const crossing = cycle.flatMap((from) => (edges.get(from) ?? []).filter((e) => members.has(e.to) && packageOf(e.to) !== packageOf(from)).map((e) => ({ from, ...e })));
    const upward = crossing.filter((e) => within(packageOf(e.from), packageOf(e.to)));
    for (const e of upward.length > 0 ? upward : crossing) {
      const path = [e.from, ...pathBetween(edges, members, e.to, e.from)];
      out.push({ file: e.from, line: e.line, specifier: e.specifier, rule: `closes an import cycle across packages: ${path.join(" → ")}` });
    }
  }
  return out;
}

type Edges = ReadonlyMap<string, readonly { to: string }[]>;

/** The strongly connected groups of more than one file (Tarjan), each in discovery order. */
function importCycles(edges: Edges): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const { to } of edges.get(v) ?? []) {
      if (!edges.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v) as number, index.get(to) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) out.push(group.reverse());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** A shortest import path from `start` to `goal` inside `members` (both included). */
function pathBetween(edges: Edges, members: ReadonlySet<string>, start: string, goal: string): string[] {
  const prev = new Map<string, string | undefined>([[start, undefined]]);
  const queue = [start];
  for (let i = 0; i < queue.length && !prev.has(goal); i++) {
    for (const { to } of edges.get(queue[i]) ?? []) {
      if (members.has(to) && !prev.has(to)) {
        prev.set(to, queue[i]);
        queue.push(to);
      }
    }
  }
  const path: string[] = [];
  for (let v: string | undefined = goal; v !== undefined; v = prev.get(v)) path.unshift(v);
  return path;
}
