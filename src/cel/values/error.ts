// CEL error values: an evaluation result that carries a message and the id of the AST node that
// produced it. Errors are values (never thrown on the evaluation path).

/**
 * What kind of error a value is, for code that must tell errors apart (optional indexing turns an
 * out-of-range index into `optional.none()`): never classify by message text.
 */
export type CelErrorCode = "runtime" | "index_out_of_bounds" | "no_such_key" | "cost_limit" | "invalid_regex" | "held_value";

/** A CEL runtime error value. `exprId` is the AST node id (0 when unknown). */
export interface CelError {
  readonly kind: 15;
  readonly message: string;
  /**
   * Default: `runtime`. `held_value`: an error a field read yields as the field's value (cel-go's
   * `Err` value, not a failed qualifier), so the next plain qualifier still runs and costs 1.
   */
  readonly code: CelErrorCode;
  exprId: number;
}

class ErrorImpl implements CelError {
  readonly kind = 15 as const;
  constructor(readonly message: string, public exprId: number, readonly code: CelErrorCode) {}
}

/** Creates an error value. */
export function celError(message: string, exprId = 0, code: CelErrorCode = "runtime"): CelError {
  return new ErrorImpl(message, exprId, code);
}

/** True when `v` is a CEL error value. */
export function isCelError(v: unknown): v is CelError {
  return v instanceof ErrorImpl;
}

/** Thrown by library code to signal a CEL error; the call wrapper converts it to a CelError. */
export class CelThrow extends Error {}

/** cel-go's standard error texts. */
export const errText = {
  noSuchOverload: "no such overload",
  intOverflow: "integer overflow",
  uintOverflow: "unsigned integer overflow",
  divideByZero: "division by zero",
  modulusByZero: "modulus by zero",
  durationOverflow: "duration overflow",
  timestampOverflow: "timestamp overflow",
  costLimit: "operation cancelled: actual cost limit exceeded",
  noneDeref: "optional.none() dereference",
} as const;

/** `no such key: <k>` as cel-go words it. */
export function noSuchKey(key: string | bigint | number | boolean, exprId = 0): CelError {
  return celError(`no such key: ${String(key)}`, exprId, "no_such_key");
}
