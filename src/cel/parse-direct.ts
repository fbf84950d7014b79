// CEL parser fast path: tokens → AST in one pass for well-formed input, numbering nodes, expanding
// macros and decoding literals exactly as the two-phase parser (./parser.ts + ./build-ast.ts) does.
// It gives up (undefined) on anything unusual — a syntax error, an AST error, nesting near a depth
// limit — and the caller then runs the two-phase parser, which words every error as cel-go does.
// Longer than 300 lines: it is the grammar.
import { T } from "./lexer.js";
import type { Token, TokenType } from "./lexer.js";
import { op } from "./operators.js";
import type { Expr, MapEntry, StructField } from "./ast.js";
import { callExpr, constExpr, listExpr, mapExpr, identExpr, selectExpr, structExpr } from "./ast-node.js";
import { AstBuilder, binaryOps, isReservedId } from "./build-ast.js";

/** Thrown to give up the fast path. */
class GiveUp {}
const GIVE_UP = new GiveUp();

const operandFirst: readonly TokenType[] = [
  T.LBRACKET, T.LBRACE, T.LPAREN, T.DOT, T.MINUS, T.EXCLAM, T.TRUE, T.FALSE, T.NULL,
  T.NUM_FLOAT, T.NUM_INT, T.NUM_UINT, T.STRING, T.BYTES, T.IDENTIFIER,
];
const isOperandFirst = (t: TokenType): boolean => operandFirst.includes(t);
const isRelOp = (t: TokenType): boolean => t >= T.EQUALS && t <= T.GREATER;
const isAddOp = (t: TokenType): boolean => t === T.PLUS || t === T.MINUS;
const isMulOp = (t: TokenType): boolean => t === T.STAR || t === T.SLASH || t === T.PERCENT;

/**
 * One-pass parser over a lexed token list (no lexer errors). Besides the AST it tracks the height
 * of the two-phase builder's depth-counted nodes (ternary, binary, select, member call, index), so
 * it gives up exactly where that builder would report "max recursion depth exceeded".
 */
export class DirectParser extends AstBuilder {
  private tokens: readonly Token[] = [];
  private pos = 0;
  /** Height (in depth-counted nodes) of the subtree parsed last. */
  private h = 0;
  /** `expr` nesting; the grammar's rule counters stay below 3 × this, so under the limit they never trip. */
  private nest = 0;
  private readonly nestLimit: number;

  constructor(...args: ConstructorParameters<typeof AstBuilder>) {
    super(...args);
    this.nestLimit = Math.floor(this.maxDepth / 3) - 1;
  }

  /** The AST of `tokens` (ending with EOF), or undefined when the two-phase parser must decide. */
  tryParse(tokens: readonly Token[]): Expr | undefined {
    this.tokens = tokens;
    try {
      const e = this.expr();
      if (this.la() !== T.EOF || this.issues.length > 0 || this.h > this.maxDepth) return undefined;
      return e;
    } catch (err) {
      if (err === GIVE_UP || err instanceof RangeError) return undefined;
      throw err;
    }
  }

  private la(k = 1): TokenType {
    const i = this.pos + k - 1;
    const n = this.tokens.length - 1;
    return this.tokens[i < n ? i : n]!.type;
  }
  private lt(): Token {
    return this.tokens[this.pos]!;
  }
  private consume(): Token {
    const t = this.tokens[this.pos]!;
    if (t.type !== T.EOF) this.pos++;
    return t;
  }
  private expect(type: TokenType): Token {
    if (this.la() !== type) throw GIVE_UP;
    return this.consume();
  }

  private expr(): Expr {
    if (++this.nest > this.nestLimit) throw GIVE_UP;
    const cond = this.logicOr();
    if (this.la() !== T.QUESTIONMARK) {
      this.nest--;
      return cond;
    }
    const hc = this.h;
    const opId = this.id(this.consume().start);
    const t = this.logicOr();
    const ht = this.h;
    this.expect(T.COLON);
    const f = this.expr();
    this.h = 1 + Math.max(hc, ht, this.h);
    this.nest--;
    return this.callOrMacro(opId, op.conditional, undefined, [cond, t, f]);
  }

  private logicOr(): Expr {
    const first = this.logicAnd();
    return this.la() === T.LOGICAL_OR ? this.logicChain(first, true) : first;
  }
  private logicAnd(): Expr {
    const first = this.relation();
    return this.la() === T.LOGICAL_AND ? this.logicChain(first, false) : first;
  }
  /** `a || b || …` (or `&&`): every term first, then the operator ids, as a balanced tree. */
  private logicChain(first: Expr, or: boolean): Expr {
    const type = or ? T.LOGICAL_OR : T.LOGICAL_AND;
    let h = this.h;
    const terms: Expr[] = [first];
    const ops: number[] = [];
    while (this.la() === type) {
      const at = this.consume().start;
      terms.push(or ? this.logicAnd() : this.relation());
      if (this.h > h) h = this.h;
      ops.push(this.id(at));
    }
    this.h = h;
    const fn = or ? op.logicalOr : op.logicalAnd;
    const balanced = (lo: number, hi: number): Expr => {
      const mid = Math.floor((lo + hi + 1) / 2);
      const left = mid === lo ? terms[mid]! : balanced(lo, mid - 1);
      const right = mid === hi ? terms[mid + 1]! : balanced(mid + 1, hi);
      return callExpr(ops[mid]!, fn, undefined, [left, right]);
    };
    return balanced(0, ops.length - 1);
  }

  private relation(): Expr {
    let l = this.add();
    let h = this.h;
    while (isRelOp(this.la())) {
      const tok = this.consume();
      const opId = this.id(tok.start);
      const r = this.add();
      h = 1 + Math.max(h, this.h);
      l = this.callOrMacro(opId, binaryOps[tok.type]!, undefined, [l, r]);
    }
    this.h = h;
    return l;
  }
  private add(): Expr {
    let l = this.mul();
    let h = this.h;
    while (isAddOp(this.la())) {
      const tok = this.consume();
      const opId = this.id(tok.start);
      const r = this.mul();
      h = 1 + Math.max(h, this.h);
      l = this.callOrMacro(opId, binaryOps[tok.type]!, undefined, [l, r]);
    }
    this.h = h;
    return l;
  }
  private mul(): Expr {
    let l = this.unary();
    let h = this.h;
    while (isMulOp(this.la())) {
      const tok = this.consume();
      const opId = this.id(tok.start);
      const r = this.unary();
      h = 1 + Math.max(h, this.h);
      l = this.callOrMacro(opId, binaryOps[tok.type]!, undefined, [l, r]);
    }
    this.h = h;
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
      return this.unaryOps(first, n, op.logicalNot);
    }
    if (t === T.MINUS) {
      const t2 = this.la(2);
      // `-1` is a signed literal (the grammar prefers the literal alternative).
      if (t2 === T.NUM_INT || t2 === T.NUM_FLOAT) return this.member();
      if (!isOperandFirst(t2)) throw GIVE_UP;
      const first = this.consume();
      let n = 1;
      while (this.la() === T.MINUS) {
        if (!isOperandFirst(this.la(2))) throw GIVE_UP;
        this.consume();
        n++;
      }
      return this.unaryOps(first, n, op.negate);
    }
    return this.member();
  }
  /** `n` prefix operators: an even count cancels out (no node, no id). */
  private unaryOps(first: Token, n: number, fn: string): Expr {
    if (n % 2 === 0) return this.member();
    const opId = this.id(first.start);
    const operand = this.member();
    return this.callOrMacro(opId, fn, undefined, [operand]);
  }

  private member(): Expr {
    let e = this.primary();
    let h = this.h;
    for (;;) {
      const t = this.la();
      if (t === T.DOT) {
        const t2 = this.la(2);
        if (t2 === T.IDENTIFIER && this.la(3) === T.LPAREN) {
          this.consume();
          const name = this.consume().text;
          const opId = this.id(this.consume().start);
          const args = this.argList();
          h = 1 + Math.max(h, this.h);
          e = this.callOrMacro(opId, name, e, args);
          continue;
        }
        if (t2 !== T.IDENTIFIER && t2 !== T.ESC_IDENTIFIER && t2 !== T.QUESTIONMARK) throw GIVE_UP;
        const dot = this.consume();
        let opt = false;
        if (this.la() === T.QUESTIONMARK) {
          this.consume();
          opt = true;
        }
        if (this.la() !== T.IDENTIFIER && this.la() !== T.ESC_IDENTIFIER) throw GIVE_UP;
        const idTok = this.consume();
        const field = this.fieldName(idTok);
        h++;
        if (opt) {
          if (!this.optionalSyntax) throw GIVE_UP;
          const lit = constExpr(this.id(idTok.start), { kind: "string", value: field });
          e = callExpr(this.id(dot.start), op.optSelect, undefined, [e, lit]);
        } else e = selectExpr(this.id(dot.start), e, field, false);
        continue;
      }
      if (t === T.LBRACKET) {
        const open = this.consume();
        let opt = false;
        if (this.la() === T.QUESTIONMARK) {
          this.consume();
          opt = true;
        }
        const opId = this.id(open.start);
        const index = this.expr();
        h = 1 + Math.max(h, this.h);
        this.expect(T.RBRACKET);
        if (opt && !this.optionalSyntax) throw GIVE_UP;
        e = this.callOrMacro(opId, opt ? op.optIndex : op.index, undefined, [e, index]);
        continue;
      }
      this.h = h;
      return e;
    }
  }

  /** `exprList? ')'` after an opening parenthesis; `h` is the highest argument's. */
  private argList(): Expr[] {
    const args: Expr[] = [];
    let h = 0;
    if (this.la() !== T.RPAREN) {
      if (!isOperandFirst(this.la())) throw GIVE_UP;
      args.push(this.expr());
      h = this.h;
      while (this.la() === T.COMMA) {
        this.consume();
        args.push(this.expr());
        if (this.h > h) h = this.h;
      }
    }
    this.expect(T.RPAREN);
    this.h = h;
    return args;
  }

  private primary(): Expr {
    const start = this.lt();
    switch (start.type) {
      case T.DOT:
      case T.IDENTIFIER: {
        const dot = start.type === T.DOT;
        if (dot) {
          if (this.la(2) !== T.IDENTIFIER) throw GIVE_UP;
          this.consume();
        }
        // Qualified message name `a.b.c{`? Look ahead over IDENT (. IDENT)*.
        let k = 1;
        while (this.la(k + 1) === T.DOT && this.la(k + 2) === T.IDENTIFIER) k += 2;
        if (this.la(k + 1) === T.LBRACE) return this.message(dot);
        const idTok = this.consume();
        const name = idTok.text;
        if (isReservedId(name)) throw GIVE_UP;
        if (this.la() === T.LPAREN) {
          const opId = this.id(this.consume().start);
          const args = this.argList();
          return this.callOrMacro(opId, dot ? "." + name : name, undefined, args);
        }
        this.h = 0;
        return identExpr(this.id(idTok.start), dot ? "." + name : name);
      }
      case T.LPAREN: {
        this.consume();
        const e = this.expr();
        this.expect(T.RPAREN);
        return e;
      }
      case T.LBRACKET:
        return this.list();
      case T.LBRACE:
        return this.map();
      case T.MINUS: {
        const sign = this.consume();
        this.h = 0;
        return this.literal(this.consume(), sign);
      }
      case T.NUM_INT:
      case T.NUM_UINT:
      case T.NUM_FLOAT:
      case T.STRING:
      case T.BYTES:
      case T.TRUE:
      case T.FALSE:
      case T.NULL:
        this.h = 0;
        return this.literal(this.consume(), undefined);
      default:
        throw GIVE_UP;
    }
  }

  private list(): Expr {
    const id = this.id(this.consume().start);
    const elements: Expr[] = [];
    const optionalIndices: number[] = [];
    let h = 0;
    const first = this.la();
    if (first !== T.RBRACKET) {
      if (!isOperandFirst(first) && first !== T.QUESTIONMARK && first !== T.COMMA) throw GIVE_UP;
      if (first !== T.COMMA) {
        for (;;) {
          if (this.la() === T.QUESTIONMARK) {
            this.consume();
            if (!this.optionalSyntax) throw GIVE_UP;
            optionalIndices.push(elements.length);
          }
          elements.push(this.expr());
          if (this.h > h) h = this.h;
          if (this.la() === T.COMMA && this.la(2) !== T.RBRACKET) {
            this.consume();
            continue;
          }
          break;
        }
      }
    }
    if (this.la() === T.COMMA) this.consume();
    this.expect(T.RBRACKET);
    this.h = h;
    return listExpr(id, elements, optionalIndices);
  }

  private map(): Expr {
    const id = this.id(this.consume().start);
    const entries: MapEntry[] = [];
    let h = 0;
    const first = this.la();
    if (first !== T.RBRACE) {
      if (!isOperandFirst(first) && first !== T.QUESTIONMARK && first !== T.COMMA) throw GIVE_UP;
      if (first !== T.COMMA) {
        for (;;) {
          const optional = this.la() === T.QUESTIONMARK;
          if (optional) {
            this.consume();
            if (!this.optionalSyntax) throw GIVE_UP;
          }
          // The entry's id comes before its key's (its offset, the colon's, is known after the key).
          const entryId = this.id(-1);
          const key = this.expr();
          if (this.h > h) h = this.h;
          this.positions.set(entryId, this.expect(T.COLON).start);
          const value = this.expr();
          if (this.h > h) h = this.h;
          entries.push({ id: entryId, key, value, optional });
          if (this.la() === T.COMMA && this.la(2) !== T.RBRACE) {
            this.consume();
            continue;
          }
          break;
        }
      }
    }
    if (this.la() === T.COMMA) this.consume();
    this.expect(T.RBRACE);
    this.h = h;
    return mapExpr(id, entries);
  }

  /** `a.b.c{field: value, …}` from its first name (after a leading dot, if `dot`). */
  private message(dot: boolean): Expr {
    let typeName = (dot ? "." : "") + this.consume().text;
    while (this.la() === T.DOT) {
      this.consume();
      typeName += "." + this.consume().text;
    }
    const id = this.id(this.consume().start);
    const fields: StructField[] = [];
    let h = 0;
    const first = this.la();
    if (first !== T.RBRACE) {
      if (first !== T.QUESTIONMARK && first !== T.IDENTIFIER && first !== T.ESC_IDENTIFIER && first !== T.COMMA) throw GIVE_UP;
      if (first !== T.COMMA) {
        for (;;) {
          const optional = this.la() === T.QUESTIONMARK;
          if (optional) {
            this.consume();
            if (!this.optionalSyntax) throw GIVE_UP;
          }
          if (this.la() !== T.IDENTIFIER && this.la() !== T.ESC_IDENTIFIER) throw GIVE_UP;
          const name = this.consume();
          const fieldId = this.id(this.expect(T.COLON).start);
          const value = this.expr();
          if (this.h > h) h = this.h;
          fields.push({ id: fieldId, field: this.fieldName(name), value, optional });
          if (this.la() === T.COMMA && this.la(2) !== T.RBRACE) {
            this.consume();
            continue;
          }
          break;
        }
      }
    }
    if (this.la() === T.COMMA) this.consume();
    this.expect(T.RBRACE);
    this.h = h;
    return structExpr(id, typeName, fields);
  }
}
