// The CEL engine's contract: static types, the overload row every library table uses, and the
// environment options. Values live in ./values/ (see README.md for the JS representation table).
import type { CelValue, CelError, ObjectValueDecl, UnknownFieldTexts } from "./values/index.js";

export type { UnknownFieldTexts };

/** A CEL static type. `object` covers message-like types (`kubernetes.AdmissionRequest`, `Object.spec`, `JSONPatch`). */
export type CelType =
  | { kind: "dyn" }
  | { kind: "null" }
  | { kind: "bool" }
  | { kind: "int" }
  | { kind: "uint" }
  | { kind: "double" }
  | { kind: "string" }
  | { kind: "bytes" }
  | { kind: "timestamp" }
  | { kind: "duration" }
  | { kind: "error" }
  | { kind: "list"; elem: CelType }
  | { kind: "map"; key: CelType; value: CelType }
  | { kind: "type"; param?: CelType }
  | { kind: "optional"; param: CelType }
  /** A named struct/object type; its fields come from the env's `types` declarations or a resolver. */
  | { kind: "object"; name: string }
  /** An opaque library type such as `kubernetes.Quantity`, `net.IP`, `kubernetes.authorization.Authorizer`. */
  | { kind: "opaque"; name: string; params?: CelType[] }
  /** A type parameter in an overload signature (`A`, `B`). */
  | { kind: "param"; name: string };

/** Implementation of one overload: receives evaluated arguments (receiver first for member calls). */
export type OverloadImpl = (...args: CelValue[]) => CelValue | CelError;

/**
 * One row of a library table: a function overload.
 * The overload id is derived from the signature (`receiver.name(argTypes)`); re-registering an id replaces it.
 */
export interface Overload {
  /** Function name (`size`, `startsWith`, an operator name from operators.ts). */
  name: string;
  /** Member-style call (`x.f(y)`): the first entry of `args` is the receiver type. */
  member: boolean;
  /** Argument types (receiver first for member calls). */
  args: CelType[];
  /** Result type. */
  result: CelType;
  /** Implementation. */
  impl: OverloadImpl;
  /**
   * Runtime cost of one call beyond the base call cost of 1 (cel-go's actual cost model),
   * computed from the arguments; omitted = no extra cost.
   */
  cost?: (...args: CelValue[]) => number;
  /**
   * The cost is keyed by overload id in cel-go (its own cost switch and the lists/sets trackers):
   * it applies only when the checker resolved the call to this row alone; a call it could not
   * resolve to one overload costs 1. Default: false (Kubernetes' estimator, keyed by function name).
   */
  costByOverload?: boolean;
  /**
   * Cost added to `cost` only when the checker resolved the call to this row alone (an estimator
   * that reads cel-go's overload id for part of a cost; a call resolved to several rows has none).
   */
  resolvedCost?: (...args: CelValue[]) => number;
  /** Cost beyond 1 computed from the call's result instead of its arguments (cel-go trackers that read the result). */
  resultCost?: (result: CelValue | CelError) => number;
}

/**
 * A declared struct/object type: its fields' static types and how its values answer field reads
 * and presence tests (cel-go's type provider; the runtime part is values/object.ts `ObjectValueDecl`).
 * Libraries and embedders declare their types with it (Kubernetes' `Object…` and `JSONPatch` live in
 * lib/k8s/mutation.ts); the engine holds no type of its own.
 */
export interface ObjectTypeDecl extends ObjectValueDecl {
  /** Declared fields and their static types. */
  fields: Record<string, CelType>;
  /**
   * The checker sees every other field of a closed type as declared with no type (Kubernetes'
   * JSONPatch provider): selecting it checks (as `dyn`) and fails at runtime with `unknownField`'s
   * text; no value can be assigned to it (`expected type of field 'f' is ''`). Default: false
   * (`undefined field 'f'`).
   */
  otherFieldsUntyped?: boolean;
}

/**
 * Resolves type names not declared in `types` (e.g. every `Object.*` name in mutation
 * expressions); must be pure (the checker caches its answers per env).
 */
export interface TypeResolver {
  /** First segments of every name it may resolve (`Object` for `Object.spec.containers`). */
  readonly roots: readonly string[];
  resolve(name: string): ObjectTypeDecl | undefined;
}

/** AST validators run after a successful type check (cel-go's `ASTValidators`). */
export type ValidatorName = "duration" | "timestamp" | "matches" | "homogeneous_literals" | "string_format";

/** A library: a table of overloads plus any types and macros it brings. */
export interface CelLibrary {
  name: string;
  overloads: Overload[];
  types?: Record<string, ObjectTypeDecl>;
  /** Opaque type names usable as type identifiers (`net.IP`, so `type(ip(x)) == net.IP`). Default: none. */
  typeIdents?: readonly string[];
  /**
   * Functions taking an RE2 pattern, with the pattern's position (receiver first): a constant pattern
   * is compiled when planned, and one that does not compile fails the program (cel-go's regex
   * optimisation). Default: none.
   */
  regexArgs?: Readonly<Record<string, number>>;
}

/** Options of an environment (immutable once built). */
export interface CelEnvOptions {
  /** Declared variables. Default: none. */
  variables?: Record<string, CelType>;
  /** Declared object types. Default: none. */
  types?: Record<string, ObjectTypeDecl>;
  /** Resolver for further type names (see {@link TypeResolver}). Default: none. */
  resolveType?: TypeResolver;
  /** AST validators run after a successful type check, in this order. Default: none (plain cel-go). */
  validators?: readonly ValidatorName[];
  /**
   * Plan as cel-go's `OptOptimize` (Kubernetes compiles with it): literals of constants and
   * conversions of constants are folded (no cost; a failing fold fails compilation), `x in <constant
   * list>` is a set lookup. Default: false.
   */
  optimize?: boolean;
  /**
   * Presence tests (`has()`, `.?f`, `[?k]`) on null and scalars are `no such key` errors instead of
   * false / none (cel-go's `EnableErrorOnBadPresenceTest`; Kubernetes leaves it off). Default: false.
   */
  errorOnBadPresenceTest?: boolean;
  /** Libraries, in order (later rows replace earlier rows with the same overload id). Default: the standard library only. */
  libraries?: CelLibrary[];
  /** Per-evaluation cost limit (cel-go actual cost). Default: 1,000,000. */
  costLimit?: number;
  /** Maximum expression length in code points. Default: 100,000 (cel-go). */
  maxExpressionLength?: number;
  /** Maximum parse recursion depth. Default: 250 (cel-go). */
  maxRecursionDepth?: number;
}
