// Macros that optional libraries bring: `cel.bind` (bindings), `sortBy` (lists v2+),
// `math.greatest`/`math.least` (math). Enabled by library name in the env.
import type { Macro, MacroExpander } from "../macros.js";

const bind: MacroExpander = (h, target, args) => {
  if (target?.kind !== "ident" || target.name !== "cel") return undefined;
  const v = args[0];
  if (v.kind !== "ident") return { error: "cel.bind() variable names must be simple identifiers", exprId: v.id };
  return h.comprehension(h.list([]), "#unused", undefined, v.name, args[1], h.literal({ kind: "bool", value: false }), h.ident(v.name), args[2]);
};

const sortBy: MacroExpander = (h, target, args) => {
  const v = args[0];
  if (v.kind !== "ident") return { error: "sortBy(var, ...) variable name must be a simple identifier", exprId: v.id };
  const keys = h.comprehension(h.copy(target!), v.name, undefined, "@result", h.list([]), h.literal({ kind: "bool", value: true }),
    h.call("_+_", [h.accuIdent(), h.list([args[1]])]), h.accuIdent());
  return h.memberCall("@sortByAssociatedKeys", target!, [keys]);
};

function mathMacro(fn: string): MacroExpander {
  return (h, target, args) => {
    if (target?.kind !== "ident" || target.name !== "math") return undefined;
    if (args.length === 1) return h.call(fn, [args[0]]);
    return h.call(fn, [h.list(args)]);
  };
}

/** Macros of the libraries named in `names`. */
export function libraryMacros(names: ReadonlySet<string>): Macro[] {
  const out: Macro[] = [];
  if (names.has("bindings")) out.push({ name: "bind", args: 3, receiver: true, expand: bind });
  if (names.has("lists")) out.push({ name: "sortBy", args: 2, receiver: true, expand: sortBy });
  if (names.has("math")) {
    for (let n = 1; n <= 8; n++) {
      out.push({ name: "greatest", args: n, receiver: true, expand: mathMacro("math.@max") });
      out.push({ name: "least", args: n, receiver: true, expand: mathMacro("math.@min") });
    }
  }
  return out;
}
