// The planner: compiles a (checked) AST once into a tree of closures. Evaluation returns a value or
// a CelError (never throws), tracks cel-go's actual cost in the state object, and honours the
// per-call cost limit inside comprehensions. Value access is in values/access.ts, overload dispatch in
// lib/dispatch.ts, the inlined operators' closures in plan-ops.ts. Longer than 300 lines: it is the planner.
import type { Expr, Comprehension, Constant } from "./ast.js";
import type { CelEnv } from "./env.js";
import type { CelType, Overload } from "./types.js";
import { op } from "./operators.js";
import {
  K, kindOf, celError, isCelError, errText, celUint, celList, pushInPlace, appendInPlace, jsonOfMap, fromJson, celMapLiteral, celObject, celObjectOf,
  celType, isCelOptional, emptyList, mutableList, freezeList, mutableMap, freezeMap,
  type CelValue, type CelError, type CelList, type CelMap, type CelUint, type CelOptional,
} from "./values/index.js";
import { type Dispatcher, dispatcherFor, narrowed, invoke1, invoke2, invokeN } from "./lib/dispatch.js";
import { selectField, goTypeOf } from "./values/access.js";
import {
  label, type SlotCallPlanner, testFieldEv, testFieldOf, selectFieldEv, dataSelectEv, heldOperandEv, elementOperandEv, logicEv, conditionalEv, notStrictlyFalseEv, optSelectEv, indexEv, equalsEv, arithmeticEv, stringPredicateEv, notEv, optionalOrEv, inMapEv, inMapOf, inJsonObject,
} from "./plan-ops.js";
import { stdLibrary } from "./lib/std.js";
import { optionalLibrary } from "./lib/optional.js";
import { failedCallCost, noOverloadError, rowCostOnFailure } from "./plan-call-cost.js";
import { compileRegex } from "./lib/util-regex.js";
import { CONVERSIONS, allConstant, constantEv, constantOf, evaluateNow, markConstant, setMembershipEv } from "./plan-fold.js";
import { getKey, isObject, type JsonObject } from "../data/index.js";
import { qualifiedFunctionSuffixes } from "./check/builtins.js";

/** Values of declared variables for one evaluation; a function value is a lazy variable (called on first use, memoised per evaluation). */
export type Activation = { readonly [name: string]: CelValue | (() => CelValue | CelError) | undefined };

/** Mutable state of one evaluation. */
export interface EvalState {
  vars: Activation;
  slots: (CelValue | CelError | undefined)[];
  cost: number;
  limit: number;
  /** Values of lazy variables computed so far in this evaluation. */
  lazy?: Map<string, CelValue | CelError>;
}
/** A planned expression. */
export type Ev = (s: EvalState) => CelValue | CelError;

/** A literal whose construction failed still costs its creation (cel-go observes it after evaluation), unless the cost limit stopped it. */
function created(s: EvalState, cost: number, err: CelError): CelError {
  if (err.code !== "cost_limit") s.cost += cost;
  return err;
}

/** Charges what cel-go charges for call `fn` that did not run (plan-call-cost.ts) and returns its error. */
function failed(s: EvalState, fn: string, args: readonly (CelValue | CelError)[], err: CelError): CelError {
  // cel-go aborts at the cost limit: nothing is charged after it.
  if (!args.some((a) => isCelError(a) && a.code === "cost_limit")) s.cost += failedCallCost(fn, args);
  return err;
}

/** What a fused select chain hands its value to (a presence test, `in`) instead of returning it. */
interface ChainEnd {
  /** Evaluated before the chain (the left operand of `in`); its value is `a` below. */
  readonly first: Ev | undefined;
  /** Consumes the chain's value (or error) `v`. */
  value(s: EvalState, v: CelValue | CelError, a: CelValue | CelError | undefined): CelValue | CelError;
  /** Consumes a JSON object the chain reached, or returns undefined to have {@link value} take its map view. */
  object(s: EvalState, x: JsonObject, a: CelValue | CelError | undefined): CelValue | CelError | undefined;
}

/** Comprehension variables in scope: one link per name, innermost first (a later link shadows an earlier one). */
interface Scope { readonly name: string; readonly slot: number; readonly parent: Scope | undefined }

const TYPE_IDENTS: Readonly<Record<string, string>> = {
  int: "int", uint: "uint", double: "double", bool: "bool", string: "string", bytes: "bytes", list: "list", map: "map",
  null_type: "null_type", type: "type", "google.protobuf.Timestamp": "google.protobuf.Timestamp",
  "google.protobuf.Duration": "google.protobuf.Duration", optional_type: "optional_type",
};
const LIST_CREATE = 10, MAP_CREATE = 30, STRUCT_CREATE = 40;

function constValue(c: Constant): CelValue {
  switch (c.kind) {
    case "null": return null;
    case "uint": return celUint(c.value);
    default: return c.value;
  }
}

const TRUE_EV: Ev = markConstant(() => true, true), FALSE_EV: Ev = markConstant(() => false, false), NULL_EV: Ev = markConstant(() => null, null);
/** The read of slot `slot` (a comprehension variable); one closure per slot number, shared by all plans. */
const SLOT_EVS: Ev[] = [];
function slotEv(slot: number): Ev {
  return (SLOT_EVS[slot] ??= (s) => {
    s.cost++;
    return s.slots[slot] as CelValue | CelError;
  });
}
/** The closures of the int literals 0 … 255, shared by all plans (values are immutable). */
const SMALL_INT_EVS: (Ev | undefined)[] = new Array<Ev | undefined>(256);
/** `[]` (every comprehension macro building a list starts from one): the shared immutable empty list. */
const EMPTY_LIST_EV: Ev = (s) => {
  s.cost += LIST_CREATE;
  return emptyList;
};
/** `[]` folded (OptOptimize): a constant. */
const EMPTY_LIST_CONST: Ev = constantEv(emptyList);

/** How the planner plans a call of a function name: a fast path's code, or the generic call. */
const CALL_GENERIC = 0, CALL_LOGIC = 1, CALL_CONDITIONAL = 2, CALL_NOT_STRICTLY_FALSE = 3, CALL_OPT_SELECT = 4, CALL_INDEX = 5,
  CALL_EQUALS = 6, CALL_ARITHMETIC = 7, CALL_STRING_PREDICATE = 8, CALL_NOT = 9, CALL_OPTIONAL_OR = 10, CALL_IN = 11;
/** Function names per env with their call codes (names come from expressions: the table is bounded). */
const callCodes = new WeakMap<CelEnv, Map<string, number>>();
const CALL_CODES_LIMIT = 4096;
const STD_ROWS: ReadonlySet<Overload> = new Set(stdLibrary.overloads);

/** Whether every row of `fn` in `env` is a standard-library row (only then may the planner inline it). */
function isStd(env: CelEnv, fn: string): boolean {
  const rows = env.functions.get(fn);
  return rows?.every((r) => STD_ROWS.has(r)) ?? false;
}

const OPTIONAL_ROWS: ReadonlySet<Overload> = new Set(optionalLibrary.overloads);
/** Whether every row of `fn` in `env` is the optional library's (`or`/`orValue` then short-circuit, cost-free). */
function isOptionalLibrary(env: CelEnv, fn: string): boolean {
  const rows = env.functions.get(fn);
  return rows?.every((r) => OPTIONAL_ROWS.has(r)) ?? false;
}

/**
 * Whether `e` is what cel-go plans as an attribute: an identifier, a select, an index or optional
 * select/index, a conditional. Qualifying anything else makes a relative attribute, which costs 1.
 */
function isAttribute(e: Expr): boolean {
  if (e.kind === "ident") return true;
  if (e.kind === "select") return !e.testOnly;
  return e.kind === "call" && !e.target && (e.fn === op.index || e.fn === op.optIndex || e.fn === op.optSelect || e.fn === op.conditional);
}
/** What a conditional's branch `e` charged for its own attribute (1 for an attribute that is no conditional, else 0). */
function branchRefund(e: Expr): number {
  return isAttribute(e) && !(e.kind === "call" && e.fn === op.conditional) ? 1 : 0;
}
/** The cost of qualifying `e`: 1 for the relative attribute when `e` is no attribute, else 0. */
function relativeCost(e: Expr): number {
  return isAttribute(e) ? 0 : 1;
}

/** The call code of `fn` in `env` (see {@link CALL_GENERIC} and the codes beside it). */
function callCodeOf(env: CelEnv, fn: string): number {
  switch (fn) {
    case op.logicalAnd: case op.logicalOr: return CALL_LOGIC;
    case op.conditional: return CALL_CONDITIONAL;
    case op.notStrictlyFalse: return CALL_NOT_STRICTLY_FALSE;
    case op.optSelect: return CALL_OPT_SELECT;
    case op.optIndex: case op.index: return CALL_INDEX;
    case op.equals: case op.notEquals: return isStd(env, fn) ? CALL_EQUALS : CALL_GENERIC;
    case op.add: case op.subtract: case op.multiply: case op.divide: case op.modulo:
    case op.less: case op.lessEquals: case op.greater: case op.greaterEquals:
      return isStd(env, fn) ? CALL_ARITHMETIC : CALL_GENERIC;
    case "startsWith": case "endsWith": case "contains": return isStd(env, fn) ? CALL_STRING_PREDICATE : CALL_GENERIC;
    case op.logicalNot: return isStd(env, fn) ? CALL_NOT : CALL_GENERIC;
    case "or": case "orValue": return isOptionalLibrary(env, fn) ? CALL_OPTIONAL_OR : CALL_GENERIC;
    case op.in: return isStd(env, fn) ? CALL_IN : CALL_GENERIC;
    default: return CALL_GENERIC;
  }
}

const dottedRootsCache = new WeakMap<CelEnv, ReadonlySet<string>>();
/** First segments of the env's dotted variable names and type names (standard, library, declared, resolved). */
function dottedRoots(env: CelEnv): ReadonlySet<string> {
  let roots = dottedRootsCache.get(env);
  if (!roots) {
    const set = new Set<string>();
    for (const n of [...env.variables.keys(), ...Object.keys(TYPE_IDENTS), ...env.typeIdents, ...env.types.keys()]) {
      const dot = n.indexOf(".");
      if (dot >= 0) set.add(n.slice(0, dot));
    }
    for (const r of env.options.resolveType?.roots ?? []) set.add(r);
    dottedRootsCache.set(env, (roots = set));
  }
  return roots;
}

/** The fields of the `n` selects ending in `top` (`x.f1….fn`), outermost last. */
function chainFields(top: Extract<Expr, { kind: "select" }>, n: number): string[] {
  const fields = new Array<string>(n);
  let cur: Expr = top;
  for (let i = n - 1; i >= 0; i--) {
    const sel = cur as Extract<Expr, { kind: "select" }>;
    fields[i] = sel.field;
    cur = sel.operand;
  }
  return fields;
}

/** A call's dispatcher over all rows of its shape, and the one narrowed to the statically applicable rows. */
interface DispatchPair { all: Dispatcher; d: Dispatcher }
/** Dispatchers planned for a checker row list (shared by repeated resolutions), with what they were planned for. */
const dispatchCache = new WeakMap<readonly unknown[], { env: CelEnv; fn: string; member: boolean; n: number; pair: DispatchPair | undefined }>();

/** Plans expressions of one env. */
export class Planner implements SlotCallPlanner {
  slotCount = 0;
  /** Names of the declared variables the planned expressions read. */
  readonly variablesRead = new Set<string>();
  /** The first folded conversion that failed (cel-go fails `env.Program` with it). */
  programError: CelError | undefined;
  /** The env's `optimize` option (cel-go OptOptimize). */
  private readonly optimize: boolean;
  /** The env's `errorOnBadPresenceTest` option. */
  private readonly strict: boolean;
  /** Whether each slot holds a comprehension's accumulator (by slot: a few small integers, no set). */
  private readonly accuSlots: boolean[] = [];
  /** The env's derived tables, looked up once per planner. */
  private readonly roots: ReadonlySet<string>;
  private readonly calls: Map<string, number>;
  private readonly qualifiedFunctions: ReadonlySet<string>;
  /**
   * `staticOverloads`: per call node, the rows the checker found applicable (narrows dispatch);
   * `staticTypes`: the checker's type per node (field reads on data-only object types).
   */
  constructor(
    readonly env: CelEnv,
    private readonly staticOverloads?: ReadonlyMap<number, readonly unknown[]>,
    private readonly staticTypes?: ReadonlyMap<number, CelType>,
  ) {
    this.roots = dottedRoots(env);
    this.optimize = env.options.optimize === true;
    this.strict = env.options.errorOnBadPresenceTest === true;
    this.qualifiedFunctions = qualifiedFunctionSuffixes(env);
    let m = callCodes.get(env);
    if (!m) callCodes.set(env, (m = new Map()));
    this.calls = m;
  }

  /** Whether qualified name `q` names a type (standard, a library's opaque type, or a declared object type). */
  private namesType(q: string): boolean {
    return TYPE_IDENTS[q] !== undefined || this.env.typeIdents.has(q) || this.env.resolveType(q) !== undefined;
  }

  /** The call code of `fn` (cached per env). */
  private callCode(fn: string): number {
    const m = this.calls;
    let c = m.get(fn);
    if (c === undefined) {
      c = callCodeOf(this.env, fn);
      if (m.size < CALL_CODES_LIMIT) m.set(fn, c);
    }
    return c;
  }

  plan(e: Expr, scope: Scope | undefined): Ev {
    switch (e.kind) {
      case "const": {
        const c = e.value;
        if (c.kind === "bool") return c.value ? TRUE_EV : FALSE_EV;
        if (c.kind === "null") return NULL_EV;
        if (c.kind === "int" && c.value >= 0n && c.value < SMALL_INT_EVS.length) return (SMALL_INT_EVS[Number(c.value)] ??= constantEv(c.value));
        return constantEv(constValue(c));
      }
      case "ident": return this.planIdent(e.id, e.name, scope);
      case "select": return this.planSelect(e, scope);
      case "call": return this.planCall(e, scope);
      case "list": return e.elements.length > 0 ? this.planList(e.elements, e.optionalIndices, scope) : this.optimize ? EMPTY_LIST_CONST : EMPTY_LIST_EV;
      case "map": return this.planMap(e, scope);
      case "struct": return this.planStruct(e, scope);
      case "comprehension": return this.planComprehension(e, scope);
    }
  }

  /** A literal whose parts are all constants, built once (its errors too): a constant itself (cel-go OptOptimize). */
  private folded(ev: Ev, parts: readonly Ev[]): Ev {
    return this.optimize && allConstant(parts) ? constantEv(evaluateNow(ev)) : ev;
  }

  private lookupSlot(name: string, scope: Scope | undefined): number | undefined {
    for (let s = scope; s; s = s.parent) if (s.name === name) return s.slot;
    return undefined;
  }

  private planIdent(id: number, name: string, scope: Scope | undefined): Ev {
    const slot = this.lookupSlot(name, scope);
    if (slot !== undefined) {
      return slotEv(slot);
    }
    if (!this.env.variables.has(name)) {
      const typeName = TYPE_IDENTS[name] ?? (this.env.typeIdents.has(name) ? name : undefined);
      if (typeName !== undefined) return constantEv(celType(typeName));
      // An object type names no value: cel-go fails the program (`reference to undefined type`).
      if (this.env.resolveType(name)) {
        const err = celError(`reference to undefined type: ${name}`, id);
        this.programError ??= err;
        return constantEv(err);
      }
    }
    this.variablesRead.add(name);
    return (s) => {
      s.cost++;
      const v = Object.prototype.hasOwnProperty.call(s.vars, name) ? s.vars[name] : undefined;
      if (v === undefined) return celError(`no such attribute(s): ${name}`, id);
      if (typeof v !== "function") return v;
      // Lazy variable: computed on first use, memoised for this evaluation.
      const memo = (s.lazy ??= new Map());
      let r = memo.get(name);
      if (r === undefined) memo.set(name, (r = v()));
      return label(r, id);
    };
  }

  /**
   * Whether select chain `e` may spell a declared variable or type identifier as a whole: its root
   * identifier is the first segment of a dotted variable or type name (a cheap pre-check).
   */
  private mayQualify(e: Expr): boolean {
    let cur = e;
    while (cur.kind === "select") cur = cur.operand;
    return cur.kind === "ident" && this.roots.has(cur.name);
  }

  /** The qualified name `a.b.c` of a select chain over a non-shadowed identifier, if it is one. */
  private qualifiedName(e: Expr, scope: Scope | undefined): string | undefined {
    if (e.kind === "ident") return this.lookupSlot(e.name, scope) === undefined ? e.name : undefined;
    if (e.kind === "select" && !e.testOnly) {
      const q = this.qualifiedName(e.operand, scope);
      return q === undefined ? undefined : q + "." + e.field;
    }
    return undefined;
  }

  /** Whether `e` may yield an error held as a field's value: a read of a data-only object's field, or a conditional over one. */
  private mayHoldError(e: Expr): boolean {
    if (e.kind === "select") return !e.testOnly && this.dataTyped(e.operand);
    return e.kind === "call" && !e.target && e.fn === op.conditional && e.args.length === 3 && (this.mayHoldError(e.args[1]!) || this.mayHoldError(e.args[2]!));
  }

  /** `e` planned as the operand of a plain qualifier (see {@link heldOperandEv}). */
  private planQualified(e: Expr, scope: Scope | undefined): Ev {
    const ev = this.plan(e, scope);
    return this.mayHoldError(e) ? heldOperandEv(ev) : ev;
  }

  /**
   * Whether the attribute ending in `e` is plain: only selects and indexes, none optional, over a base
   * whose static type is known and neither optional nor dyn (so no optional chaining is under way).
   */
  private plainChain(e: Expr): boolean {
    let cur = e;
    for (;;) {
      if (cur.kind === "select" && !cur.testOnly) cur = cur.operand;
      else if (cur.kind === "call" && !cur.target && cur.fn === op.index && cur.args.length === 2) cur = cur.args[0]!;
      else if (cur.kind === "call" && !cur.target && (cur.fn === op.optIndex || cur.fn === op.optSelect)) return false;
      else break;
    }
    const t = this.staticTypes?.get(cur.id);
    return t !== undefined && t.kind !== "dyn" && t.kind !== "optional" && t.kind !== "param" && t.kind !== "error";
  }

  /** Whether `e` is a plain select or index (no presence test, not optional). */
  private isPlainQualifier(e: Expr): boolean {
    return (e.kind === "select" && !e.testOnly) || (e.kind === "call" && !e.target && e.fn === op.index);
  }

  /** `e` planned as the operand of a field select: a qualifier as {@link planQualified}, its optional values plain when {@link plainChain}. */
  private planFieldOperand(e: Expr, scope: Scope | undefined): Ev {
    const ev = this.planQualified(e, scope);
    return this.isPlainQualifier(e) && this.plainChain(e) ? elementOperandEv(ev) : ev;
  }

  /** Whether `e`'s static type is an object type whose values hold plain data (`ObjectValueDecl.dataOnly`). */
  private dataTyped(e: Expr): boolean {
    const t = this.staticTypes?.get(e.id);
    return t !== undefined && t.kind === "object" && this.env.resolveType(t.name)?.dataOnly === true;
  }

  private planSelect(e: Extract<Expr, { kind: "select" }>, scope: Scope | undefined): Ev {
    const qualify = this.mayQualify(e);
    if (!e.testOnly && qualify) {
      const q = this.qualifiedName(e, scope);
      if (q !== undefined && (this.env.variables.has(q) || this.namesType(q))) return this.planIdent(e.id, q, scope);
    }
    const { field, id } = e;
    if (this.dataTyped(e.operand)) {
      const adjust = e.testOnly ? -(isAttribute(e.operand) ? 1 : 0) : relativeCost(e.operand);
      return dataSelectEv(this.plan(e.operand, scope), field, id, e.testOnly, adjust, this.strict);
    }
    // Fuse a chain `base.f1.f2…` into one closure that walks raw JSON without intermediate wrappers;
    // for `has(base.f1….fk.f)`, the chain is its operand `base.f1….fk`, with the test at its end.
    const { base, n } = this.chainBase(e, scope, qualify);
    // The operand is planned once: as the chain's base, or (a single field) as itself.
    if (e.testOnly) {
      if (n === 1) return testFieldEv(this.planFieldOperand(e.operand, scope), field, id, isAttribute(e.operand) ? 1 : 0, this.strict);
      const operand = e.operand as Extract<Expr, { kind: "select" }>;
      const plain = this.plainChain(base), strict = this.strict;
      // The test's operand is the chain's value, an optional in it a plain element (see elementOperandEv);
      // on a JSON object, the test's refund of the attribute and its own charge cancel out.
      const test: ChainEnd = {
        first: undefined,
        value: (s, v) => testFieldOf(s, plain && kindOf(v) === K.optional ? null : v, field, id, 1, strict),
        object: (_s, x) => getKey(x, field) !== undefined,
      };
      return this.planChain(this.planFieldOperand(base, scope), chainFields(operand, n - 1), operand.id, relativeCost(base), plain, test);
    }
    if (n === 1) return selectFieldEv(this.planFieldOperand(e.operand, scope), field, id, relativeCost(e.operand), this.strict);
    return this.planChain(this.planFieldOperand(base, scope), chainFields(e, n), id, relativeCost(base), this.plainChain(base));
  }

  /** The base of the select chain ending in `e` (not itself a qualified name), and the number of selects on it. */
  private chainBase(e: Extract<Expr, { kind: "select" }>, scope: Scope | undefined, qualify: boolean): { base: Expr; n: number } {
    let n = 1;
    let base: Expr = e.operand;
    while (base.kind === "select" && !base.testOnly && !this.dataTyped(base.operand)) {
      const q = qualify ? this.qualifiedName(base, scope) : undefined;
      if (q !== undefined && (this.env.variables.has(q) || this.namesType(q))) break;
      n++;
      base = base.operand;
    }
    return { base, n };
  }

  /** `e` as {@link planSelect} plans a value read of it, when that is a chain (one select or more): its base and length. */
  private valueChain(e: Expr, scope: Scope | undefined): { base: Expr; n: number } | undefined {
    if (e.kind !== "select" || e.testOnly) return undefined;
    const qualify = this.mayQualify(e);
    if (qualify) {
      const q = this.qualifiedName(e, scope);
      if (q !== undefined && (this.env.variables.has(q) || this.namesType(q))) return undefined;
    }
    return this.dataTyped(e.operand) ? undefined : this.chainBase(e, scope, qualify);
  }

  /**
   * `l in r` of the standard library (see {@link inMapEv}); when `r` is a select chain, the chain ends
   * in the test, and a JSON object it reaches is asked directly. `l` is evaluated first, as always;
   * a single select is planned as a chain of one (as {@link selectFieldEv} reads it).
   */
  private planInMap(e: Extract<Expr, { kind: "call" }>, l: Ev, scope: Scope | undefined): Ev {
    const rhs = e.args[1]!;
    const chain = this.valueChain(rhs, scope);
    const slot = this.slotCount++, slot2 = this.slotCount++;
    if (chain === undefined) return inMapEv(e, l, this.plan(rhs, scope), slot, slot2, this);
    const tail = inMapOf(e, slot, slot2, this), id = e.id;
    const end: ChainEnd = { first: l, value: (s, v, a) => tail(s, a as CelValue | CelError, v), object: (s, x, a) => inJsonObject(s, a as CelValue | CelError, x, id) };
    const sel = rhs as Extract<Expr, { kind: "select" }>;
    return this.planChain(this.planFieldOperand(chain.base, scope), chainFields(sel, chain.n), sel.id, relativeCost(chain.base), this.plainChain(chain.base), end);
  }

  /**
   * The chain `base.fields…` (`id`: its last select) read, walking JSON objects directly. With `test`,
   * the presence test `has(chain.field)` of that last select's value (as {@link testFieldEv} over
   * the chain planned alone, which a single field selects as {@link selectFieldEv} does): a present
   * JSON object is tested where it is, not wrapped first.
   */
  private planChain(base: Ev, fields: string[], id: number, relative: number, plain: boolean, end?: ChainEnd): Ev {
    const n = fields.length, strict = this.strict;
    const first = end?.first;
    return (s) => {
      const a = first !== undefined ? first(s) : undefined;
      let v = base(s);
      s.cost += relative;
      if (isCelError(v)) return end ? end.value(s, v, a) : v;
      let i = 0;
      if (kindOf(v) === K.map) {
        let raw = jsonOfMap(v as CelMap);
        while (raw !== undefined && i < n) {
          const x = getKey(raw, fields[i]);
          s.cost++;
          if (x === undefined) {
            const err = celError(`no such key: ${fields[i]}`, id);
            return end ? end.value(s, err, a) : err;
          }
          i++;
          if (i === n) {
            if (end === undefined) return fromJson(x);
            if (isObject(x)) {
              const r = end.object(s, x, a);
              if (r !== undefined) return r;
            }
            return end.value(s, fromJson(x), a);
          }
          if (isObject(x)) raw = x;
          else {
            v = fromJson(x);
            raw = undefined;
          }
        }
      }
      for (; i < n; i++) {
        // Past a plain select an optional is an element, with no fields (see elementOperandEv).
        if (plain && i > 0 && kindOf(v) === K.optional) v = null;
        const optional = kindOf(v) === K.optional;
        const r = selectField(v, fields[i], strict);
        // After an optional qualifier the chain is optional: a field costs only when present.
        if (!optional || (kindOf(r) === K.optional && (r as CelOptional).value !== undefined)) s.cost++;
        if (isCelError(r)) return end ? end.value(s, label(r, id), a) : label(r, id);
        v = r;
      }
      return end ? end.value(s, v, a) : v;
    };
  }

  /** The planned arguments of call `e` (receiver first), after `first` when given. */
  private planArgs(e: Extract<Expr, { kind: "call" }>, scope: Scope | undefined, first?: Ev): Ev[] {
    const args = e.args, target = e.target;
    const off = first !== undefined || target !== undefined ? 1 : 0;
    const out: Ev[] = new Array(args.length + off);
    if (first !== undefined) out[0] = first;
    else if (target !== undefined) out[0] = this.plan(target, scope);
    for (let i = 0; i < args.length; i++) out[i + off] = this.plan(args[i]!, scope);
    return out;
  }

  private planCall(e: Extract<Expr, { kind: "call" }>, scope: Scope | undefined): Ev {
    const { id, fn, target, args } = e;
    if (target) {
      // `ns.fn(args)` names a global function `ns.fn` unless `ns` is a variable (cel-go's checker rule).
      const q = this.qualifiedFunctions.has(fn) ? this.qualifiedName(target, scope) : undefined;
      if (q !== undefined && !this.env.variables.has(q) && this.env.functions.has(q + "." + fn)) {
        return this.planCall({ id, kind: "call", fn: q + "." + fn, args }, scope);
      }
    }
    if (this.optimize && !target && args.length === 1 && CONVERSIONS.has(fn)) return this.planConversion(e, scope);
    if (this.optimize && !target && args.length === 2 && fn === op.in) return this.planIn(e, scope);
    const n = args.length;
    switch (this.callCode(fn)) {
      case CALL_LOGIC:
        if (target || n !== 2) break;
        return logicEv(fn === op.logicalAnd, this.plan(args[0], scope), this.plan(args[1], scope), id);
      case CALL_CONDITIONAL:
        if (target || n !== 3) break;
        return conditionalEv(this.plan(args[0], scope), this.plan(args[1], scope), this.plan(args[2], scope), id, branchRefund(args[1]), branchRefund(args[2]));
      case CALL_NOT_STRICTLY_FALSE:
        if (target || n !== 1) break;
        return notStrictlyFalseEv(this.plan(args[0], scope));
      case CALL_OPT_SELECT: {
        const fieldE = args[1];
        if (target || n !== 2 || fieldE.kind !== "const" || fieldE.value.kind !== "string") break;
        const operand = this.plan(args[0], scope);
        return optSelectEv(this.isPlainQualifier(args[0]) && this.plainChain(args[0]) ? elementOperandEv(operand) : operand, fieldE.value.value, id, relativeCost(args[0]), this.strict);
      }
      case CALL_INDEX:
        if (target || n !== 2) break;
        // cel-go folds an attribute index into the attribute: `a[k]` costs what `k` costs; a
        // conditional, which charges nothing for itself, still leaves the qualifier's 1.
        return indexEv(fn === op.optIndex ? this.plan(args[0], scope) : this.planQualified(args[0], scope), this.plan(args[1], scope), fn === op.optIndex, 1 - branchRefund(args[1]), id, relativeCost(args[0]), this.strict);
      case CALL_EQUALS:
        if (target || n !== 2) break;
        return equalsEv(fn === op.equals, this.plan(args[0], scope), this.plan(args[1], scope));
      case CALL_ARITHMETIC: {
        if (target || n !== 2) break;
        const acc = args[0], lit = args[1];
        if (fn === op.add && acc.kind === "ident" && lit.kind === "list" && lit.elements.length === 1 && !lit.optionalIndices.length) {
          const slot = this.lookupSlot(acc.name, scope);
          if (slot !== undefined && this.accuSlots[slot] === true) return this.planAppend(e, slot, lit.elements[0], scope);
        }
        const l = this.plan(acc, scope), r = this.plan(lit, scope);
        const slot = this.slotCount++, slot2 = this.slotCount++;
        // String `+` and comparisons cost by size only when resolved to one overload (cel-go keys it by overload id).
        const sigs = this.staticOverloads?.get(id);
        return arithmeticEv(e, l, r, slot, slot2, this, sigs === undefined || sigs.length === 1);
      }
      case CALL_STRING_PREDICATE: {
        if (!target || n !== 1) break;
        const t = this.plan(target, scope), a = this.plan(args[0], scope);
        const slot = this.slotCount++, slot2 = this.slotCount++;
        return stringPredicateEv(e, t, a, slot, slot2, this);
      }
      case CALL_NOT:
        if (target || n !== 1) break;
        return notEv(this.plan(args[0], scope), id);
      case CALL_OPTIONAL_OR:
        if (!target || n !== 1) break;
        return optionalOrEv(fn === "or", this.plan(target, scope), this.plan(args[0], scope));
      case CALL_IN:
        if (target || n !== 2) break;
        return this.planInMap(e, this.plan(args[0], scope), scope);
    }
    return this.planFunction(e, scope);
  }

  /** A conversion: folded when its argument is a constant (a failing fold is the program's error). */
  private planConversion(e: Extract<Expr, { kind: "call" }>, scope: Scope | undefined): Ev {
    const arg = this.plan(e.args[0]!, scope);
    const ev = this.planFunction(e, scope, undefined, [arg]);
    if (constantOf(arg) === undefined) return ev;
    const v = evaluateNow(ev);
    if (isCelError(v)) this.programError ??= v;
    return constantEv(v);
  }

  /**
   * `x in l`: a set lookup when `l` is a constant list of scalars and the checker chose the list
   * overload; else the standard `in` (a string in a map answered directly), else the generic call.
   */
  private planIn(e: Extract<Expr, { kind: "call" }>, scope: Scope | undefined): Ev {
    const lhs = this.plan(e.args[0]!, scope);
    // A select chain is no constant list: the standard `in`, fused with the chain.
    if (this.callCode(op.in) === CALL_IN && this.valueChain(e.args[1]!, scope) !== undefined) return this.planInMap(e, lhs, scope);
    const rhs = this.plan(e.args[1]!, scope);
    const list = constantOf(rhs);
    const rows = this.staticOverloads?.get(e.id) as readonly Overload[] | undefined;
    if (list !== undefined && rows?.length === 1 && rows[0]!.args[1]?.kind === "list") {
      const set = setMembershipEv(lhs, list);
      if (set) return set;
    }
    if (this.callCode(op.in) === CALL_IN) return inMapEv(e, lhs, rhs, this.slotCount++, this.slotCount++, this);
    return this.planFunction(e, scope, undefined, [lhs, rhs]);
  }

  /** The generic call of `e` on two already evaluated arguments (in slots `slot`, `slot2`); it plans no sub-expression. */
  slotCall(e: Extract<Expr, { kind: "call" }>, slot: number, slot2: number): Ev {
    return this.planFunction(e, undefined, undefined, [(st) => st.slots[slot] as CelValue, (st) => st.slots[slot2] as CelValue]);
  }

  /**
   * `@result + [x]` inside a comprehension: appends in place to the accumulator list. The generic
   * call (an accumulator that is no list: only hand-built ASTs) is planned on first use.
   */
  private planAppend(e: Extract<Expr, { kind: "call" }>, slot: number, elemE: Expr, scope: Scope | undefined): Ev {
    const elem = this.plan(elemE, scope);
    let generic: Ev | undefined;
    return (s) => {
      const a = s.slots[slot] as CelValue | CelError;
      if (kindOf(a) !== K.list) return (generic ??= this.planFunction(e, scope))(s);
      const v = elem(s);
      // `@result` 1, the list literal 10, `+` 1 — charged when the element failed too.
      s.cost += 12;
      if (isCelError(v)) return v;
      if (pushInPlace(a as CelList, v)) return a as CelList;
      // Not an accumulator yet (an AST whose init is no empty list): copy once into one the next
      // steps push into (the slot is private to the comprehension, `a` itself is left untouched).
      const acc = mutableList();
      appendInPlace(acc, a as CelList);
      pushInPlace(acc, v);
      return acc;
    };
  }

  /** The dispatcher of call `e` with `n` arguments, and the one narrowed to the checker's applicable rows. */
  private dispatchers(e: Extract<Expr, { kind: "call" }>, member: boolean, n: number): DispatchPair | undefined {
    const sigs = this.staticOverloads?.get(e.id);
    // The checker shares the row list of a repeated resolution: so can the planner.
    const hit = sigs && dispatchCache.get(sigs);
    if (hit && hit.env === this.env && hit.fn === e.fn && hit.member === member && hit.n === n) return hit.pair;
    const all = dispatcherFor(this.env, e.fn, member, n);
    const pair = all && { all, d: this.narrow(all, sigs) };
    if (sigs) dispatchCache.set(sigs, { env: this.env, fn: e.fn, member, n, pair });
    return pair;
  }

  /** The checker's applicable rows `sigs` as a (shared) dispatcher, else `all`. */
  private narrow(all: Dispatcher, sigs: readonly unknown[] | undefined): Dispatcher {
    if (!sigs || sigs.length === 0) return all;
    const rows = all.candidates.filter((o) => sigs.includes(o));
    if (rows.length === 0 || rows.length === all.candidates.length) return all;
    return narrowed(all, rows);
  }

  private planFunction(e: Extract<Expr, { kind: "call" }>, scope: Scope | undefined, plannedTarget?: Ev, plannedArgs?: Ev[]): Ev {
    const id = e.id;
    const member = e.target !== undefined;
    const argEvs = plannedArgs ?? this.planArgs(e, scope, plannedTarget);
    const n = argEvs.length;
    const regexAt = this.env.regexArgs.get(e.fn);
    // cel-go replaces a call on a constant pattern by a variadic one (its regex optimisation).
    let variadic = false;
    if (this.optimize && regexAt !== undefined && regexAt < n) {
      const pattern = constantOf(argEvs[regexAt]!);
      const compiled = typeof pattern === "string" ? compileRegex(pattern) : undefined;
      // Blamed on the pattern argument (argEvs holds the target first for a member call).
      const at = member || plannedTarget !== undefined ? (regexAt === 0 ? e.target : e.args[regexAt - 1]) : e.args[regexAt];
      if (typeof compiled === "string") this.programError ??= celError(compiled, at?.id ?? id, "invalid_regex");
      variadic = typeof pattern === "string";
    }
    const pair = this.dispatchers(e, member, n);
    if (pair === undefined) {
      const what = `${e.fn}`;
      return (s) => {
        for (const a of argEvs) {
          const v = a(s);
          if (isCelError(v)) return v;
        }
        return celError(`no such overload: ${what}`, id);
      };
    }
    const { all, d } = pair;
    const fn = e.fn;
    // cel-go keys some costs by overload id: they apply only to a call resolved to one overload.
    const sigs = this.staticOverloads?.get(id);
    // (Without the checker's resolutions, as in an unchecked compile, every row costs as declared.)
    const unique = sigs === undefined || sigs.length === 1;
    // A library function with several overloads that the checker could not pick is dispatched by
    // name through one variadic function: its arguments are evaluated in turn, stopping at an error.
    if (!unique && !isStd(this.env, fn) && (this.env.functions.get(fn)?.length ?? 0) > 1) variadic = true;
    /** The row the checker resolved the call to alone, if any (cel-go costs a failed call by it). */
    const only = sigs?.length === 1 ? (sigs[0] as Overload) : undefined;
    /** The cost of running row `o` on `args` (before the call), or -1 when it is computed from the result. */
    const costOf = (o: Overload, args: CelValue[]): number => {
      if (o.costByOverload && !unique) return 1;
      if (o.resultCost) return -1;
      const c = o.cost ? 1 + o.cost(...args) : 1;
      return o.resolvedCost && unique ? c + o.resolvedCost(...args) : c;
    };
    const run = (s: EvalState, o: Overload, args: CelValue[], call: () => CelValue | CelError): CelValue | CelError => {
      const c = costOf(o, args);
      // A row costed by its result may also know its cost before the call (lists.range): past the
      // limit it is not run (cel-go would build the result, then stop at the limit).
      if (c < 0 && o.cost && s.cost + 1 + o.cost(...args) > s.limit) {
        s.cost += 1 + o.cost(...args);
        return celError(errText.costLimit, id, "cost_limit");
      }
      if (c >= 0) {
        s.cost += c;
        if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
        return label(call(), id);
      }
      const r = label(call(), id);
      s.cost += 1 + o.resultCost!(r);
      if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
      return r;
    };
    const fail = (s: EvalState, args: readonly (CelValue | CelError)[], err: CelError): CelError => {
      if (err.code === "cost_limit") return err;
      const c = only ? rowCostOnFailure(only, args, err) : undefined;
      if (c === undefined) return failed(s, fn, args, err);
      s.cost += c;
      return err;
    };
    if (n === 1) {
      const a0 = argEvs[0]!;
      return (s) => {
        const v0 = a0(s);
        if (isCelError(v0)) return fail(s, [v0], v0);
        const o = d.resolve1(v0) ?? (d === all ? null : all.resolve1(v0));
        if (o === null) return fail(s, [v0], noOverloadError(fn, [v0], id));
        if (o.cost === undefined && o.resultCost === undefined) {
          s.cost++;
          if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
          return label(invoke1(o, v0), id);
        }
        return run(s, o, [v0], () => invoke1(o, v0));
      };
    }
    if (n === 2 && !variadic) {
      const a0 = argEvs[0]!, a1 = argEvs[1]!;
      return (s) => {
        const v0 = a0(s);
        const v1 = a1(s);
        if (isCelError(v0)) return fail(s, [v0, v1], v0);
        if (isCelError(v1)) return fail(s, [v0, v1], v1);
        const o = d.resolve2(v0, v1) ?? (d === all ? null : all.resolve2(v0, v1));
        if (o === null) return fail(s, [v0, v1], noOverloadError(fn, [v0, v1], id));
        if (o.cost === undefined && o.resultCost === undefined) {
          s.cost++;
          if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
          return label(invoke2(o, v0, v1), id);
        }
        return run(s, o, [v0, v1], () => invoke2(o, v0, v1));
      };
    }
    return (s) => {
      const vals: CelValue[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const v = argEvs[i](s);
        // cel-go stops at the first failing argument of a variadic call (three or more arguments,
        // see `variadic`); unless it was the last one, the call's arguments are not all there to be
        // costed, and the call costs nothing.
        if (isCelError(v)) return i === n - 1 ? fail(s, [...vals.slice(0, i), v], v) : v;
        vals[i] = v;
      }
      const o = d.resolveN(vals) ?? (d === all ? null : all.resolveN(vals));
      if (o === null) return fail(s, vals, noOverloadError(fn, vals, id));
      return run(s, o, vals, () => invokeN(o, vals));
    };
  }

  private planList(elements: Expr[], optionalIndices: number[], scope: Scope | undefined): Ev {
    const evs = elements.map((x) => this.plan(x, scope));
    return this.folded(this.listEv(evs, optionalIndices), evs);
  }

  private listEv(evs: readonly Ev[], optionalIndices: number[]): Ev {
    const n = evs.length;
    if (optionalIndices.length === 0) {
      return (s) => {
        // Sized when made: a pushed-to empty array would reserve room for 17 elements.
        const out = new Array<CelValue>(n);
        for (let i = 0; i < n; i++) {
          const v = evs[i](s);
          if (isCelError(v)) return created(s, LIST_CREATE, v);
          out[i] = v;
        }
        s.cost += LIST_CREATE;
        return celList(out);
      };
    }
    const opt = new Set(optionalIndices);
    return (s) => {
      const out: CelValue[] = [];
      for (let i = 0; i < n; i++) {
        const v = evs[i](s);
        if (isCelError(v)) return created(s, LIST_CREATE, v);
        if (opt.has(i)) {
          if (!isCelOptional(v)) return created(s, LIST_CREATE, celError(`cannot initialize optional list element from non-optional value ${String(v)}`));
          if (v.value !== undefined) out.push(v.value);
        } else out.push(v);
      }
      s.cost += LIST_CREATE;
      return celList(out);
    };
  }

  private planMap(e: Extract<Expr, { kind: "map" }>, scope: Scope | undefined): Ev {
    const entries = e.entries.map((en) => ({ k: this.plan(en.key, scope), v: this.plan(en.value, scope), optional: en.optional }));
    const id = e.id;
    const ev: Ev = (s) => {
      const keys: CelValue[] = [];
      const vals: (CelValue | undefined)[] = [];
      for (const en of entries) {
        const k = en.k(s);
        if (isCelError(k)) return created(s, MAP_CREATE, k);
        const v = en.v(s);
        if (isCelError(v)) return created(s, MAP_CREATE, v);
        if (en.optional) {
          if (!isCelOptional(v)) return created(s, MAP_CREATE, celError(`cannot initialize optional entry from non-optional value`, id));
          vals.push(v.value);
        } else vals.push(v);
        keys.push(k);
      }
      s.cost += MAP_CREATE;
      const m = celMapLiteral(keys, vals);
      return typeof m === "string" ? celError(m, id) : m;
    };
    return this.folded(ev, entries.flatMap((en) => [en.k, en.v]));
  }

  private planStruct(e: Extract<Expr, { kind: "struct" }>, scope: Scope | undefined): Ev {
    const typeName = e.typeName.startsWith(".") ? e.typeName.slice(1) : e.typeName;
    const fields = e.fields.map((f) => ({ name: f.field, v: this.plan(f.value, scope), optional: f.optional }));
    const id = e.id;
    const decl = this.env.resolveType(typeName) ?? { fields: {} };
    // A field a closed type lacks (reachable only without type-checking) is an error when built.
    const unknown = decl.open || !decl.unknownField ? undefined : fields.find((f) => !Object.prototype.hasOwnProperty.call(decl.fields, f.name));
    const unknownText = unknown && decl.unknownField ? decl.unknownField.construct + unknown.name : undefined;
    const n = fields.length;
    if (!fields.some((f) => f.optional) && new Set(fields.map((f) => f.name)).size === n) {
      // Every field set, each once: one shared names array, the values made per evaluation.
      const names = fields.map((f) => f.name), evs = fields.map((f) => f.v);
      const unknownAt = unknownText !== undefined && unknown ? fields.indexOf(unknown) : -1;
      return (s) => {
        const values = new Array<CelValue>(n);
        for (let i = 0; i < n; i++) {
          const v = evs[i](s);
          if (isCelError(v)) return created(s, STRUCT_CREATE, v);
          if (i === unknownAt) return created(s, STRUCT_CREATE, celError(unknownText!, id));
          values[i] = v;
        }
        s.cost += STRUCT_CREATE;
        return celObjectOf(typeName, names, values, decl);
      };
    }
    return (s) => {
      const m = new Map<string, CelValue>();
      for (const f of fields) {
        const v = f.v(s);
        if (isCelError(v)) return created(s, STRUCT_CREATE, v);
        if (unknownText !== undefined && f === unknown) return created(s, STRUCT_CREATE, celError(unknownText, id));
        if (f.optional) {
          if (!isCelOptional(v)) return created(s, STRUCT_CREATE, celError(`cannot initialize optional entry from non-optional value`, id));
          if (v.value === undefined) continue;
          m.set(f.name, v.value);
        } else m.set(f.name, v);
      }
      s.cost += STRUCT_CREATE;
      return celObject(typeName, m, decl);
    };
  }

  private planComprehension(e: Comprehension, scope: Scope | undefined): Ev {
    const range = this.plan(e.iterRange, scope);
    const accuSlot = this.slotCount++;
    this.accuSlots[accuSlot] = true;
    const accuInit = this.plan(e.accuInit, scope);
    const iterSlot = this.slotCount++;
    const iter2Slot = e.iterVar2 !== undefined ? this.slotCount++ : -1;
    const withAccu: Scope = { name: e.accuVar, slot: accuSlot, parent: scope };
    let inner: Scope = { name: e.iterVar, slot: iterSlot, parent: withAccu };
    if (e.iterVar2 !== undefined) inner = { name: e.iterVar2, slot: iter2Slot, parent: inner };
    const cond = this.plan(e.loopCondition, inner);
    const step = this.plan(e.loopStep, inner);
    const result = this.plan(e.result, withAccu);
    const twoVar = e.iterVar2 !== undefined;
    const id = e.id;
    // One loop per range kind and variable count keeps each loop monomorphic.
    const loop = (s: EvalState, r: CelValue): CelError | undefined => {
      if (kindOf(r) === K.list) {
        const list = r as CelList;
        const n = list.size();
        for (let i = 0; i < n; i++) {
          if (twoVar) {
            s.slots[iterSlot] = BigInt(i);
            s.slots[iter2Slot] = list.get(i);
          } else s.slots[iterSlot] = list.get(i);
          if (cond(s) === false) break;
          s.slots[accuSlot] = step(s);
          if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
        }
        return undefined;
      }
      const m = r as CelMap;
      const keys = m.keys();
      for (let i = 0; i < keys.length; i++) {
        s.slots[iterSlot] = keys[i];
        if (twoVar) s.slots[iter2Slot] = m.get(keys[i]) as CelValue;
        if (cond(s) === false) break;
        s.slots[accuSlot] = step(s);
        if (s.cost > s.limit) return celError(errText.costLimit, id, "cost_limit");
      }
      return undefined;
    };
    return (s) => {
      const r = range(s);
      if (isCelError(r)) return r;
      const rk = kindOf(r);
      if (rk !== K.list && rk !== K.map) {
        // cel-go's texts name the Go type of the value (types.Int, types.Null, …).
        const goType = goTypeOf(r);
        return celError(twoVar ? `unsupported comprehension range type: ${goType}` : `got '${goType}', expected iterable type`, id);
      }
      let accu = accuInit(s);
      const ak = kindOf(accu);
      if (ak === K.list && (accu as CelList).size() === 0) accu = mutableList();
      else if (ak === K.map && (accu as CelMap).size() === 0) accu = mutableMap();
      const savedAccu = s.slots[accuSlot], savedIter = s.slots[iterSlot], savedIter2 = twoVar ? s.slots[iter2Slot] : undefined;
      s.slots[accuSlot] = accu;
      let out: CelValue | CelError | undefined = loop(s, r);
      if (out === undefined) {
        out = result(s);
        if (!isCelError(out)) {
          const ok = kindOf(out);
          if (ok === K.list) out = freezeList(out as CelList);
          else if (ok === K.map) out = freezeMap(out as CelMap);
        }
      }
      s.slots[accuSlot] = savedAccu;
      s.slots[iterSlot] = savedIter;
      if (twoVar) s.slots[iter2Slot] = savedIter2;
      return out;
    };
  }
}

/** Re-exported for libraries: a uint value's bigint. */
export type { CelUint };
