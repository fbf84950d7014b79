// One object shape for every AST node: the parser and macro expanders build all node kinds through
// these factories (fields are accessors over shared slots), so the `kind`/`id` reads of the
// checker, validators and planner see a single shape instead of a dozen.
import type { Constant, Expr, MapEntry, StructField } from "./ast.js";

/**
 * Every node kind in one shape: `id`, `kind` and eight slots; each kind's fields are accessors
 * over the slots (see the table below), and `toJSON` gives the plain per-kind object.
 */
class Node {
  id: number;
  kind: Expr["kind"];
  a: unknown;
  b: unknown = undefined;
  c: unknown = undefined;
  d: unknown = undefined;
  e: unknown = undefined;
  f: unknown = undefined;
  g: unknown = undefined;
  h: unknown = undefined;
  constructor(id: number, kind: Expr["kind"], a: unknown) {
    this.id = id;
    this.kind = kind;
    this.a = a;
  }
  get value(): Constant {
    return this.a as Constant;
  }
  set value(v: Constant) {
    this.a = v;
  }
  get name(): string {
    return this.a as string;
  }
  set name(v: string) {
    this.a = v;
  }
  get operand(): Expr {
    return this.a as Expr;
  }
  set operand(v: Expr) {
    this.a = v;
  }
  get field(): string {
    return this.b as string;
  }
  set field(v: string) {
    this.b = v;
  }
  get testOnly(): boolean {
    return this.c as boolean;
  }
  set testOnly(v: boolean) {
    this.c = v;
  }
  get fn(): string {
    return this.a as string;
  }
  set fn(v: string) {
    this.a = v;
  }
  get target(): Expr | undefined {
    return this.b as Expr | undefined;
  }
  set target(v: Expr | undefined) {
    this.b = v;
  }
  get args(): Expr[] {
    return this.c as Expr[];
  }
  set args(v: Expr[]) {
    this.c = v;
  }
  get elements(): Expr[] {
    return this.a as Expr[];
  }
  set elements(v: Expr[]) {
    this.a = v;
  }
  get optionalIndices(): number[] {
    return this.b as number[];
  }
  set optionalIndices(v: number[]) {
    this.b = v;
  }
  get entries(): MapEntry[] {
    return this.a as MapEntry[];
  }
  set entries(v: MapEntry[]) {
    this.a = v;
  }
  get typeName(): string {
    return this.a as string;
  }
  set typeName(v: string) {
    this.a = v;
  }
  get fields(): StructField[] {
    return this.b as StructField[];
  }
  set fields(v: StructField[]) {
    this.b = v;
  }
  get iterVar(): string {
    return this.a as string;
  }
  set iterVar(v: string) {
    this.a = v;
  }
  get iterRange(): Expr {
    return this.b as Expr;
  }
  set iterRange(v: Expr) {
    this.b = v;
  }
  get accuVar(): string {
    return this.c as string;
  }
  set accuVar(v: string) {
    this.c = v;
  }
  get accuInit(): Expr {
    return this.d as Expr;
  }
  set accuInit(v: Expr) {
    this.d = v;
  }
  get loopCondition(): Expr {
    return this.e as Expr;
  }
  set loopCondition(v: Expr) {
    this.e = v;
  }
  get loopStep(): Expr {
    return this.f as Expr;
  }
  set loopStep(v: Expr) {
    this.f = v;
  }
  get result(): Expr {
    return this.g as Expr;
  }
  set result(v: Expr) {
    this.g = v;
  }
  get iterVar2(): string | undefined {
    return this.h as string | undefined;
  }
  set iterVar2(v: string | undefined) {
    this.h = v;
  }
  /** The plain node object (the fields of its kind, in their usual order). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { id: this.id, kind: this.kind };
    for (const f of kindFields[this.kind]) if (this[f] !== undefined) out[f] = this[f];
    return out;
  }
}

/** The fields of each node kind, in order. */
const kindFields: Readonly<Record<Expr["kind"], readonly (keyof Node)[]>> = {
  const: ["value"],
  ident: ["name"],
  select: ["operand", "field", "testOnly"],
  call: ["fn", "target", "args"],
  list: ["elements", "optionalIndices"],
  map: ["entries"],
  struct: ["typeName", "fields"],
  comprehension: ["iterVar", "iterRange", "accuVar", "accuInit", "loopCondition", "loopStep", "result", "iterVar2"],
};

/** A literal node. */
export function constExpr(id: number, value: Constant): Expr {
  const n = new Node(id, "const", value);
  return n as Expr;
}
/** An identifier node. */
export function identExpr(id: number, name: string): Expr {
  const n = new Node(id, "ident", name);
  return n as Expr;
}
/** A field selection (`testOnly`: a `has()` test). */
export function selectExpr(id: number, operand: Expr, field: string, testOnly: boolean): Expr {
  const n = new Node(id, "select", operand);
  n.field = field;
  n.testOnly = testOnly;
  return n as Expr;
}
/** A call (member call when `target` is given). */
export function callExpr(id: number, fn: string, target: Expr | undefined, args: Expr[]): Expr {
  const n = new Node(id, "call", fn);
  n.target = target;
  n.args = args;
  return n as Expr;
}
/** A list literal. */
export function listExpr(id: number, elements: Expr[], optionalIndices: number[]): Expr {
  const n = new Node(id, "list", elements);
  n.optionalIndices = optionalIndices;
  return n as Expr;
}
/** A map literal. */
export function mapExpr(id: number, entries: MapEntry[]): Expr {
  const n = new Node(id, "map", entries);
  return n as Expr;
}
/** A struct literal. */
export function structExpr(id: number, typeName: string, fields: StructField[]): Expr {
  const n = new Node(id, "struct", typeName);
  n.fields = fields;
  return n as Expr;
}
/** A comprehension. */
export function comprehensionExpr(
  id: number, iterVar: string, iterVar2: string | undefined, iterRange: Expr, accuVar: string, accuInit: Expr, loopCondition: Expr, loopStep: Expr, result: Expr,
): Expr {
  const n = new Node(id, "comprehension", iterVar);
  n.iterRange = iterRange;
  n.accuVar = accuVar;
  n.accuInit = accuInit;
  n.loopCondition = loopCondition;
  n.loopStep = loopStep;
  n.result = result;
  n.iterVar2 = iterVar2;
  return n as Expr;
}
