// Two object shapes for all AST nodes: the parser and macro expanders build every node kind through
// these factories (fields are accessors over shared slots), so the `kind`/`id` reads of the
// checker, validators and planner see two shapes instead of a dozen: three slots for every kind
// but comprehensions, which add five.
import type { Constant, Expr, MapEntry, StructField } from "./ast.js";

/**
 * Every node kind but comprehensions: `id`, `kind` and three slots; each kind's fields are
 * accessors over the slots (see the table below), and `toJSON` gives the plain per-kind object.
 */
class Node {
  // `declare`: the constructor makes the fields (no class-field initializer runs per node).
  declare id: number;
  declare kind: Expr["kind"];
  declare a: unknown;
  declare b: unknown;
  declare c: unknown;
  constructor(id: number, kind: Expr["kind"], a: unknown, b: unknown, c: unknown) {
    this.id = id;
    this.kind = kind;
    this.a = a;
    this.b = b;
    this.c = c;
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
  /** The plain node object (the fields of its kind, in their usual order). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { id: this.id, kind: this.kind };
    const self = this as unknown as Record<string, unknown>;
    for (const f of kindFields[this.kind]) if (self[f] !== undefined) out[f] = self[f];
    return out;
  }
}

/** A comprehension: `iterVar`, `iterRange`, `accuVar` in the three slots, the rest in five more. */
class ComprehensionNode extends Node {
  declare d: unknown;
  declare e: unknown;
  declare f: unknown;
  declare g: unknown;
  declare h: unknown;
  constructor(id: number, iterVar: string, iterRange: Expr, accuVar: string, accuInit: Expr, loopCondition: Expr, loopStep: Expr, result: Expr, iterVar2: string | undefined) {
    super(id, "comprehension", iterVar, iterRange, accuVar);
    this.d = accuInit;
    this.e = loopCondition;
    this.f = loopStep;
    this.g = result;
    this.h = iterVar2;
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
}

/** The fields of each node kind, in order. */
const kindFields: Readonly<Record<Expr["kind"], readonly string[]>> = {
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
  return new Node(id, "const", value, undefined, undefined) as Expr;
}
/** An identifier node. */
export function identExpr(id: number, name: string): Expr {
  return new Node(id, "ident", name, undefined, undefined) as Expr;
}
/** A field selection (`testOnly`: a `has()` test). */
export function selectExpr(id: number, operand: Expr, field: string, testOnly: boolean): Expr {
  return new Node(id, "select", operand, field, testOnly) as Expr;
}
/** A call (member call when `target` is given). */
export function callExpr(id: number, fn: string, target: Expr | undefined, args: Expr[]): Expr {
  return new Node(id, "call", fn, target, args) as Expr;
}
/** The `optionalIndices` of every list literal without optional elements (shared, frozen: never written). */
export const NO_OPTIONAL_INDICES: number[] = Object.freeze([]) as unknown as number[];
/** A list literal. */
export function listExpr(id: number, elements: Expr[], optionalIndices: number[]): Expr {
  return new Node(id, "list", elements, optionalIndices, undefined) as Expr;
}
/** A map literal. */
export function mapExpr(id: number, entries: MapEntry[]): Expr {
  return new Node(id, "map", entries, undefined, undefined) as Expr;
}
/** A struct literal. */
export function structExpr(id: number, typeName: string, fields: StructField[]): Expr {
  return new Node(id, "struct", typeName, fields, undefined) as Expr;
}
/** A comprehension. */
export function comprehensionExpr(
  id: number, iterVar: string, iterVar2: string | undefined, iterRange: Expr, accuVar: string, accuInit: Expr, loopCondition: Expr, loopStep: Expr, result: Expr,
): Expr {
  return new ComprehensionNode(id, iterVar, iterRange, accuVar, accuInit, loopCondition, loopStep, result, iterVar2) as unknown as Expr;
}
