// CEL parser, phase 1: tokens → concrete syntax tree, with syntax errors and recovery modelled on
// cel-go's ANTLR parser (`mismatched input`, `extraneous input`, `no viable alternative`, rule-depth limit).
// Phase 2 (./build-ast.ts) turns the tree into the AST. Longer than 300 lines: it is the grammar.
import { T, tokenDisplayNames, escapeErrorText } from "./lexer.js";
import type { Token, TokenType } from "./lexer.js";
import type { CelIssue } from "./errors-format.js";

/** A concrete syntax tree node (what ANTLR's parse tree holds, reduced to what the AST builder needs). */
export type Cst =
  | { k: "ternary"; cond: Cst; q: Token; t: Cst; f: Cst }
  | { k: "logic"; fn: "||" | "&&"; first: Cst; rest: { op: Token; e: Cst }[] }
  | { k: "binary"; op: Token; l: Cst; r: Cst }
  | { k: "unary"; ops: Token[]; operand: Cst }
  | { k: "select"; operand: Cst; dot: Token; opt: boolean; id: Token }
  | { k: "mcall"; operand: Cst; id: Token; open: Token; args: Cst[] }
  | { k: "index"; operand: Cst; open: Token; opt: boolean; index: Cst }
  | { k: "ident"; start: Token; dot: boolean; id: Token }
  | { k: "gcall"; start: Token; dot: boolean; id: Token; open: Token; args: Cst[] }
  | { k: "list"; open: Token; elems: { opt: Token | undefined; e: Cst }[] }
  | { k: "map"; open: Token; entries: { opt: Token | undefined; key: Cst; col: Token; value: Cst }[] }
  | { k: "msg"; start: Token; dot: boolean; ids: Token[]; open: Token; fields: { opt: Token | undefined; name: Token; col: Token; value: Cst }[] }
  | { k: "lit"; tok: Token; sign: Token | undefined }
  | { k: "error"; at: Token };

/** Raised to abandon the parse (cel-go panics for these and keeps the errors collected so far). */
class Abort {
  constructor(readonly internal: string | undefined) {}
}

const operandFirst: readonly TokenType[] = [
  T.LBRACKET, T.LBRACE, T.LPAREN, T.DOT, T.MINUS, T.EXCLAM, T.TRUE, T.FALSE, T.NULL,
  T.NUM_FLOAT, T.NUM_INT, T.NUM_UINT, T.STRING, T.BYTES, T.IDENTIFIER,
];
const relOps: readonly TokenType[] = [T.LESS, T.LESS_EQUALS, T.GREATER_EQUALS, T.GREATER, T.EQUALS, T.NOT_EQUALS, T.IN];
const mulOps: readonly TokenType[] = [T.STAR, T.SLASH, T.PERCENT];
const addOps: readonly TokenType[] = [T.PLUS, T.MINUS];
/** Tokens that may follow any expression somewhere: the recovery set's common part. */
const exprFollow: readonly TokenType[] = [
  T.EOF, T.RPAREN, T.RBRACKET, T.RBRACE, T.COMMA, T.COLON, T.QUESTIONMARK, T.LOGICAL_OR, T.LOGICAL_AND,
  ...relOps, ...mulOps, ...addOps, T.DOT, T.LBRACKET,
];

const errorReportingLimit = 100;

/** Grammar rules whose nesting depth is limited (ANTLR counts each rule separately). */
const R_EXPR = 0, R_RELATION = 1, R_CALC = 2, R_MEMBER = 3, R_PRIMARY = 4;
type Rule = typeof R_EXPR | typeof R_RELATION | typeof R_CALC | typeof R_MEMBER | typeof R_PRIMARY;

/** Sets checked on the success path too, built once. */
const argListFirst: readonly TokenType[] = [...operandFirst, T.RPAREN];
const listFirst: readonly TokenType[] = [...operandFirst, T.QUESTIONMARK, T.COMMA, T.RBRACKET];
const mapFirst: readonly TokenType[] = [...operandFirst, T.QUESTIONMARK, T.COMMA, T.RBRACE];
const fieldFirst: readonly TokenType[] = [T.QUESTIONMARK, T.IDENTIFIER, T.ESC_IDENTIFIER, T.COMMA, T.RBRACE];
const isRelOp = (t: TokenType): boolean => t >= T.EQUALS && t <= T.GREATER;
const isAddOp = (t: TokenType): boolean => t === T.PLUS || t === T.MINUS;
const isMulOp = (t: TokenType): boolean => t === T.STAR || t === T.SLASH || t === T.PERCENT;

function expecting(types: readonly TokenType[]): string {
  const sorted = [...new Set(types)].sort((a, b) => a - b);
  if (sorted.length === 1) return tokenDisplayNames[sorted[0]!]!;
  return "{" + sorted.map((t) => tokenDisplayNames[t]).join(", ") + "}";
}

/** Recursive-descent parser over a token list; `parse()` returns the tree or undefined after an abort. */
export class CstParser {
  private pos = 0;
  private recovering = false;
  private lastErrorIndex = -1;
  private recoveries = 0;
  private reports = 0;
  private readonly depth = [0, 0, 0, 0, 0];

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly issues: CelIssue[],
    private readonly maxDepth: number,
    private readonly errorRecoveryLimit = 30,
  ) {}

  /** Parses `expr EOF`; syntax errors go to `issues`; undefined if the parse was abandoned. */
  parse(): Cst | undefined {
    try {
      const e = this.expr();
      if (this.la() !== T.EOF) this.matchInline(T.EOF);
      return e;
    } catch (err) {
      if (err instanceof Abort) {
        if (err.internal !== undefined) this.issues.push({ message: err.internal, offset: -1 });
        return undefined;
      }
      if (err instanceof RangeError) {
        this.issues.push({ message: `expression recursion limit exceeded: ${this.maxDepth}`, offset: -1 });
        return undefined;
      }
      throw err;
    }
  }

  // ---- token helpers ----
  private lt(k = 1): Token {
    const i = this.pos + k - 1;
    const n = this.tokens.length - 1;
    return this.tokens[i < n ? i : n]!;
  }
  private la(k = 1): TokenType {
    return this.lt(k).type;
  }
  private consume(): Token {
    const t = this.lt();
    if (t.type !== T.EOF) this.pos++;
    this.recovering = false;
    return t;
  }
  private enter(rule: Rule): void {
    if (++this.depth[rule]! > this.maxDepth) throw new Abort(`expression recursion limit exceeded: ${this.maxDepth}`);
  }
  private exit(rule: Rule, by = 1): void {
    this.depth[rule]! -= by;
  }

  // ---- error reporting (ANTLR DefaultErrorStrategy, simplified) ----
  private syntaxError(at: Token, message: string): void {
    if (this.reports >= errorReportingLimit) {
      this.issues.push({ message: `Syntax error: More than ${errorReportingLimit} syntax errors`, offset: at.start });
      throw new Abort(undefined);
    }
    this.reports++;
    this.issues.push({ message: `Syntax error: ${message}`, offset: at.start });
  }
  private report(at: Token, message: string): void {
    if (this.recovering) return;
    this.recovering = true;
    this.syntaxError(at, message);
  }
  private display(t: Token): string {
    return t.type === T.EOF ? "'<EOF>'" : `'${escapeErrorText(t.text)}'`;
  }
  private countRecovery(): void {
    if (this.recoveries === this.errorRecoveryLimit) {
      this.recoveries++;
      this.syntaxError(this.lt(), `error recovery attempt limit exceeded: ${this.errorRecoveryLimit}`);
      throw new Abort(undefined);
    }
    this.recoveries++;
  }
  /** Consumes tokens until one that may follow (`follow`) or could continue an enclosing rule. */
  private recover(follow: readonly TokenType[]): void {
    this.countRecovery();
    if (this.lastErrorIndex === this.pos && this.la() !== T.EOF) this.pos++;
    this.lastErrorIndex = this.pos;
    while (this.la() !== T.EOF && !follow.includes(this.la()) && !exprFollow.includes(this.la())) this.pos++;
  }
  /** `match(type)` with single-token deletion / insertion, else a mismatch report and a recovery. */
  private matchInline(type: TokenType, after: readonly TokenType[] = []): Token | undefined {
    if (this.la() === type) return this.consume();
    this.countRecovery();
    if (this.la(2) === type) {
      this.report(this.lt(), `extraneous input ${this.display(this.lt())} expecting ${expecting([type])}`);
      this.pos++;
      return this.consume();
    }
    if (after.includes(this.la())) {
      this.report(this.lt(), `missing ${expecting([type])} at ${this.display(this.lt())}`);
      this.recovering = false;
      return undefined;
    }
    this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([type])}`);
    if (type === T.EOF) {
      while (this.la() !== T.EOF) this.pos++;
    } else this.recover([type]);
    if (this.la() === type) return this.consume();
    return undefined;
  }
  /** `sync` before an optional block: an unexpected token is deleted if the next one fits, else reported. */
  private sync(expected: readonly TokenType[]): boolean {
    if (expected.includes(this.la())) return true;
    if (expected.includes(this.la(2))) {
      this.report(this.lt(), `extraneous input ${this.display(this.lt())} expecting ${expecting(expected)}`);
      this.pos++;
      this.recovering = false;
      return true;
    }
    this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting(expected)}`);
    this.recover(expected);
    return expected.includes(this.la());
  }
  private noViable(start: Token, offending: Token): void {
    const end = offending.type === T.EOF ? this.tokens[this.tokens.length - 2]?.end ?? start.end : offending.end;
    let msg = `no viable alternative at input '${escapeErrorText(this.text.slice(start.start, Math.max(end, start.end)))}'`;
    // cel-go rewrites this message when a keyword follows a dot (parser.go, reservedIdentifier).
    const m = /^no viable alternative at input '.(true|false|null)'$/.exec(msg);
    if (m) msg = `mismatched input '${m[1]}' expecting IDENTIFIER`;
    this.report(offending, msg);
  }

  // ---- grammar ----
  private expr(): Cst {
    this.enter(R_EXPR);
    try {
      const cond = this.logicOr();
      if (this.la() !== T.QUESTIONMARK) return cond;
      const q = this.consume();
      const t = this.logicOr();
      this.matchInline(T.COLON, operandFirst);
      const f = this.expr();
      return { k: "ternary", cond, q, t, f };
    } finally {
      this.exit(R_EXPR);
    }
  }

  private logicOr(): Cst {
    const first = this.logicAnd();
    if (this.la() !== T.LOGICAL_OR) return first;
    const rest: { op: Token; e: Cst }[] = [];
    while (this.la() === T.LOGICAL_OR) {
      const op = this.consume();
      rest.push({ op, e: this.logicAnd() });
    }
    return { k: "logic", fn: "||", first, rest };
  }

  private logicAnd(): Cst {
    const first = this.relation();
    if (this.la() !== T.LOGICAL_AND) return first;
    const rest: { op: Token; e: Cst }[] = [];
    while (this.la() === T.LOGICAL_AND) {
      const op = this.consume();
      rest.push({ op, e: this.relation() });
    }
    return { k: "logic", fn: "&&", first, rest };
  }

  // Left-associative binary levels: relation (all relational ops), then + -, then * / %.
  // ANTLR enters `calc` once per operand (not once per precedence level), plus once per applied
  // operator; the right operand is a nested invocation of the rule (left recursion does not nest).
  private relation(): Cst {
    this.enter(R_RELATION);
    let pushed = 0;
    try {
      let l = this.add();
      while (isRelOp(this.la())) {
        const op = this.consume();
        this.enter(R_RELATION);
        pushed = 1;
        const r = this.add();
        this.exit(R_RELATION);
        pushed = 0;
        l = { k: "binary", op, l, r };
      }
      return l;
    } finally {
      this.exit(R_RELATION, 1 + pushed);
    }
  }

  private add(): Cst {
    this.enter(R_CALC);
    let pushed = 0;
    try {
      let l = this.mul();
      while (isAddOp(this.la())) {
        const op = this.consume();
        this.enter(R_CALC);
        pushed = 1;
        const r = this.mul();
        this.exit(R_CALC);
        pushed = 0;
        l = { k: "binary", op, l, r };
      }
      return l;
    } finally {
      this.exit(R_CALC, 1 + pushed);
    }
  }

  private mul(): Cst {
    let pushed = 0;
    try {
      let l = this.unary();
      while (isMulOp(this.la())) {
        const op = this.consume();
        this.enter(R_CALC);
        pushed = 1;
        const r = this.unary();
        this.exit(R_CALC);
        pushed = 0;
        l = { k: "binary", op, l, r };
      }
      return l;
    } finally {
      this.exit(R_CALC, pushed);
    }
  }

  private unary(): Cst {
    const t = this.la();
    if (t === T.EXCLAM) {
      const ops: Token[] = [];
      while (this.la() === T.EXCLAM) ops.push(this.consume());
      return { k: "unary", ops, operand: this.member() };
    }
    if (t === T.MINUS) {
      const t2 = this.la(2);
      // `-1` is a signed literal (cel-go's grammar prefers the literal alternative).
      if (t2 === T.NUM_INT || t2 === T.NUM_FLOAT) return this.member();
      if (!operandFirst.includes(t2)) {
        this.noViable(this.lt(), this.lt(2));
        this.recover([]);
        return { k: "error", at: this.lt() };
      }
      const ops: Token[] = [this.consume()];
      while (this.la() === T.MINUS) {
        const n2 = this.la(2);
        if (!operandFirst.includes(n2)) {
          this.noViable(this.lt(), this.lt(2));
          this.recover([]);
          return { k: "error", at: this.lt() };
        }
        ops.push(this.consume());
      }
      return { k: "unary", ops, operand: this.member() };
    }
    return this.member();
  }

  private member(): Cst {
    this.enter(R_MEMBER);
    try {
      let e = this.primary();
      for (;;) {
        const t = this.la();
        if (t === T.DOT) {
          const t2 = this.la(2);
          if (t2 === T.IDENTIFIER && this.la(3) === T.LPAREN) {
            this.consume();
            const id = this.consume();
            const open = this.consume();
            const args = this.argList(T.RPAREN);
            e = { k: "mcall", operand: e, id, open, args };
            continue;
          }
          if (t2 === T.IDENTIFIER || t2 === T.ESC_IDENTIFIER || t2 === T.QUESTIONMARK) {
            const dot = this.consume();
            let opt = false;
            if (this.la() === T.QUESTIONMARK) {
              this.consume();
              opt = true;
            }
            let id: Token | undefined;
            if (this.la() === T.IDENTIFIER || this.la() === T.ESC_IDENTIFIER) id = this.consume();
            else {
              this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([T.IDENTIFIER, T.ESC_IDENTIFIER])}`);
              this.recover([]);
              return { k: "error", at: dot };
            }
            e = { k: "select", operand: e, dot, opt, id };
            continue;
          }
          this.noViable(this.lt(), this.lt(2));
          this.recover([]);
          return e;
        }
        if (t === T.LBRACKET) {
          const open = this.consume();
          let opt = false;
          if (this.la() === T.QUESTIONMARK) {
            this.consume();
            opt = true;
          }
          const index = this.expr();
          this.matchInline(T.RBRACKET);
          e = { k: "index", operand: e, open, opt, index };
          continue;
        }
        return e;
      }
    } finally {
      this.exit(R_MEMBER);
    }
  }

  /** `exprList? ')'` after an opening parenthesis. */
  private argList(close: TokenType): Cst[] {
    const args: Cst[] = [];
    if (this.la() !== close && this.sync(close === T.RPAREN ? argListFirst : [...operandFirst, close])) {
      if (this.la() !== close) {
        args.push(this.expr());
        while (this.la() === T.COMMA) {
          this.consume();
          args.push(this.expr());
        }
      }
    }
    this.matchInline(close);
    return args;
  }

  private primary(): Cst {
    this.enter(R_PRIMARY);
    try {
      return this.primaryInner();
    } finally {
      this.exit(R_PRIMARY);
    }
  }

  private primaryInner(): Cst {
    const start = this.lt();
    switch (start.type) {
      case T.DOT:
      case T.IDENTIFIER: {
        const dot = start.type === T.DOT;
        if (dot && this.la(2) !== T.IDENTIFIER) {
          this.noViable(start, this.lt(2));
          this.recover([]);
          return { k: "error", at: start };
        }
        if (dot) this.consume();
        // Qualified message name `a.b.c{`? Look ahead over IDENT (. IDENT)*.
        let k = 1;
        while (this.la(k + 1) === T.DOT && this.la(k + 2) === T.IDENTIFIER) k += 2;
        if (this.la(k + 1) === T.LBRACE) {
          const ids: Token[] = [this.consume()];
          while (this.la() === T.DOT) {
            this.consume();
            ids.push(this.consume());
          }
          const open = this.consume();
          return { k: "msg", start, dot, ids, open, fields: this.fieldInits() };
        }
        const id = this.consume();
        if (this.la() === T.LPAREN) {
          const open = this.consume();
          return { k: "gcall", start, dot, id, open, args: this.argList(T.RPAREN) };
        }
        return { k: "ident", start, dot, id };
      }
      case T.LPAREN: {
        this.consume();
        const e = this.expr();
        this.matchInline(T.RPAREN);
        return e;
      }
      case T.LBRACKET:
        return this.listInit();
      case T.LBRACE:
        return this.mapInit();
      case T.MINUS: {
        const sign = this.consume();
        const tok = this.consume();
        return { k: "lit", tok, sign };
      }
      case T.NUM_INT:
      case T.NUM_UINT:
      case T.NUM_FLOAT:
      case T.STRING:
      case T.BYTES:
      case T.TRUE:
      case T.FALSE:
      case T.NULL:
        return { k: "lit", tok: this.consume(), sign: undefined };
      default: {
        if (operandFirst.includes(this.la(2))) {
          this.report(start, `extraneous input ${this.display(start)} expecting ${expecting(operandFirst)}`);
          this.pos++;
          this.recovering = false;
          return this.primaryInner();
        }
        this.report(start, `mismatched input ${this.display(start)} expecting ${expecting(operandFirst)}`);
        this.recover([]);
        return { k: "error", at: start };
      }
    }
  }

  private listInit(): Cst {
    const open = this.consume();
    const elems: { opt: Token | undefined; e: Cst }[] = [];
    const first = listFirst;
    if (this.la() !== T.RBRACKET && this.sync(first) && this.la() !== T.RBRACKET && this.la() !== T.COMMA) {
      for (;;) {
        const opt = this.la() === T.QUESTIONMARK ? this.consume() : undefined;
        elems.push({ opt, e: this.expr() });
        if (this.la() === T.COMMA && this.la(2) !== T.RBRACKET) {
          this.consume();
          continue;
        }
        break;
      }
    }
    if (this.la() === T.COMMA) this.consume();
    this.matchInline(T.RBRACKET);
    return { k: "list", open, elems };
  }

  private mapInit(): Cst {
    const open = this.consume();
    const entries: { opt: Token | undefined; key: Cst; col: Token; value: Cst }[] = [];
    const first = mapFirst;
    if (this.la() !== T.RBRACE && this.sync(first) && this.la() !== T.RBRACE && this.la() !== T.COMMA) {
      for (;;) {
        const opt = this.la() === T.QUESTIONMARK ? this.consume() : undefined;
        const key = this.expr();
        const col = this.matchInline(T.COLON, operandFirst);
        if (!col) break;
        entries.push({ opt, key, col, value: this.expr() });
        if (this.la() === T.COMMA && this.la(2) !== T.RBRACE) {
          this.consume();
          continue;
        }
        break;
      }
    }
    if (this.la() === T.COMMA) this.consume();
    this.matchInline(T.RBRACE);
    return { k: "map", open, entries };
  }

  private fieldInits(): { opt: Token | undefined; name: Token; col: Token; value: Cst }[] {
    const fields: { opt: Token | undefined; name: Token; col: Token; value: Cst }[] = [];
    const first = fieldFirst;
    if (this.la() !== T.RBRACE && this.sync(first) && this.la() !== T.RBRACE && this.la() !== T.COMMA) {
      for (;;) {
        const opt = this.la() === T.QUESTIONMARK ? this.consume() : undefined;
        if (this.la() !== T.IDENTIFIER && this.la() !== T.ESC_IDENTIFIER) {
          this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([T.IDENTIFIER, T.ESC_IDENTIFIER])}`);
          this.recover([T.RBRACE]);
          break;
        }
        const name = this.consume();
        const col = this.matchInline(T.COLON, operandFirst);
        if (!col) break;
        fields.push({ opt, name, col, value: this.expr() });
        if (this.la() === T.COMMA && this.la(2) !== T.RBRACE) {
          this.consume();
          continue;
        }
        break;
      }
    }
    if (this.la() === T.COMMA) this.consume();
    this.matchInline(T.RBRACE);
    return fields;
  }
}
