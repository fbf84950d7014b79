// The CEL abstract syntax tree shared by parser, checker and planner. Node ids are assigned at
// parse time; source offsets live in a side table (SourceInfo) keyed by id. Parsed nodes are
// instances of one class whose fields are accessors (ast-node.ts): read and assign fields, JSON
// gives the plain form, but spreading or `Object.keys` does not see the fields.

/** A literal constant. `int` is a bigint; `uint` is a bigint tagged as unsigned. */
export type Constant =
  | { kind: "null" }
  | { kind: "bool"; value: boolean }
  | { kind: "int"; value: bigint }
  | { kind: "uint"; value: bigint }
  | { kind: "double"; value: number }
  | { kind: "string"; value: string }
  | { kind: "bytes"; value: Uint8Array };

/** Every expression node carries a unique id (positive integer). */
export type Expr =
  | { id: number; kind: "const"; value: Constant }
  /** An identifier; qualified names (`a.b.c` resolving to a declaration) are left as selects by the parser. */
  | { id: number; kind: "ident"; name: string }
  /** `operand.field`; `testOnly` for `has(operand.field)`. (`a.?b` is a call of `_?._`.) */
  | { id: number; kind: "select"; operand: Expr; field: string; testOnly: boolean }
  /** A function call; `target` is the receiver of `x.f(...)` style calls. Operators are calls too. */
  | { id: number; kind: "call"; fn: string; target?: Expr; args: Expr[] }
  /** `[a, ?b]`: `optionalIndices` lists the positions written with `?`. */
  | { id: number; kind: "list"; elements: Expr[]; optionalIndices: number[] }
  /** `{k: v, ?k2: v2}` */
  | { id: number; kind: "map"; entries: MapEntry[] }
  /** `Type.name{field: v, ?f: v}` — `typeName` as written (leading `.` kept). */
  | { id: number; kind: "struct"; typeName: string; fields: StructField[] }
  /** Expanded macro (all, exists, map, filter, two-variable forms, …). */
  | Comprehension;

export interface MapEntry { id: number; key: Expr; value: Expr; optional: boolean }
export interface StructField { id: number; field: string; value: Expr; optional: boolean }

/** The comprehension form every iterating macro expands to (cel-go semantics). */
export interface Comprehension {
  id: number;
  kind: "comprehension";
  iterVar: string;
  /** Second iteration variable of two-variable comprehensions, else undefined. */
  iterVar2?: string;
  iterRange: Expr;
  accuVar: string;
  accuInit: Expr;
  loopCondition: Expr;
  loopStep: Expr;
  result: Expr;
}

/** Source positions: expression text, offset of each node id, and line starts. */
export interface SourceInfo {
  /** The expression text. */
  text: string;
  /** Offset (UTF-16 code units into `text`) of each node, keyed by node id. */
  positions: Map<number, number>;
  /** For expanded macros: the call expression the macro replaced, keyed by comprehension id. */
  macroCalls: Map<number, Expr>;
}

/** A parsed expression with its source info. */
export interface ParsedExpr {
  expr: Expr;
  sourceInfo: SourceInfo;
}
