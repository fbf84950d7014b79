// Immutable CEL environments: declared variables and types, libraries merged into one function
// table (later rows replace earlier rows with the same overload id), limits. Derived caches
// (checker, planner) key on the env object with WeakMaps.
import type { CelEnvOptions, CelLibrary, CelType, ObjectTypeDecl, Overload } from "./types.js";
import { stdLibrary } from "./lib/std.js";

/** An immutable environment built by {@link celEnv}. */
export interface CelEnv {
  readonly options: Readonly<CelEnvOptions>;
  /** Declared variables (qualified names such as `authorizer.requestResource` allowed). */
  readonly variables: ReadonlyMap<string, CelType>;
  /** Declared object types. */
  readonly types: ReadonlyMap<string, ObjectTypeDecl>;
  /** Functions by name, each with its overloads in registration order. */
  readonly functions: ReadonlyMap<string, readonly Overload[]>;
  /** Names of the libraries in this env (the parser enables library macros such as `cel.bind` by these). */
  readonly libraries: ReadonlySet<string>;
  /** Opaque type names the libraries make usable as type identifiers (`net.IP`). */
  readonly typeIdents: ReadonlySet<string>;
  /** Functions taking an RE2 pattern, with its argument position (see CelLibrary.regexArgs). */
  readonly regexArgs: ReadonlyMap<string, number>;
  readonly costLimit: number;
  readonly maxExpressionLength: number;
  readonly maxRecursionDepth: number;
  /** Looks a type name up in `types`, then in the resolver. */
  resolveType(name: string): ObjectTypeDecl | undefined;
  /** A new env with more variables/types/libraries (merged after this env's). */
  extend(options: CelEnvOptions): CelEnv;
}

/** Text of a type in overload ids and messages: `int`, `list(A)`, `map(string, dyn)`. */
export function typeText(t: CelType): string {
  switch (t.kind) {
    case "list": return `list(${typeText(t.elem)})`;
    case "map": return `map(${typeText(t.key)}, ${typeText(t.value)})`;
    case "optional": return `optional_type(${typeText(t.param)})`;
    case "type": return t.param ? `type(${typeText(t.param)})` : "type";
    case "object": return t.name;
    case "opaque": return t.params ? `${t.name}(${t.params.map(typeText).join(", ")})` : t.name;
    case "param": return t.name;
    case "null": return "null_type";
    case "timestamp": return "google.protobuf.Timestamp";
    case "duration": return "google.protobuf.Duration";
    default: return t.kind;
  }
}

/** The overload id derived from a row's signature: `receiver.name(argTypes)` or `name(argTypes)`. */
export function overloadId(o: Overload): string {
  if (o.member) return `${typeText(o.args[0])}.${o.name}(${o.args.slice(1).map(typeText).join(", ")})`;
  return `${o.name}(${o.args.map(typeText).join(", ")})`;
}

/**
 * What an environment's libraries make of it: merged once per list of libraries and shared by
 * the environments {@link CelEnv.extend} derives without new libraries (a policy's `variables`
 * extend its base environment: merging its 333 overloads again took 0.2-0.5 ms per policy in a
 * short run, 0.005 now).
 */
interface LibraryTables {
  readonly functions: ReadonlyMap<string, readonly Overload[]>;
  readonly libraries: ReadonlySet<string>;
  readonly typeIdents: ReadonlySet<string>;
  readonly regexArgs: ReadonlyMap<string, number>;
  /** The libraries' own object types, in library order. */
  readonly types: ReadonlyMap<string, ObjectTypeDecl>;
}

/** The standard library (always, first) and `libs` merged: later rows replace earlier rows with the same overload id. */
function libraryTables(libs: readonly CelLibrary[]): LibraryTables {
  const all = libs.some((l) => l.name === stdLibrary.name) ? libs : [stdLibrary, ...libs];
  const byId = new Map<string, Overload>();
  const types = new Map<string, ObjectTypeDecl>();
  for (const lib of all) {
    for (const o of lib.overloads) {
      const id = overloadId(o);
      byId.delete(id);
      byId.set(id, o);
    }
    for (const [n, t] of Object.entries(lib.types ?? {})) types.set(n, t);
  }
  const functions = new Map<string, Overload[]>();
  for (const o of byId.values()) {
    const list = functions.get(o.name);
    if (list) list.push(o);
    else functions.set(o.name, [o]);
  }
  return {
    functions,
    libraries: new Set(all.map((l) => l.name)),
    typeIdents: new Set(all.flatMap((l) => l.typeIdents ?? [])),
    regexArgs: new Map(all.flatMap((l) => Object.entries(l.regexArgs ?? {}))),
    types,
  };
}

class EnvImpl implements CelEnv {
  readonly variables: ReadonlyMap<string, CelType>;
  readonly types: ReadonlyMap<string, ObjectTypeDecl>;
  readonly functions: ReadonlyMap<string, readonly Overload[]>;
  readonly libraries: ReadonlySet<string>;
  readonly typeIdents: ReadonlySet<string>;
  readonly regexArgs: ReadonlyMap<string, number>;
  readonly costLimit: number;
  readonly maxExpressionLength: number;
  readonly maxRecursionDepth: number;
  readonly #tables: LibraryTables;

  /** `tables`: those of `options.libraries`, when an environment with the same libraries has them. */
  constructor(
    readonly options: Readonly<CelEnvOptions>,
    tables: LibraryTables = libraryTables(options.libraries ?? []),
  ) {
    this.#tables = tables;
    const types = new Map(tables.types);
    for (const [n, t] of Object.entries(options.types ?? {})) types.set(n, t);
    this.functions = tables.functions;
    this.types = types;
    this.variables = new Map(Object.entries(options.variables ?? {}));
    this.libraries = tables.libraries;
    this.typeIdents = tables.typeIdents;
    this.regexArgs = tables.regexArgs;
    this.costLimit = options.costLimit ?? 1_000_000;
    this.maxExpressionLength = options.maxExpressionLength ?? 100_000;
    this.maxRecursionDepth = options.maxRecursionDepth ?? 250;
    Object.freeze(this);
  }

  resolveType(name: string): ObjectTypeDecl | undefined {
    return this.types.get(name) ?? this.options.resolveType?.resolve(name);
  }

  extend(options: CelEnvOptions): CelEnv {
    const o = this.options;
    const more = options.libraries ?? [];
    return new EnvImpl(
      {
        ...o,
        ...options,
        variables: { ...o.variables, ...options.variables },
        types: { ...o.types, ...options.types },
        libraries: [...(o.libraries ?? []), ...more],
        resolveType: options.resolveType ?? o.resolveType,
      },
      more.length === 0 ? this.#tables : undefined,
    );
  }
}

/** Builds an immutable environment. The standard library is always included (first). */
export function celEnv(options: CelEnvOptions = {}): CelEnv {
  return new EnvImpl(options);
}
