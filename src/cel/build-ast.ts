// CEL parser, AST side: the node factory the grammar (./parser.ts) builds with as it parses,
// numbering nodes in the order cel-go's AST builder visits them, decoding literals, rejecting
// reserved identifiers, balancing `&&`/`||` chains and expanding macros. Its issues (the AST
// rules') are kept apart from syntax errors and reported after them, as cel-go's builder runs after
// its parser; parts of the input cel-go's builder never visits (dropped by error recovery, or
// skipped after an error) are rolled back. cel-go's builder also limits the nesting of the nodes
// it counts (see `counted`): each issue carries the moment the builder would have raised it, so an
// overflow can report exactly the issues raised before it (see `overflowAt`).
import { T, unescapeLiteral, type TokenList } from "./lexer.js";
import { op } from "./operators.js";
import { accumulatorName, macroKey } from "./macros.js";
import type { Macro, MacroHelper } from "./macros.js";
import type { Constant, Expr } from "./ast.js";
import { callExpr, comprehensionExpr, constExpr, identExpr, listExpr, mapExpr, selectExpr, structExpr, NO_OPTIONAL_INDICES } from "./ast-node.js";
import type { CelIssue } from "./errors-format.js";
import { IdTable } from "./check/id-table.js";

/** Names cel-go reserves (an identifier or global call with one of them is an error). */
const reservedIds: ReadonlySet<string> = new Set([
  "as", "break", "const", "continue", "else", "false", "for", "function", "if", "import", "in", "let",
  "loop", "package", "namespace", "null", "return", "true", "var", "void", "while",
]);
/** First characters of the reserved names (a cheap no for most identifiers before the set lookup). */
const reservedFirst: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const n of reservedIds) t[n.charCodeAt(0)] = 1;
  return t;
})();
/** Whether `name` is reserved (see {@link reservedIds}). */
function isReservedId(name: string): boolean {
  if (name.length < 2 || name.length > 9) return false;
  const c = name.charCodeAt(0);
  return c < 128 && reservedFirst[c] === 1 && reservedIds.has(name);
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

/** The function of each binary operator token. */
const binaryOps: Readonly<Record<number, string>> = {
  [T.LESS]: op.less,
  [T.LESS_EQUALS]: op.lessEquals,
  [T.GREATER]: op.greater,
  [T.GREATER_EQUALS]: op.greaterEquals,
  [T.EQUALS]: op.equals,
  [T.NOT_EQUALS]: op.notEquals,
  [T.IN]: op.in,
  [T.PLUS]: op.add,
  [T.MINUS]: op.subtract,
  [T.STAR]: op.multiply,
  [T.SLASH]: op.divide,
  [T.PERCENT]: op.modulo,
};

/** Constants are shared (never mutated): literals 0 to SMALL_INTS - 1 use one each, made on first use. */
const SMALL_INTS = 256;
const smallInts: (Constant | undefined)[] = new Array<Constant | undefined>(SMALL_INTS);
function smallInt(n: number): Constant {
  return (smallInts[n] ??= { kind: "int", value: BigInt(n) });
}
const TRUE_CONST: Constant = { kind: "bool", value: true };
const FALSE_CONST: Constant = { kind: "bool", value: false };
const NULL_CONST: Constant = { kind: "null" };

/** Macro lookup tables, built once per macro list (the lists are long-lived: per env or the default). */
interface MacroTable {
  /** Macros by name (the first with a given argument count and call style wins, as by key). */
  byName: ReadonlyMap<string, readonly Macro[]>;
  /**
   * Per first character (ASCII), a bit per name length (mod 32) of the macro names starting with
   * it: most calls (operators, functions) are ruled out without a map lookup.
   */
  shapes: Uint32Array;
}
const macroTables = new WeakMap<readonly Macro[], MacroTable>();
function macroTable(macros: readonly Macro[]): MacroTable {
  let t = macroTables.get(macros);
  if (!t) {
    // A later macro with the same name, argument count and call style replaces an earlier one.
    const byKey = new Map(macros.map((m) => [macroKey(m.name, m.args, m.receiver), m]));
    const byName = new Map<string, Macro[]>();
    for (const m of byKey.values()) {
      const list = byName.get(m.name);
      if (list) list.push(m);
      else byName.set(m.name, [m]);
    }
    const shapes = new Uint32Array(128);
    for (const name of byName.keys()) {
      const c = name.charCodeAt(0);
      if (c < 128) shapes[c]! |= 1 << (name.length & 31);
    }
    t = { byName, shapes };
    macroTables.set(macros, t);
  }
  return t;
}

/**
 * Builds AST nodes for the parser. Ids grow in the builder's visiting order; a `mark()` taken before
 * a part of the input and `rollback(mark)` after it forget that part's nodes, ids and issues.
 *
 * Issue moments (`key`): an event at the start of the node whose first token is `i` has key `2i`;
 * an event after the tokens before position `p` were consumed has key `2p - 1` (see `Parser.after`).
 */
export class AstBuilder {
  private nextId = 1;
  readonly positions: IdTable<number>;
  /** The calls expanded macros replaced, by expansion id (few: a map, not a table over all ids). */
  readonly macroCalls = new Map<number, Expr>();
  /** The AST rules' issues, in the order cel-go's builder raises them. */
  readonly issues: CelIssue[] = [];
  /** The moment (key) of each issue. */
  private readonly issueKeys: number[] = [];
  /** Nodes cel-go's builder counts against the depth limit (ternaries, binary operators, selects, member calls, indexes): an upper bound. */
  counted = 0;
  /** When recording: (any node id, first token, last token) of each counted node. */
  private readonly spans: number[] | undefined;
  private macroHelper: Helper | undefined;
  private readonly macros: MacroTable;

  constructor(
    private readonly tokens: TokenList,
    macros: readonly Macro[],
    readonly optionalSyntax: boolean,
    private readonly identEscapes: boolean,
    record: boolean,
  ) {
    this.macros = macroTable(macros);
    this.spans = record ? [] : undefined;
    // Most expressions number fewer nodes than they have tokens, plus the nodes macros add.
    this.positions = new IdTable(tokens.count + 32);
  }

  id(offset: number): number {
    const id = this.nextId++;
    this.positions.set(id, offset);
    return id;
  }
  /** An id whose position is set later (`place`). */
  reserveId(): number {
    return this.nextId++;
  }
  place(id: number, offset: number): void {
    this.positions.set(id, offset);
  }
  private deleteId(id: number): void {
    this.positions.delete(id);
    if (id === this.nextId - 1) this.nextId--;
  }
  mark(): number {
    return this.nextId;
  }
  /** Forgets the nodes built since `mark` (their ids, positions, macro calls, issues and spans). */
  rollback(mark: number): void {
    for (let id = mark; id < this.nextId; id++) {
      this.positions.delete(id);
      this.macroCalls.delete(id);
    }
    this.nextId = mark;
    const issues = this.issues;
    while (issues.length > 0 && issues[issues.length - 1]!.exprId! >= mark) {
      issues.pop();
      this.issueKeys.pop();
    }
    const spans = this.spans;
    if (spans) {
      let w = 0;
      for (let r = 0; r < spans.length; r += 3) {
        if (spans[r]! >= mark) continue;
        spans[w++] = spans[r]!;
        spans[w++] = spans[r + 1]!;
        spans[w++] = spans[r + 2]!;
      }
      spans.length = w;
    }
  }

  /** Notes a counted node (first token `start`, tokens consumed up to position `end`). */
  counts(start: number, end: number, e: Expr): Expr {
    this.counted++;
    this.spans?.push(e.id, start, end - 1);
    return e;
  }

  /**
   * With more than `maxDepth` counted nodes nested: the key before which issues were raised (cel-go's
   * builder stops at the first such node it enters); else -1. Needs a recording builder.
   */
  overflowAt(maxDepth: number): number {
    const spans = this.spans!;
    const order: number[] = [];
    for (let r = 0; r < spans.length; r += 3) order.push(r);
    // Visiting order: by first token, an enclosing node (later last token) first.
    order.sort((a, b) => spans[a + 1]! - spans[b + 1]! || spans[b + 2]! - spans[a + 2]!);
    const ends: number[] = [];
    for (const r of order) {
      const start = spans[r + 1]!;
      while (ends.length > 0 && ends[ends.length - 1]! < start) ends.pop();
      if (ends.length + 1 > maxDepth) return 2 * start;
      ends.push(spans[r + 2]!);
    }
    return -1;
  }

  /** The issues raised before moment `key` (all when `key` is -1). */
  issuesBefore(key: number): CelIssue[] {
    if (key < 0) return this.issues;
    return this.issues.filter((_, i) => this.issueKeys[i]! < key);
  }

  /** An issue at `offset` (raised at moment `key`) and the null literal that stands for the node. */
  error(key: number, offset: number, message: string): Expr {
    const id = this.id(offset);
    this.issues.push({ message, offset, exprId: id });
    this.issueKeys.push(key);
    return constExpr(id, NULL_CONST);
  }
  /** The node of a syntax error at `offset`: a null literal (cel-go's builder makes one). */
  errorNode(offset: number): Expr {
    return constExpr(this.id(offset), NULL_CONST);
  }

  /** Whether `name` is reserved: an identifier or global call named so is an error. */
  isReserved(name: string): boolean {
    return isReservedId(name);
  }

  /** An identifier (`start`: its first token, the dot of `.name`; `name`: token `idTok`'s text). */
  ident(start: number, dot: boolean, idTok: number, name: string): Expr {
    if (isReservedId(name)) return this.error(2 * start, this.tokens.start(start), `reserved identifier: ${name}`);
    return identExpr(this.id(this.tokens.start(idTok)), dot ? "." + name : name);
  }

  /** `operand.field` or `operand.?field` (`key`: after the field name). */
  select(key: number, operand: Expr, dot: number, opt: boolean, idTok: number): Expr {
    const field = this.fieldName(key, idTok);
    const tokens = this.tokens;
    if (opt) {
      if (!this.optionalSyntax) return this.error(key, tokens.start(dot), "unsupported syntax '.?'");
      const lit: Expr = constExpr(this.id(tokens.start(idTok)), { kind: "string", value: field });
      return callExpr(this.id(tokens.start(dot)), op.optSelect, undefined, [operand, lit]);
    }
    return selectExpr(this.id(tokens.start(dot)), operand, field, false);
  }

  /** `target[index]` / `target[?index]` (`opId`: the bracket's id; `key`: after the index). */
  index(key: number, opId: number, open: number, opt: boolean, target: Expr, index: Expr): Expr {
    if (opt && !this.optionalSyntax) return this.error(key, this.tokens.start(open), "unsupported syntax '[?'");
    return this.callOrMacro(key, opId, opt ? op.optIndex : op.index, undefined, [target, index]);
  }

  /** Element `index` of a list was written `?e` (token `opt`; `key`: after it). */
  optionalElement(key: number, optionalIndices: number[], index: number, opt: number): void {
    if (!this.optionalSyntax) this.error(key, this.tokens.start(opt), "unsupported syntax '?'");
    else optionalIndices.push(index);
  }

  /** A binary operator's call. */
  binary(key: number, opId: number, opTok: number, l: Expr, r: Expr): Expr {
    return this.callOrMacro(key, opId, binaryOps[this.tokens.type(opTok)]!, undefined, [l, r]);
  }

  /** `a || b || c …` as cel-go's balanced tree (each call takes the id of its middle operator). */
  logic(fn: string, terms: readonly Expr[], ops: readonly number[]): Expr {
    const balanced = (lo: number, hi: number): Expr => {
      const mid = Math.floor((lo + hi + 1) / 2);
      const left = mid === lo ? terms[mid]! : balanced(lo, mid - 1);
      const right = mid === hi ? terms[mid + 1]! : balanced(mid + 1, hi);
      return callExpr(ops[mid]!, fn, undefined, [left, right]);
    };
    return balanced(0, ops.length - 1);
  }

  /** A field name token's name (backquotes removed; `key`: the moment its issue would be raised). */
  fieldName(key: number, tok: number): string {
    const tokens = this.tokens;
    const text = tokens.text(tok);
    if (tokens.type(tok) !== T.ESC_IDENTIFIER) return text;
    if (!this.identEscapes) this.error(key, tokens.start(tok), "unsupported syntax: '`'");
    return text.slice(1, -1);
  }

  private constExpr(at: number, value: Constant): Expr {
    return constExpr(this.id(at), value);
  }

  /** The literal of token `tok`, negated by a `sign` token (-1: none); `start`: its first token. */
  literal(tok: number, sign: number): Expr {
    const tokens = this.tokens, src = tokens.source;
    const first = sign >= 0 ? sign : tok;
    const at = tokens.start(first), key = 2 * first;
    const from = tokens.start(tok), to = tokens.end(tok);
    switch (tokens.type(tok)) {
      case T.STRING: {
        // Fast path: a one-line literal without escapes is its body (as unescapeLiteral decodes it).
        const q = src.charCodeAt(from);
        if ((q === 34 || q === 39) && !(to - from >= 6 && src.charCodeAt(from + 1) === q && src.charCodeAt(from + 2) === q) && plainBody(src, from + 1, to - 1)) {
          return this.constExpr(at, { kind: "string", value: src.slice(from + 1, to - 1) });
        }
        break;
      }
      case T.NUM_INT: {
        // Up to 15 decimal digits the value is exact as a double (and in range), which BigInt takes faster than text.
        if (to - from <= 15 && src.charCodeAt(from + 1) !== 120 && src.charCodeAt(from + 1) !== 88) {
          let n = 0;
          for (let i = from; i < to; i++) n = n * 10 + (src.charCodeAt(i) - 48);
          return this.constExpr(at, sign < 0 && n < SMALL_INTS ? smallInt(n) : { kind: "int", value: BigInt(sign >= 0 ? -n : n) });
        }
        const text = src.slice(from, to);
        let v = text.length <= 15 ? BigInt(Number(text)) : BigInt(text);
        if (sign >= 0) v = -v;
        if (v > INT64_MAX || v < INT64_MIN) return this.error(key, at, "invalid int literal");
        return this.constExpr(at, { kind: "int", value: v });
      }
      case T.TRUE:
        return this.constExpr(at, TRUE_CONST);
      case T.FALSE:
        return this.constExpr(at, FALSE_CONST);
      case T.NULL:
        return this.constExpr(at, NULL_CONST);
    }
    const text = src.slice(from, to);
    switch (tokens.type(tok)) {
      case T.NUM_UINT: {
        const v = BigInt(text.slice(0, -1));
        if (v > UINT64_MAX) return this.error(key, at, "invalid uint literal");
        return this.constExpr(at, { kind: "uint", value: v });
      }
      case T.NUM_FLOAT: {
        const v = Number((sign >= 0 ? "-" : "") + text);
        if (!Number.isFinite(v)) return this.error(key, at, "invalid double literal");
        return this.constExpr(at, { kind: "double", value: v });
      }
      case T.STRING: {
        const r = unescapeLiteral(text, false);
        if ("error" in r) {
          this.error(key, at, r.error);
          return this.constExpr(at, { kind: "string", value: text });
        }
        return this.constExpr(at, { kind: "string", value: r.value as string });
      }
      case T.BYTES: {
        const r = unescapeLiteral(text.slice(1), true);
        if ("error" in r) {
          this.error(key, at, r.error);
          return this.constExpr(at, { kind: "bytes", value: new TextEncoder().encode(text.slice(1)) });
        }
        return this.constExpr(at, { kind: "bytes", value: r.value as Uint8Array });
      }
      default:
        return this.error(key, at, "invalid literal");
    }
  }

  private macro(fn: string, args: number, receiver: boolean): Macro | undefined {
    const c = fn.charCodeAt(0);
    if (c < 128 && (this.macros.shapes[c]! & (1 << (fn.length & 31))) === 0) return undefined;
    const candidates = this.macros.byName.get(fn);
    if (candidates === undefined) return undefined;
    for (const m of candidates) if (m.args === args && m.receiver === receiver) return m;
    return undefined;
  }

  /** Call `fn` with node id `opId`, or the expansion of the macro it names (`key`: after its arguments). */
  callOrMacro(key: number, opId: number, fn: string, target: Expr | undefined, args: Expr[]): Expr {
    const macro = this.macro(fn, args.length, target !== undefined);
    if (macro) {
      const helper = (this.macroHelper ??= new Helper((offset) => this.id(offset), this.positions));
      helper.at = this.positions.get(opId) ?? -1;
      const out = macro.expand(helper, target, args);
      if (out !== undefined) {
        if ("error" in out) {
          const at = this.positions.get(out.exprId) ?? this.positions.get(opId) ?? -1;
          this.deleteId(opId);
          return this.error(key, at, out.error);
        }
        const call: Expr = callExpr(0, fn, target, args);
        this.macroCalls.set(out.id, call);
        this.deleteId(opId);
        return out;
      }
    }
    return callExpr(opId, fn, target, args);
  }
}

/** Whether `s[from, to)` holds no backslash and no carriage return. */
function plainBody(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 92 || c === 13) return false;
  }
  return true;
}

/** Node factory for macro expanders: each node gets a fresh id at the macro call's offset `at`. */
class Helper implements MacroHelper {
  /** Offset of the macro call being expanded (set before each expansion; expanders do not nest). */
  at = -1;
  constructor(private readonly newId: (offset: number) => number, private readonly positions: IdTable<number>) {}
  private nid(): number {
    return this.newId(this.at);
  }
  literal(value: Constant): Expr {
    return constExpr(this.nid(), value);
  }
  list(elements: Expr[]): Expr {
    return listExpr(this.nid(), elements, NO_OPTIONAL_INDICES);
  }
  map(): Expr {
    return mapExpr(this.nid(), []);
  }
  ident(name: string): Expr {
    return identExpr(this.nid(), name);
  }
  accuIdent(): Expr {
    return identExpr(this.nid(), accumulatorName);
  }
  call(fn: string, args: Expr[]): Expr {
    return callExpr(this.nid(), fn, undefined, args);
  }
  memberCall(fn: string, target: Expr, args: Expr[]): Expr {
    return callExpr(this.nid(), fn, target, args);
  }
  presenceTest(operand: Expr, field: string): Expr {
    return selectExpr(this.nid(), operand, field, true);
  }
  comprehension(iterRange: Expr, iterVar: string, iterVar2: string | undefined, accuVar: string, accuInit: Expr, loopCondition: Expr, loopStep: Expr, result: Expr): Expr {
    return comprehensionExpr(this.nid(), iterVar, iterVar2, iterRange, accuVar, accuInit, loopCondition, loopStep, result);
  }
  copy(e: Expr): Expr {
    const id = this.newId(this.positions.get(e.id) ?? this.at);
    const copy = (x: Expr): Expr => this.copy(x);
    switch (e.kind) {
      case "const":
        return constExpr(id, e.value);
      case "ident":
        return identExpr(id, e.name);
      case "select":
        return selectExpr(id, copy(e.operand), e.field, e.testOnly);
      case "call": {
        const args = e.args.map(copy);
        return callExpr(id, e.fn, e.target ? copy(e.target) : undefined, args);
      }
      case "list":
        return listExpr(id, e.elements.map(copy), e.optionalIndices.length === 0 ? NO_OPTIONAL_INDICES : [...e.optionalIndices]);
      case "map":
        return mapExpr(id, e.entries.map((en) => ({ id: this.nid(), key: copy(en.key), value: copy(en.value), optional: en.optional })));
      case "struct":
        return structExpr(id, e.typeName, e.fields.map((f) => ({ id: this.nid(), field: f.field, value: copy(f.value), optional: f.optional })));
      case "comprehension": {
        const iterRange = copy(e.iterRange);
        const accuInit = copy(e.accuInit);
        const loopCondition = copy(e.loopCondition);
        const loopStep = copy(e.loopStep);
        const result = copy(e.result);
        return comprehensionExpr(id, e.iterVar, e.iterVar2, iterRange, e.accuVar, accuInit, loopCondition, loopStep, result);
      }
    }
  }
}
