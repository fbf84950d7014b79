// AST validators run after type-checking (cel-go cel/validator.go; Kubernetes enables all): literal
// arguments of duration()/timestamp() must convert, literal matches() patterns must compile (RE2),
// list/map literals must be homogeneous (outside `format` calls), and literal `format` calls must
// suit their arguments (validate-format.ts).
import type { Constant, Expr } from "../ast.js";
import type { CelEnv } from "../env.js";
import type { CelType, ValidatorName } from "../types.js";
import { celUint, isCelError, type CelValue } from "../values/index.js";
import { compileRegex } from "../lib/util-regex.js";
import { formatCelType } from "./format-type.js";
import { isExactType } from "./unify.js";
import { isCheckableFormat, validateFormatCall } from "./validate-format.js";

/** What the validators need: the checked types and a way to place an issue at a node. */
export interface ValidationInput {
  env: CelEnv;
  /** Validators to run. */
  validators: ReadonlySet<ValidatorName>;
  root: Expr;
  types: ReadonlyMap<number, CelType>;
  report(id: number, message: string): void;
}

function constValue(c: Constant): CelValue {
  switch (c.kind) {
    case "null": return null;
    case "uint": return celUint(c.value);
    default: return c.value;
  }
}

const CONST_KIND: Readonly<Record<Constant["kind"], CelType["kind"]>> = {
  null: "null", bool: "bool", int: "int", uint: "uint", double: "double", string: "string", bytes: "bytes",
};

/** Evaluates `name(literal)` with the env's own overload (cel-go evaluates the call); true if it fails. */
function conversionFails(env: CelEnv, name: string, c: Constant): boolean {
  const want = CONST_KIND[c.kind];
  const o = (env.functions.get(name) ?? []).find((r) => !r.member && r.args.length === 1 && r.args[0]!.kind === want);
  if (!o) return false;
  try {
    return isCelError(o.impl(constValue(c)));
  } catch {
    return true;
  }
}

function validateLiteralArgs(input: ValidationInput, e: Extract<Expr, { kind: "call" }>): void {
  const arg = e.args[0];
  if (arg?.kind !== "const") return;
  if (!input.validators.has(e.fn as ValidatorName)) return;
  if ((e.fn === "duration" || e.fn === "timestamp") && conversionFails(input.env, e.fn, arg.value)) {
    input.report(arg.id, `invalid ${e.fn} argument`);
  } else if (e.fn === "matches" && arg.value.kind === "string" && typeof compileRegex(arg.value.value) === "string") {
    input.report(arg.id, "invalid matches argument");
  }
}

function validateList(input: ValidationInput, e: Extract<Expr, { kind: "list" }>): void {
  let first: CelType | undefined;
  for (let i = 0; i < e.elements.length; i++) {
    const x = e.elements[i]!;
    let t = input.types.get(x.id) ?? { kind: "dyn" };
    if (e.optionalIndices.includes(i) && t.kind === "optional") t = t.param;
    if (first === undefined) first = t;
    else if (!isExactType(first, t)) {
      input.report(x.id, `expected type '${formatCelType(first)}' but found '${formatCelType(t)}'`);
      break;
    }
  }
}

function validateMap(input: ValidationInput, e: Extract<Expr, { kind: "map" }>): void {
  let key: CelType | undefined;
  let value: CelType | undefined;
  for (const entry of e.entries) {
    const kt = input.types.get(entry.key.id) ?? { kind: "dyn" };
    let vt = input.types.get(entry.value.id) ?? { kind: "dyn" };
    if (entry.optional && vt.kind === "optional") vt = vt.param;
    if (key === undefined || value === undefined) {
      key = kt;
      value = vt;
      continue;
    }
    if (!isExactType(key, kt)) input.report(entry.key.id, `expected type '${formatCelType(key)}' but found '${formatCelType(kt)}'`);
    if (!isExactType(value, vt)) input.report(entry.value.id, `expected type '${formatCelType(value)}' but found '${formatCelType(vt)}'`);
  }
}

/** Runs every validator over the checked expression. */
export function validate(input: ValidationInput): void {
  // The strings extension exempts literals inside `format` calls from the homogeneity check.
  const formatExempt = input.env.functions.has("format");
  const literals = input.validators.has("homogeneous_literals");
  const formats = input.validators.has("string_format");
  const walk = (e: Expr, inExempt: boolean): void => {
    switch (e.kind) {
      case "const": case "ident": return;
      case "select": return walk(e.operand, inExempt);
      case "call": {
        validateLiteralArgs(input, e);
        if (formats && isCheckableFormat(e)) validateFormatCall(e, input.types, input.report);
        const ex = inExempt || (formatExempt && e.fn === "format");
        if (e.target) walk(e.target, ex);
        for (let i = 0; i < e.args.length; i++) walk(e.args[i]!, ex);
        return;
      }
      case "list":
        if (literals && !inExempt) validateList(input, e);
        for (const x of e.elements) walk(x, inExempt);
        return;
      case "map":
        if (literals && !inExempt) validateMap(input, e);
        for (const m of e.entries) { walk(m.key, inExempt); walk(m.value, inExempt); }
        return;
      case "struct":
        for (const f of e.fields) walk(f.value, inExempt);
        return;
      case "comprehension":
        walk(e.iterRange, inExempt);
        walk(e.accuInit, inExempt);
        walk(e.loopCondition, inExempt);
        walk(e.loopStep, inExempt);
        walk(e.result, inExempt);
        return;
    }
  };
  walk(input.root, false);
}
