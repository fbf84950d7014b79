// The CEL type checker (cel-go checker/checker.go semantics): resolves identifiers (incl. qualified
// names and type identifiers), field selections, struct literals, overloads with type parameters,
// aggregate literals and comprehensions, recording a type per node id and cel-go-worded issues.
import type { Comprehension, Constant, Expr, ParsedExpr, StructField } from "./ast.js";
import type { CelEnv } from "./env.js";
import type { CelType } from "./types.js";
import type { CelIssue } from "./errors-format.js";
import { op } from "./operators.js";
import { formatArgTypes, formatCelType } from "./check/format-type.js";
import { isDynOrError, isExactType, mostGeneral, substitute, tryAssign, tryAssignList, Mapping } from "./check/unify.js";
import { groundId } from "./check/ground-type.js";
import { cannotMatch, Instance, resolutionKey, typeVar } from "./check/resolution.js";
import { IdTable } from "./check/id-table.js";
import { FinalTypes } from "./check/final-types.js";
import { functionCache, functionOf, qualifiedFunctionSuffixes, qualifiedRoots, sharedRows, typeIdentType, RESOLUTION_LIMIT, type FunctionSignatures, type Signature } from "./check/builtins.js";

const DYN: CelType = { kind: "dyn" };
const ERROR: CelType = { kind: "error" };
const BOOL: CelType = { kind: "bool" };
const INT: CelType = { kind: "int" };
const NULL: CelType = { kind: "null" };
const UINT: CelType = { kind: "uint" };
const DOUBLE: CelType = { kind: "double" };
const STRING: CelType = { kind: "string" };
const BYTES: CelType = { kind: "bytes" };
/** The type of a literal (ground: never substituted). */
function constType(c: Constant): CelType {
  switch (c.kind) {
    case "null": return NULL;
    case "bool": return BOOL;
    case "int": return INT;
    case "uint": return UINT;
    case "double": return DOUBLE;
    case "string": return STRING;
    case "bytes": return BYTES;
  }
}

/** Row indices of a one-row match on the first row. */
const FIRST_ROW: readonly number[] = [0];

type Call = Extract<Expr, { kind: "call" }>;

/** Functions whose literal first argument a validator checks. */
const literalValidated = (fn: string): boolean => fn === "matches" || fn === "duration" || fn === "timestamp";
type Select = Extract<Expr, { kind: "select" }>;
type Struct = Extract<Expr, { kind: "struct" }>;

/** Walks one parsed expression; read `types` and `issues` after `run()`. */
export class Checker {
  /** Type of each node id as recorded while checking (see `finalTypes` for the result). */
  private readonly types: IdTable<CelType>;
  /** Overloads each call node resolved to (all that matched, in table order). */
  readonly overloads: IdTable<readonly Signature[]>;
  readonly issues: CelIssue[] = [];
  /**
   * False when no validator can report anything here: no list or map literal of two or more
   * entries, no `duration`/`timestamp`/`matches` call with a literal first argument, no `format` call on a literal (see validators.ts).
   */
  mayNeedValidation = false;
  private readonly mappings = new Mapping();
  /** The substitution of one signature instantiation (reused). */
  private readonly instance = new Instance();
  /** Reused argument type arrays, by argument count (see `argTypesOf`). */
  private readonly argTypeArrays: CelType[][] = [];
  private freeVars = 0;
  /** Local variables in scope (comprehension variables), innermost last. */
  private readonly localNames: string[] = [];
  private readonly localTypes: CelType[] = [];

  /** The env's function cache (see `functionOf`). */
  private readonly functions: Map<string, FunctionSignatures | null>;

  /** First segments of the names a whole identifier chain may resolve to (undefined: any; see `qualifiedRoots`). */
  private readonly roots: ReadonlySet<string> | undefined;
  /** Last segments of dotted function names (see `mayBeQualifiedFunction`). */
  private readonly qualifiedFunctions: ReadonlySet<string>;

  constructor(private readonly env: CelEnv, private readonly parsed: ParsedExpr) {
    // Ids are numbered from 1; the only gaps are the ids of calls a macro replaced: presize to cover them.
    const ids = parsed.sourceInfo.positions.size + parsed.sourceInfo.macroCalls.size + 1;
    this.types = new IdTable(ids);
    this.overloads = new IdTable(ids);
    this.functions = functionCache(env);
    this.roots = qualifiedRoots(env);
    this.qualifiedFunctions = qualifiedFunctionSuffixes(env);
  }

  /** Checks the whole expression. */
  run(): void {
    this.check(this.parsed.expr);
  }

  /** The final type of each node (unbound type parameters as `dyn`), after `run`; the checker is done with its tables then. */
  finalTypes(): FinalTypes {
    return new FinalTypes(this.types, this.mappings);
  }

  private setType(id: number, t: CelType): void {
    this.types.set(id, t);
  }

  private error(id: number, message: string): void {
    this.issues.push({ message, offset: this.parsed.sourceInfo.positions.get(id) ?? -1, exprId: id });
  }
  private typeOf(e: Expr): CelType {
    return this.types.get(e.id) ?? ERROR;
  }
  private assignable(t1: CelType, t2: CelType): boolean {
    return tryAssign(this.mappings, t1, t2);
  }

  private check(e: Expr): void {
    switch (e.kind) {
      case "const": this.types.set(e.id, constType(e.value)); return;
      case "ident": return this.checkIdent(e.id, e.name);
      case "select": return this.checkSelect(e);
      case "call": return this.checkCall(e);
      case "list": return this.checkList(e.id, e.elements, e.optionalIndices);
      case "map": return this.checkMap(e);
      case "struct": return this.checkStruct(e);
      case "comprehension": return this.checkComprehension(e);
    }
  }

  // --- identifiers -------------------------------------------------------------------------

  private lookupLocal(name: string): CelType | undefined {
    const names = this.localNames;
    for (let i = names.length - 1; i >= 0; i--) if (names[i] === name) return this.localTypes[i];
    return undefined;
  }
  private lookupGlobal(name: string): CelType | undefined {
    const n = name.startsWith(".") ? name.slice(1) : name;
    return this.env.variables.get(n) ?? typeIdentType(this.env, n);
  }
  private resolveSimple(name: string): CelType | undefined {
    const local = this.lookupLocal(name);
    if (local !== undefined && !name.startsWith(".")) return local;
    return this.lookupGlobal(name);
  }

  private checkIdent(id: number, name: string): void {
    const t = this.resolveSimple(name);
    if (t !== undefined) {
      this.setType(id, t);
      return;
    }
    this.setType(id, ERROR);
    this.error(id, `undeclared reference to '${name}' (in container '')`);
  }

  /** `a.b.c` as a list of names when the select chain ends in an identifier (no `has()` tests). */
  private qualifiers(e: Expr): string[] | undefined {
    const names: string[] = [];
    let cur = e;
    while (cur.kind === "select") {
      if (cur.testOnly) return undefined;
      names.push(cur.field);
      cur = cur.operand;
    }
    if (cur.kind !== "ident" || names.length === 0) return undefined;
    names.push(cur.name);
    return names.reverse();
  }

  /** Whether `e` is an identifier chain that may name a declaration as a whole (see `qualifiedRoots`). */
  private mayQualify(e: Select): boolean {
    let cur: Expr = e;
    while (cur.kind === "select") {
      if (cur.testOnly) return false;
      cur = cur.operand;
    }
    if (cur.kind !== "ident") return false;
    const roots = this.roots;
    return roots === undefined || roots.has(cur.name.startsWith(".") ? cur.name.slice(1) : cur.name);
  }

  private checkSelect(e: Select): void {
    const q = this.mayQualify(e) ? this.qualifiers(e) : undefined;
    if (q && (this.lookupLocal(q[0]!) === undefined || q[0]!.startsWith("."))) {
      const t = this.lookupGlobal(q.join("."));
      if (t !== undefined) {
        this.setType(e.id, t);
        return;
      }
    }
    const fieldType = this.checkSelectField(e.id, e.operand, e.field, false);
    this.setType(e.id, e.testOnly ? BOOL : substitute(this.mappings, fieldType, false));
  }

  private checkSelectField(id: number, operand: Expr, field: string, optional: boolean): CelType {
    this.check(operand);
    let target = substitute(this.mappings, this.typeOf(operand), false);
    const isOpt = target.kind === "optional";
    if (target.kind === "optional") target = target.param;
    let result: CelType;
    switch (target.kind) {
      case "map": result = target.value; break;
      case "object": result = this.fieldType(id, target.name, field) ?? ERROR; break;
      case "param": this.assignable(DYN, target); result = DYN; break;
      default:
        if (!isDynOrError(target)) this.error(id, `type '${formatCelType(target)}' does not support field selection`);
        result = DYN;
    }
    return isOpt || optional ? { kind: "optional", param: result } : result;
  }

  private fieldType(id: number, typeName: string, field: string): CelType | undefined {
    const decl = this.env.resolveType(typeName);
    if (!decl) {
      this.error(id, `unexpected failed resolution of '${typeName}'`);
      return undefined;
    }
    if (Object.prototype.hasOwnProperty.call(decl.fields, field)) return decl.fields[field];
    if (decl.open || decl.otherFieldsUntyped) return DYN;
    this.error(id, `undefined field '${field}'`);
    return undefined;
  }

  // --- calls -------------------------------------------------------------------------------

  private checkCall(e: Call): void {
    if (e.fn === op.optSelect) return this.checkOptSelect(e);
    if (!this.mayNeedValidation && ((e.args.length > 0 && e.args[0]!.kind === "const" && literalValidated(e.fn)) || (e.fn === "format" && e.target?.kind === "const"))) this.mayNeedValidation = true;
    for (const a of e.args) this.check(a);
    if (!e.target) {
      const fns = functionOf(this.env, e.fn.charCodeAt(0) === 46 ? e.fn.slice(1) : e.fn, this.functions);
      if (!fns) return this.undeclaredCall(e, e.fn);
      return this.resolve(e, e.fn, fns, undefined);
    }
    const q = this.qualifiedFunctions.has(e.fn) ? this.qualifiedName(e.target) : undefined;
    if (q !== undefined) {
      const fns = functionOf(this.env, `${q}.${e.fn}`, this.functions);
      if (fns) return this.resolve(e, `${q}.${e.fn}`, fns, undefined);
    }
    this.check(e.target);
    const fns = functionOf(this.env, e.fn, this.functions);
    if (!fns) return this.undeclaredCall(e, e.fn);
    this.resolve(e, e.fn, fns, e.target);
  }

  private undeclaredCall(e: Call, name: string): void {
    this.setType(e.id, ERROR);
    this.error(e.id, `undeclared reference to '${name}' (in container '')`);
  }

  /** cel-go `containers.ToQualifiedName`: `a.b.c` for an identifier/select chain. */
  private qualifiedName(e: Expr): string | undefined {
    if (e.kind === "ident") return e.name;
    if (e.kind === "select" && !e.testOnly) {
      const q = this.qualifiedName(e.operand);
      return q === undefined ? undefined : `${q}.${e.field}`;
    }
    return undefined;
  }

  private checkOptSelect(e: Call): void {
    if (e.args.length !== 2 || e.target) {
      const t = e.target ? " member call with" : "";
      this.error(e.id, `unsupported optional field selection: incorrect signature.${t} argument count: ${e.args.length}`);
      return;
    }
    const [operand, field] = e.args as [Expr, Expr];
    if (field.kind !== "const" || field.value.kind !== "string") {
      this.error(field.id, "unsupported optional field selection: field is not a string literal");
      return;
    }
    const result = this.checkSelectField(e.id, operand, field.value.value, true);
    this.setType(e.id, substitute(this.mappings, result, false));
  }

  /** Fresh type variables for a signature's parameters (cel-go instantiates per resolution). */
  private instantiate(s: Signature, names: readonly string[]): { args: readonly CelType[]; result: CelType } {
    if (names.length === 0) return s;
    const subs = this.instance;
    subs.names = names;
    for (let i = 0; i < names.length; i++) subs.types[i] = this.newTypeVar();
    return { args: s.args.map((a) => substitute(subs, a, false)), result: substitute(subs, s.result, false) };
  }

  /** A reused array of `n` argument types (resolutions do not nest; nothing keeps it). */
  private argTypesOf(n: number): CelType[] {
    return (this.argTypeArrays[n] ??= new Array<CelType>(n));
  }

  private resolve(e: Call, name: string, fns: FunctionSignatures, target: Expr | undefined): void {
    const member = target !== undefined;
    const group = member ? fns.member : fns.global;
    const args = e.args, off = member ? 1 : 0;
    const argTypes = this.argTypesOf(args.length + off);
    if (member) argTypes[0] = this.typeOf(target);
    for (let i = 0; i < args.length; i++) argTypes[i + off] = this.typeOf(args[i]!);
    if (fns.logical && group.rows.length > 0) return this.resolveLogical(e, sharedRows(group, FIRST_ROW), target, argTypes);
    // Ground argument types resolve the same way every time: reuse the rows and result. (The fresh
    // type variables such a resolution binds are never seen again; they are still numbered.)
    const key = resolutionKey(argTypes);
    if (key !== undefined) {
      const hit = group.resolved.get(key);
      if (hit) {
        this.freeVars += group.paramCount;
        this.overloads.set(e.id, hit.matched);
        this.setType(e.id, hit.result);
        return;
      }
    }
    let result: CelType | undefined;
    const matchedRows: number[] = [];
    const rows = group.rows;
    for (let i = 0; i < rows.length; i++) {
      const { sig: s, params: names } = rows[i]!;
      if (s.args.length !== argTypes.length || cannotMatch(argTypes, s.args)) {
        // Cannot match; its type variables are still numbered as if instantiated.
        this.freeVars += names.length;
        continue;
      }
      const inst = this.instantiate(s, names);
      if (!tryAssignList(this.mappings, argTypes, inst.args)) continue;
      matchedRows.push(i);
      const r = substitute(this.mappings, inst.result, false);
      if (result === undefined) result = r;
      else if (result.kind !== "dyn" && !isExactType(r, result)) result = DYN;
    }
    if (result === undefined) {
      const shown = argTypes.map((t) => substitute(this.mappings, t, true));
      this.error(e.id, `found no matching overload for '${name}' applied to '${formatArgTypes(shown, member)}'`);
      this.setType(e.id, ERROR);
      return;
    }
    const matched = sharedRows(group, matchedRows);
    if (key !== undefined && group.resolved.size < RESOLUTION_LIMIT && groundId(result) >= 0) {
      group.resolved.set(key, { matched, result });
    }
    this.overloads.set(e.id, matched);
    this.setType(e.id, result);
  }

  /** `&&` / `||`: every argument must be assignable to bool; mismatches are reported per argument (`rows`: the first row). */
  private resolveLogical(e: Call, rows: readonly Signature[], target: Expr | undefined, argTypes: readonly CelType[]): void {
    let ok = true;
    const off = target !== undefined ? 1 : 0;
    for (let i = 0; i < argTypes.length; i++) {
      const t = argTypes[i]!;
      // bool and dyn arguments (the common case) are assignable without touching the mappings.
      if (t.kind === "bool" || t.kind === "dyn" || this.assignable(t, BOOL)) continue;
      this.error((i < off ? target! : e.args[i - off]!).id, `expected type 'bool' but found '${formatCelType(t)}'`);
      ok = false;
    }
    if (ok) this.overloads.set(e.id, rows);
    this.setType(e.id, ok ? BOOL : ERROR);
  }

  // --- literals ----------------------------------------------------------------------------

  /** Joins element types; mixed types become `dyn` (homogeneity is a separate validator, as in cel-go). */
  private join(previous: CelType | undefined, current: CelType): CelType {
    if (previous === undefined) return current;
    return this.assignable(previous, current) ? mostGeneral(previous, current) : DYN;
  }

  private newTypeVar(): CelType {
    return typeVar(this.freeVars++);
  }

  /** The value type of an optional entry (`?x`), reporting a non-optional, non-dyn value. */
  private optionalEntry(value: Expr, t: CelType): CelType {
    if (t.kind === "optional") return t.param;
    if (t.kind !== "dyn") this.error(value.id, `expected type '${formatCelType({ kind: "optional", param: t })}' but found '${formatCelType(t)}'`);
    return t;
  }

  private checkList(id: number, elements: readonly Expr[], optionalIndices: readonly number[]): void {
    let elem: CelType | undefined;
    if (elements.length > 1) this.mayNeedValidation = true;
    const anyOptional = optionalIndices.length > 0;
    for (let i = 0; i < elements.length; i++) {
      const x = elements[i]!;
      this.check(x);
      let t = this.typeOf(x);
      if (anyOptional && optionalIndices.includes(i)) t = this.optionalEntry(x, t);
      elem = this.join(elem, t);
    }
    this.setType(id, { kind: "list", elem: elem ?? this.newTypeVar() });
  }

  private checkMap(e: Extract<Expr, { kind: "map" }>): void {
    if (e.entries.length > 1) this.mayNeedValidation = true;
    let key: CelType | undefined;
    let value: CelType | undefined;
    for (const entry of e.entries) {
      this.check(entry.key);
      key = this.join(key, this.typeOf(entry.key));
      this.check(entry.value);
      let v = this.typeOf(entry.value);
      if (entry.optional) v = this.optionalEntry(entry.value, v);
      value = this.join(value, v);
    }
    this.setType(e.id, { kind: "map", key: key ?? this.newTypeVar(), value: value ?? this.newTypeVar() });
  }

  private checkStruct(e: Struct): void {
    const typeName = e.typeName.startsWith(".") ? e.typeName.slice(1) : e.typeName;
    const ident = typeIdentType(this.env, typeName);
    if (!ident) {
      this.error(e.id, `undeclared reference to '${e.typeName}' (in container '')`);
      this.setType(e.id, ERROR);
      return;
    }
    let result: CelType = ERROR;
    const declared = ident.kind === "type" ? ident.param : undefined;
    if (declared?.kind === "object") result = declared;
    else if (declared) this.error(e.id, `'${formatCelType(declared)}' is not a message type`);
    this.setType(e.id, result);
    for (const f of e.fields) this.checkStructField(f, typeName);
  }

  private checkStructField(f: StructField, typeName: string): void {
    this.check(f.value);
    const decl = this.env.resolveType(typeName);
    let valType = this.typeOf(f.value);
    if (decl?.otherFieldsUntyped && !decl.open && !Object.prototype.hasOwnProperty.call(decl.fields, f.field)) {
      if (f.optional) valType = this.optionalEntry(f.value, valType);
      this.error(f.id, `expected type of field '${f.field}' is '' but provided type is '${formatCelType(valType)}'`);
      return;
    }
    const fieldType = this.fieldType(f.id, typeName, f.field) ?? ERROR;
    if (f.optional) valType = this.optionalEntry(f.value, valType);
    if (!this.assignable(fieldType, valType)) {
      this.error(f.id, `expected type of field '${f.field}' is '${formatCelType(fieldType)}' but provided type is '${formatCelType(valType)}'`);
    }
  }

  // --- comprehensions ----------------------------------------------------------------------

  private checkComprehension(e: Comprehension): void {
    this.check(e.iterRange);
    this.check(e.accuInit);
    const range = substitute(this.mappings, this.typeOf(e.iterRange), false);
    const accuType = this.typeOf(e.accuInit);
    const names = this.localNames, types = this.localTypes;
    names.push(e.accuVar);
    types.push(accuType);
    const two = e.iterVar2 !== undefined;
    let v1: CelType, v2: CelType;
    switch (range.kind) {
      case "list": if (two) { v1 = INT; v2 = range.elem; } else { v1 = range.elem; v2 = ERROR; } break;
      case "map": v1 = range.key; v2 = range.value; break;
      case "dyn": case "error": case "param": this.assignable(DYN, range); v1 = v2 = DYN; break;
      default:
        this.error(e.iterRange.id, `expression of type '${formatCelType(range)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
        v1 = v2 = ERROR;
    }
    // Loop variables are innermost; the second one shadows the first should they share a name.
    names.push(e.iterVar);
    types.push(v1);
    if (two) {
      names.push(e.iterVar2!);
      types.push(v2);
    }
    this.check(e.loopCondition);
    this.assertType(e.loopCondition, BOOL);
    this.check(e.loopStep);
    this.assertType(e.loopStep, accuType);
    names.pop();
    types.pop();
    if (two) {
      names.pop();
      types.pop();
    }
    this.check(e.result);
    names.pop();
    types.pop();
    this.setType(e.id, substitute(this.mappings, this.typeOf(e.result), false));
  }

  private assertType(e: Expr, t: CelType): void {
    const actual = this.typeOf(e);
    if (!this.assignable(t, actual)) this.error(e.id, `expected type '${formatCelType(t)}' but found '${formatCelType(actual)}'`);
  }
}
