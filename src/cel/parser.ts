// The CEL parser: tokens → AST in one pass, with syntax errors and recovery modelled on cel-go's
// ANTLR parser (`mismatched input`, `extraneous input`, `no viable alternative`, rule-depth limit).
// Nodes are made by ./build-ast.ts as each rule completes, in the order cel-go's AST builder visits
// its parse tree. Longer than 300 lines: it is the grammar.
import { T, tokenDisplayNames, escapeErrorText } from "./lexer.js";
import type { TokenList, TokenType } from "./lexer.js";
import type { CelIssue } from "./errors-format.js";
import type { Expr, MapEntry, StructField } from "./ast.js";
import { listExpr, mapExpr, structExpr, NO_OPTIONAL_INDICES } from "./ast-node.js";
import { op } from "./operators.js";
import type { AstBuilder } from "./build-ast.js";

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


const errorReportingLimit = 100;
/** `matchInline`'s answer for a missing token ANTLR conjures (parsing goes on as if it were there). */
const CONJURED = -2;
const NO_TOKENS: readonly TokenType[] = [];

/** Grammar rules whose nesting depth is limited (ANTLR counts each rule separately). */
const R_EXPR = 0, R_RELATION = 1, R_CALC = 2, R_MEMBER = 3, R_PRIMARY = 4;
type Rule = typeof R_EXPR | typeof R_RELATION | typeof R_CALC | typeof R_MEMBER | typeof R_PRIMARY;

/** Sets checked on the success path too, built once. */
const argListFirst: readonly TokenType[] = [...operandFirst, T.RPAREN];
const listFirst: readonly TokenType[] = [...operandFirst, T.QUESTIONMARK, T.COMMA, T.RBRACKET];
const mapFirst: readonly TokenType[] = [...operandFirst, T.QUESTIONMARK, T.COMMA, T.RBRACE];
const fieldFirst: readonly TokenType[] = [T.QUESTIONMARK, T.IDENTIFIER, T.ESC_IDENTIFIER, T.COMMA, T.RBRACE];
/**
 * What may start another list element or map entry (`optExpr`) / message field after a `,`: ANTLR
 * leaves the element loop on anything else, so the comma is the literal's trailing one.
 */
/** Tokens that may follow a primary wherever it stands (operators, selects, indexes). */
const postfixFollow: readonly TokenType[] = [T.QUESTIONMARK, T.LOGICAL_OR, T.LOGICAL_AND, ...relOps, ...mulOps, ...addOps, T.DOT, T.LBRACKET];
const topFollow: readonly TokenType[] = [T.EOF];
const indexFollow: readonly TokenType[] = [T.RBRACKET];
const parenFollow: readonly TokenType[] = [T.RPAREN];
const colonFollow: readonly TokenType[] = [T.COLON];
const listFollow: readonly TokenType[] = [T.COMMA, T.RBRACKET];
const entryFollow: readonly TokenType[] = [T.COMMA, T.RBRACE];
const argFollow: readonly TokenType[] = [T.COMMA, T.RPAREN];
const elementFirst: readonly TokenType[] = [...operandFirst, T.QUESTIONMARK];
const fieldStart: readonly TokenType[] = [T.QUESTIONMARK, T.IDENTIFIER, T.ESC_IDENTIFIER];
const isRelOp = (t: TokenType): boolean => t >= T.EQUALS && t <= T.GREATER;
const isAddOp = (t: TokenType): boolean => t === T.PLUS || t === T.MINUS;
const isMulOp = (t: TokenType): boolean => t === T.STAR || t === T.SLASH || t === T.PERCENT;

function expecting(types: readonly TokenType[]): string {
  const sorted = [...new Set(types)].sort((a, b) => a - b);
  if (sorted.length === 1) return tokenDisplayNames[sorted[0]!]!;
  return "{" + sorted.map((t) => tokenDisplayNames[t]).join(", ") + "}";
}

/** Recursive-descent parser over a token list; `parse()` returns the AST or undefined after an abort. */
export class Parser {
  private pos = 0;
  private recovering = false;
  /** How many rules being parsed may be followed by `:` (a conditional's middle operand, a map key). */
  /**
   * How many enclosing constructs each token may continue (`)`, `]`, `}`, `,`, `:`): with
   * `postfixFollow`, the recovery set ANTLR builds from the follow sets of the rules being parsed.
   */
  private readonly enclosing: number[] = new Array<number>(T.ESC_IDENTIFIER + 1).fill(0);
  /** What the innermost enclosing construct lets follow the expression being parsed (`[EOF]` at the top). */
  private follow: readonly TokenType[] = topFollow;
  private lastErrorIndex = -1;
  /**
   * Where the recoveries at `lastErrorIndex` happened (ANTLR's `lastErrorStates`: a recovery
   * consumes a token first only when it happens again at the same index and place).
   */
  private readonly lastErrorStates = new Set<string>();
  private recoveries = 0;
  private reports = 0;
  /** Nesting of each limited rule (a plain array: cheaper to make per parse than a typed one). */
  private readonly depth: number[] = [0, 0, 0, 0, 0];
  /** Set when a parse counting `expr` only gave up: the expression must be parsed again exactly. */
  needsExact = false;
  /** Items of the lists being parsed, innermost last, gathered into exact-size arrays by `collect`. */
  private readonly stack: unknown[] = [];
  private top = 0;
  /** Token types by index (see TokenList.types). */
  private readonly types: Int8Array;

  constructor(
    private readonly text: string,
    private readonly t: TokenList,
    private readonly issues: CelIssue[],
    private readonly b: AstBuilder,
    private readonly maxDepth: number,
    private readonly errorRecoveryLimit = 30,
    /** Count every rule's nesting (else `expr`'s only, see `enter`). */
    private readonly exact = false,
  ) {
    this.types = t.types();
  }

  /** Parses `expr EOF`; syntax errors go to `issues`; undefined if the parse was abandoned. */
  parse(): Expr | undefined {
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

  // ---- token helpers (tokens are indices into `t`) ----
  private lt(k = 1): number {
    const i = this.pos + k - 1;
    const n = this.t.count - 1;
    return i < n ? i : n;
  }
  /** The next token's type (`pos` never passes the EOF token, the last: no clamping). */
  private la(): TokenType {
    return this.types[this.pos] as TokenType;
  }
  /** The type of the `k`-th token from here (1: the next). */
  private lak(k: number): TokenType {
    return this.types[this.lt(k)] as TokenType;
  }
  private consume(): number {
    const t = this.pos;
    if (this.types[t] !== T.EOF) this.pos = t + 1;
    if (this.recovering || this.lastErrorIndex >= 0) this.endRecovery();
    return t;
  }
  /** A token matched: out of recovery (ANTLR `endErrorCondition`). */
  private endRecovery(): void {
    this.recovering = false;
    this.lastErrorIndex = -1;
    this.lastErrorStates.clear();
  }
  /**
   * Counts a rule's nesting (exits are not unwound after an abort: the parse is abandoned). Not
   * exact, only `expr` is counted: every other rule nests at most 3 times per `expr` (relation
   * twice, calc three times, member and primary once: all recursion goes through `expr`), so no
   * rule passes the limit while `3 × expr depth` stays within it. Past that the parse gives up
   * (`needsExact`) and the caller parses again counting every rule.
   */
  private enter(rule: Rule): void {
    if (this.exact) {
      if (++this.depth[rule]! > this.maxDepth) this.tooDeep();
    } else if (rule === R_EXPR && ++this.depth[R_EXPR]! * 3 > this.maxDepth) this.inexact();
  }
  private tooDeep(): never {
    throw new Abort(`expression recursion limit exceeded: ${this.maxDepth}`);
  }
  private inexact(): never {
    this.needsExact = true;
    throw new Abort(undefined);
  }
  private exit(rule: Rule): void {
    if (this.exact || rule === R_EXPR) this.depth[rule]!--;
  }

  private push(x: unknown): void {
    this.stack[this.top++] = x;
  }
  /** The items pushed since `base`, as a new array (popped). */
  private collect<X>(base: number): X[] {
    const out = this.stack.slice(base, this.top) as X[];
    this.top = base;
    return out;
  }

  // ---- error reporting (ANTLR DefaultErrorStrategy, simplified) ----
  private syntaxError(at: number, message: string): void {
    if (this.reports >= errorReportingLimit) {
      this.issues.push({ message: `Syntax error: More than ${errorReportingLimit} syntax errors`, offset: this.t.start(at) });
      throw new Abort(undefined);
    }
    this.reports++;
    this.issues.push({ message: `Syntax error: ${message}`, offset: this.t.start(at) });
  }
  private report(at: number, message: string): void {
    if (this.recovering) return;
    this.recovering = true;
    this.syntaxError(at, message);
  }
  private display(t: number): string {
    return this.t.type(t) === T.EOF ? "'<EOF>'" : `'${escapeErrorText(this.t.text(t))}'`;
  }
  private countRecovery(): void {
    if (this.recoveries === this.errorRecoveryLimit) {
      this.recoveries++;
      this.syntaxError(this.lt(), `error recovery attempt limit exceeded: ${this.errorRecoveryLimit}`);
      throw new Abort(undefined);
    }
    this.recoveries++;
  }
  /**
   * Consumes tokens until one that may follow (`follow`) or could continue an enclosing rule;
   * `state` names the place in the grammar (a second recovery there at the same token skips it).
   */
  private recover(follow: readonly TokenType[], state: string): void {
    this.countRecovery();
    if (this.lastErrorIndex === this.pos && this.lastErrorStates.has(state) && this.la() !== T.EOF) this.pos++;
    this.lastErrorIndex = this.pos;
    this.lastErrorStates.add(state);
    for (let la = this.la(); la !== T.EOF && !follow.includes(la) && !postfixFollow.includes(la) && this.enclosing[la] === 0; la = this.la()) this.pos++;
  }
  /**
   * `match(type)` with single-token deletion / insertion, else a mismatch report and a recovery:
   * the token's index, {@link CONJURED} when it was missing but the next token may follow it, -1 when missing.
   */
  private matchInline(type: TokenType, after: readonly TokenType[] = NO_TOKENS): number {
    if (this.la() === type) return this.consume();
    this.countRecovery();
    if (this.lak(2) === type) {
      this.report(this.lt(), `extraneous input ${this.display(this.lt())} expecting ${expecting([type])}`);
      this.pos++;
      return this.consume();
    }
    if (after.includes(this.la())) {
      this.report(this.lt(), `missing ${expecting([type])} at ${this.display(this.lt())}`);
      this.recovering = false;
      return CONJURED;
    }
    this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([type])}`);
    if (type === T.EOF) {
      while (this.la() !== T.EOF) this.pos++;
    } else this.recover(NO_TOKENS, `match ${type}`);
    return -1;
  }
  /**
   * `','? close` ending a list, map or message literal. ANTLR syncs before the optional comma
   * (expecting {close, ','}, unless already recovering); when that sync fails the rule ends there.
   */
  private closeLiteral(close: TokenType): void {
    if (!this.recovering && this.la() !== close && this.la() !== T.COMMA && !this.sync([close, T.COMMA])) return;
    if (this.la() === T.COMMA) this.consume();
    this.matchClose(close);
  }
  /** Matches a closing token; a missing one is conjured when the next token may follow it (single-token insertion). */
  private matchClose(close: TokenType): number {
    return this.matchInline(close, [...postfixFollow, ...this.follow]);
  }
  /** `expr` inside a construct that `follow` may continue (for single-token insertion at its closers). */
  private exprIn(follow: readonly TokenType[]): Expr {
    const outer = this.follow;
    this.follow = follow;
    for (const t of follow) this.enclosing[t]!++;
    const e = this.expr();
    for (const t of follow) this.enclosing[t]!--;
    this.follow = outer;
    return e;
  }
  /**
   * `sync` before an optional block: an unexpected token is deleted if the next one fits, else
   * reported and skipped up to the enclosing rules' recovery set; false then, and the rule ends.
   */
  private sync(expected: readonly TokenType[]): boolean {
    if (expected.includes(this.la())) return true;
    if (expected.includes(this.lak(2))) {
      this.report(this.lt(), `extraneous input ${this.display(this.lt())} expecting ${expecting(expected)}`);
      this.pos++;
      this.recovering = false;
      return true;
    }
    this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting(expected)}`);
    this.recover(NO_TOKENS, `sync ${expected.join(",")}`);
    return false;
  }
  private noViable(start: number, offending: number): void {
    const t = this.t;
    const startEnd = t.end(start);
    const end = t.type(offending) === T.EOF ? (t.count >= 2 ? t.end(t.count - 2) : startEnd) : t.end(offending);
    let msg = `no viable alternative at input '${escapeErrorText(this.text.slice(t.start(start), Math.max(end, startEnd)))}'`;
    // cel-go rewrites this message when a keyword follows a dot (parser.go, reservedIdentifier).
    const m = /^no viable alternative at input '.(true|false|null)'$/.exec(msg);
    if (m) msg = `mismatched input '${m[1]}' expecting IDENTIFIER`;
    this.report(offending, msg);
  }

  // ---- grammar ----
  /** The moment after the tokens consumed so far (see build-ast.ts, issue moments). */
  private after(): number {
    return 2 * this.pos - 1;
  }

  /**
   * `expr`. A conditional's `:` that cannot be repaired fails the rule, as in ANTLR: the parser
   * resyncs to the follow sets of the rules it is in (`:` only inside a conditional's middle operand
   * or a map key) and returns without parsing an else branch, further reports held back until a
   * token is matched again.
   */
  private expr(): Expr {
    this.enter(R_EXPR);
    const start = this.pos;
    const cond = this.logicOr();
    if (this.la() !== T.QUESTIONMARK) {
      this.exit(R_EXPR);
      return cond;
    }
    const q = this.consume();
    const b = this.b;
    const opId = b.id(this.t.start(q));
    const outer = this.follow;
    this.follow = colonFollow;
    this.enclosing[T.COLON]++;
    const t = this.logicOr();
    this.enclosing[T.COLON]--;
    this.follow = outer;
    if (this.la() !== T.COLON && this.lak(2) !== T.COLON && !operandFirst.includes(this.la())) {
      this.countRecovery();
      this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([T.COLON])}`);
      this.recover(NO_TOKENS, "conditional colon");
      this.exit(R_EXPR);
      return b.counts(start, this.pos, b.callOrMacro(this.after(), opId, op.conditional, undefined, [cond, t, t]));
    }
    this.matchInline(T.COLON, operandFirst);
    const f = this.expr();
    this.exit(R_EXPR);
    return b.counts(start, this.pos, b.callOrMacro(this.after(), opId, op.conditional, undefined, [cond, t, f]));
  }

  private logicOr(): Expr {
    const first = this.logicAnd();
    if (this.la() !== T.LOGICAL_OR) return first;
    const base = this.top;
    this.push(first);
    const ops: number[] = [];
    while (this.la() === T.LOGICAL_OR) {
      const o = this.consume();
      this.push(this.logicAnd());
      ops.push(this.b.id(this.t.start(o)));
    }
    return this.b.logic(op.logicalOr, this.collect<Expr>(base), ops);
  }

  private logicAnd(): Expr {
    const first = this.relation();
    if (this.la() !== T.LOGICAL_AND) return first;
    const base = this.top;
    this.push(first);
    const ops: number[] = [];
    while (this.la() === T.LOGICAL_AND) {
      const o = this.consume();
      this.push(this.relation());
      ops.push(this.b.id(this.t.start(o)));
    }
    return this.b.logic(op.logicalAnd, this.collect<Expr>(base), ops);
  }

  // Left-associative binary levels: relation (all relational ops), then + -, then * / %.
  // ANTLR enters `calc` once per operand (not once per precedence level), plus once per applied
  // operator; the right operand is a nested invocation of the rule (left recursion does not nest).
  private relation(): Expr {
    this.enter(R_RELATION);
    const start = this.pos;
    let l = this.add();
    while (isRelOp(this.la())) {
      const o = this.consume();
      const opId = this.b.id(this.t.start(o));
      this.enter(R_RELATION);
      const r = this.add();
      this.exit(R_RELATION);
      l = this.b.counts(start, this.pos, this.b.binary(this.after(), opId, o, l, r));
    }
    this.exit(R_RELATION);
    return l;
  }

  private add(): Expr {
    this.enter(R_CALC);
    const start = this.pos;
    let l = this.mul();
    while (isAddOp(this.la())) {
      const o = this.consume();
      const opId = this.b.id(this.t.start(o));
      this.enter(R_CALC);
      const r = this.mul();
      this.exit(R_CALC);
      l = this.b.counts(start, this.pos, this.b.binary(this.after(), opId, o, l, r));
    }
    this.exit(R_CALC);
    return l;
  }

  private mul(): Expr {
    const start = this.pos;
    let l = this.unary();
    while (isMulOp(this.la())) {
      const o = this.consume();
      const opId = this.b.id(this.t.start(o));
      this.enter(R_CALC);
      const r = this.unary();
      this.exit(R_CALC);
      l = this.b.counts(start, this.pos, this.b.binary(this.after(), opId, o, l, r));
    }
    return l;
  }

  private unary(): Expr {
    const t = this.la();
    if (t === T.EXCLAM) {
      const first = this.lt();
      let n = 0;
      while (this.la() === T.EXCLAM) {
        this.consume();
        n++;
      }
      return this.unaryOperand(first, n, op.logicalNot);
    }
    if (t === T.MINUS) {
      const t2 = this.lak(2);
      // `-1` is a signed literal (cel-go's grammar prefers the literal alternative).
      if (t2 === T.NUM_INT || t2 === T.NUM_FLOAT) return this.member();
      if (!operandFirst.includes(t2)) return this.noViableOperand();
      const first = this.consume();
      let n = 1;
      while (this.la() === T.MINUS) {
        if (!operandFirst.includes(this.lak(2))) return this.noViableOperand();
        this.consume();
        n++;
      }
      return this.unaryOperand(first, n, op.negate);
    }
    return this.member();
  }

  /** `n` prefix operators `fn` (the first is token `first`): an even number cancels out. */
  private unaryOperand(first: number, n: number, fn: string): Expr {
    if (n % 2 === 0) return this.member();
    const opId = this.b.id(this.t.start(first));
    const target = this.member();
    return this.b.callOrMacro(this.after(), opId, fn, undefined, [target]);
  }

  /** A prefix operator without an operand after it. */
  private noViableOperand(): Expr {
    this.noViable(this.lt(), this.lt(2));
    this.recover([], "prefix operand");
    return this.b.errorNode(this.t.start(this.lt()));
  }

  private member(): Expr {
    this.enter(R_MEMBER);
    const e = this.memberChain();
    this.exit(R_MEMBER);
    return e;
  }

  /** `primary` followed by selections, member calls and indexes. */
  private memberChain(): Expr {
    const start = this.pos;
    const b = this.b, tokens = this.t;
    const mark = b.mark();
    let e = this.primary();
    for (;;) {
      const t = this.la();
      if (t === T.DOT) {
        const t2 = this.lak(2);
        if (t2 === T.IDENTIFIER && this.lak(3) === T.LPAREN) {
          this.consume();
          const id = this.consume();
          const open = this.consume();
          const opId = b.id(tokens.start(open));
          const args = this.argList(T.RPAREN);
          e = b.counts(start, this.pos, b.callOrMacro(this.after(), opId, tokens.text(id), e, args));
          continue;
        }
        if (t2 === T.IDENTIFIER || t2 === T.ESC_IDENTIFIER || t2 === T.QUESTIONMARK) {
          const dot = this.consume();
          let opt = false;
          if (this.la() === T.QUESTIONMARK) {
            this.consume();
            opt = true;
          }
          if (this.la() !== T.IDENTIFIER && this.la() !== T.ESC_IDENTIFIER) {
            this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([T.IDENTIFIER, T.ESC_IDENTIFIER])}`);
            this.recover([], "select field");
            // The error stands for the whole chain: cel-go's builder never visits what came before.
            b.rollback(mark);
            return b.errorNode(tokens.start(dot));
          }
          const id = this.consume();
          e = b.counts(start, this.pos, b.select(this.after(), e, dot, opt, id));
          continue;
        }
        this.noViable(this.lt(), this.lt(2));
        this.recover([], "member suffix");
        return e;
      }
      if (t === T.LBRACKET) {
        const open = this.consume();
        let opt = false;
        if (this.la() === T.QUESTIONMARK) {
          this.consume();
          opt = true;
        }
        const opId = b.id(tokens.start(open));
        const index = this.exprIn(indexFollow);
        const key = this.after();
        this.matchClose(T.RBRACKET);
        e = b.counts(start, this.pos, b.index(key, opId, open, opt, e, index));
        continue;
      }
      return e;
    }
  }

  /** `exprList? ')'` after an opening parenthesis. */
  private argList(close: TokenType): Expr[] {
    const base = this.top;
    if (this.la() !== close && !this.sync(close === T.RPAREN ? argListFirst : [...operandFirst, close])) return this.collect<Expr>(base);
    if (this.la() !== close) {
      const follow = close === T.RPAREN ? argFollow : [T.COMMA, close];
      this.push(this.exprIn(follow));
      while (this.la() === T.COMMA) {
        this.consume();
        this.push(this.exprIn(follow));
      }
    }
    const args = this.collect<Expr>(base);
    this.matchClose(close);
    return args;
  }

  private primary(): Expr {
    this.enter(R_PRIMARY);
    const e = this.primaryInner();
    this.exit(R_PRIMARY);
    return e;
  }

  private primaryInner(): Expr {
    const start = this.lt();
    const tokens = this.t, b = this.b;
    switch (tokens.type(start)) {
      case T.DOT:
      case T.IDENTIFIER: {
        const dot = tokens.type(start) === T.DOT;
        if (dot && this.lak(2) !== T.IDENTIFIER) {
          this.noViable(start, this.lt(2));
          this.recover([], "leading dot");
          return b.errorNode(tokens.start(start));
        }
        if (dot) this.consume();
        // Qualified message name `a.b.c{`? Look ahead over IDENT (. IDENT)* (it stops at EOF, the last token).
        const types = this.types;
        let k = this.pos + 1;
        while (types[k] === T.DOT && types[k + 1] === T.IDENTIFIER) k += 2;
        if (types[k] === T.LBRACE) {
          let typeName = (dot ? "." : "") + tokens.text(this.consume());
          while (this.la() === T.DOT) {
            this.consume();
            typeName += "." + tokens.text(this.consume());
          }
          const id = b.id(tokens.start(this.consume()));
          return structExpr(id, typeName, this.fieldInits());
        }
        const idTok = this.consume();
        const name = tokens.text(idTok);
        if (this.la() !== T.LPAREN) return b.ident(start, dot, idTok, name);
        const open = this.consume();
        if (b.isReserved(name)) {
          const err = b.error(2 * start, tokens.start(start), `reserved identifier: ${name}`);
          // cel-go's builder does not visit the arguments of a reserved name.
          const mark = b.mark();
          this.argList(T.RPAREN);
          b.rollback(mark);
          return err;
        }
        const opId = b.id(tokens.start(open));
        const args = this.argList(T.RPAREN);
        return b.callOrMacro(this.after(), opId, dot ? "." + name : name, undefined, args);
      }
      case T.LPAREN: {
        this.consume();
        const e = this.exprIn(parenFollow);
        this.matchClose(T.RPAREN);
        return e;
      }
      case T.LBRACKET:
        return this.listInit();
      case T.LBRACE:
        return this.mapInit();
      case T.MINUS: {
        const sign = this.consume();
        return b.literal(this.consume(), sign);
      }
      case T.NUM_INT:
      case T.NUM_UINT:
      case T.NUM_FLOAT:
      case T.STRING:
      case T.BYTES:
      case T.TRUE:
      case T.FALSE:
      case T.NULL:
        return b.literal(this.consume(), -1);
      default: {
        if (operandFirst.includes(this.lak(2))) {
          this.report(start, `extraneous input ${this.display(start)} expecting ${expecting(operandFirst)}`);
          this.pos++;
          this.recovering = false;
          return this.primaryInner();
        }
        this.report(start, `mismatched input ${this.display(start)} expecting ${expecting(operandFirst)}`);
        this.recover([], "primary");
        return b.errorNode(tokens.start(start));
      }
    }
  }

  private listInit(): Expr {
    const b = this.b;
    const id = b.id(this.t.start(this.consume()));
    const base = this.top;
    const optionalIndices: number[] = [];
    if (this.la() !== T.RBRACKET && !this.sync(listFirst)) return listExpr(id, [], NO_OPTIONAL_INDICES);
    if (this.la() !== T.RBRACKET && this.la() !== T.COMMA) {
      for (;;) {
        const opt = this.la() === T.QUESTIONMARK ? this.consume() : -1;
        this.push(this.exprIn(listFollow));
        if (opt >= 0) b.optionalElement(this.after(), optionalIndices, this.top - base - 1, opt);
        if (this.la() === T.COMMA && elementFirst.includes(this.lak(2))) {
          this.consume();
          continue;
        }
        break;
      }
    }
    const elements = this.collect<Expr>(base);
    this.closeLiteral(T.RBRACKET);
    return listExpr(id, elements, optionalIndices.length === 0 ? NO_OPTIONAL_INDICES : optionalIndices);
  }

  private mapInit(): Expr {
    const b = this.b, tokens = this.t;
    const id = b.id(tokens.start(this.consume()));
    const base = this.top;
    if (this.la() !== T.RBRACE && !this.sync(mapFirst)) return mapExpr(id, []);
    if (this.la() !== T.RBRACE && this.la() !== T.COMMA) {
      for (;;) {
        const opt = this.la() === T.QUESTIONMARK ? this.consume() : -1;
        // cel-go's builder numbers the entry (at its colon) before its key.
        const mark = b.mark();
        const entryId = b.reserveId();
        const key = this.exprIn(colonFollow);
        const col = this.matchInline(T.COLON, operandFirst);
        if (col === -1) {
          b.rollback(mark);
          break;
        }
        b.place(entryId, tokens.start(col === CONJURED ? this.pos : col));
        if (opt >= 0 && !b.optionalSyntax) {
          // An unsupported `?key: value` entry: cel-go's builder visits neither key nor value.
          b.rollback(entryId + 1);
          b.error(2 * opt, tokens.start(opt), "unsupported syntax '?'");
          this.skipped();
        } else this.push({ id: entryId, key, value: this.exprIn(entryFollow), optional: opt >= 0 } satisfies MapEntry);
        if (this.la() === T.COMMA && elementFirst.includes(this.lak(2))) {
          this.consume();
          continue;
        }
        break;
      }
    }
    const entries = this.collect<MapEntry>(base);
    this.closeLiteral(T.RBRACE);
    return mapExpr(id, entries);
  }

  /** Parses an expression cel-go's builder does not visit (its nodes are rolled back). */
  private skipped(): void {
    const mark = this.b.mark();
    this.exprIn(entryFollow);
    this.b.rollback(mark);
  }

  private fieldInits(): StructField[] {
    const b = this.b, tokens = this.t;
    const base = this.top;
    if (this.la() !== T.RBRACE && !this.sync(fieldFirst)) return [];
    if (this.la() !== T.RBRACE && this.la() !== T.COMMA) {
      for (;;) {
        const opt = this.la() === T.QUESTIONMARK ? this.consume() : -1;
        if (this.la() !== T.IDENTIFIER && this.la() !== T.ESC_IDENTIFIER) {
          this.report(this.lt(), `mismatched input ${this.display(this.lt())} expecting ${expecting([T.IDENTIFIER, T.ESC_IDENTIFIER])}`);
          this.recover([T.RBRACE], "field name");
          break;
        }
        const name = this.consume();
        const col = this.matchInline(T.COLON, operandFirst);
        if (col === -1) break;
        const fieldId = b.id(tokens.start(col === CONJURED ? this.pos : col));
        if (opt >= 0 && !b.optionalSyntax) {
          b.error(2 * opt, tokens.start(opt), "unsupported syntax '?'");
          this.skipped();
        } else {
          const value = this.exprIn(entryFollow);
          this.push({ id: fieldId, field: b.fieldName(this.after(), name), value, optional: opt >= 0 } satisfies StructField);
        }
        if (this.la() === T.COMMA && fieldStart.includes(this.lak(2))) {
          this.consume();
          continue;
        }
        break;
      }
    }
    const fields = this.collect<StructField>(base);
    this.closeLiteral(T.RBRACE);
    return fields;
  }
}
