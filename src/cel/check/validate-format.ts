// The compile-time check of `'<literal>'.format([<list literal>])` (cel-go strings library
// versions 1–3, which Kubernetes enables): the format string must parse, each clause must suit
// its argument's static type, and no argument may go unused. Errors sit at the offending argument.
import type { Expr } from "../ast.js";
import type { CelType } from "../types.js";
import { clauseErrors, walkFormat, type FormatFailure } from "../lib/strings-format-v2.js";

type Call = Extract<Expr, { kind: "call" }>;
type Kind = CelType["kind"];

/** cel-go's `Type.TypeName()` of a static type (the name without parameters). */
function typeName(t: CelType): string {
  switch (t.kind) {
    case "list": case "map": case "type": return t.kind;
    case "optional": return "optional_type";
    case "null": return "null_type";
    case "timestamp": return "google.protobuf.Timestamp";
    case "duration": return "google.protobuf.Duration";
    case "object": case "opaque": case "param": return t.name;
    default: return t.kind;
  }
}

const STRING_KINDS: readonly Kind[] = ["list", "map", "int", "uint", "double", "bool", "string", "timestamp", "bytes", "duration", "type", "null"];
const KINDS: Readonly<Record<string, readonly Kind[]>> = {
  s: STRING_KINDS, d: ["int", "uint"], o: ["int", "uint"], f: ["double", "string"], e: ["double", "string"],
  b: ["int", "uint", "bool"], x: ["int", "uint", "string", "bytes"], X: ["int", "uint", "string", "bytes"],
};

/** Whether `format(...)` call `e` has a literal format string and a list literal of arguments. */
export function isCheckableFormat(e: Call): boolean {
  return e.fn === "format" && e.target?.kind === "const" && e.target.value.kind === "string" && e.args.length === 1 && e.args[0]!.kind === "list";
}

/** Checks one such call; `report` places an issue at a node id. */
export function validateFormatCall(e: Call, types: ReadonlyMap<number, CelType>, report: (id: number, message: string) => void): void {
  const target = e.target?.kind === "const" && e.target.value.kind === "string" ? e.target.value.value : "";
  const args = (e.args[0] as Extract<Expr, { kind: "list" }>).elements;
  const typeOf = (x: Expr): CelType => types.get(x.id) ?? { kind: "dyn" };
  const suits = (x: Expr, kinds: readonly Kind[]): boolean => {
    const t = typeOf(x);
    return t.kind === "dyn" || kinds.includes(t.kind);
  };
  // %s accepts nested list and map literals only if their parts suit it too: the failing part, else undefined.
  const badForString = (x: Expr): Expr | undefined => {
    if (!suits(x, STRING_KINDS)) return x;
    if (x.kind === "list") for (const el of x.elements) { const bad = badForString(el); if (bad) return bad; }
    if (x.kind === "map") for (const en of x.entries) { const bad = badForString(en.key) ?? badForString(en.value); if (bad) return bad; }
    return undefined;
  };
  let requested = 0;
  const r = walkFormat(target, {
    size: args.length,
    fetch: () => { requested++; return undefined; },
    clause: (verb, _precision, i): string | FormatFailure => {
      const arg = args[i]!;
      const bad = verb === "s" ? badForString(arg) : suits(arg, KINDS[verb]!) ? undefined : arg;
      return bad ? { message: clauseErrors[verb] + typeName(typeOf(bad)), at: bad.id } : "";
    },
  });
  if (typeof r !== "string") report(r.at ?? e.id, r.message);
  else if (args.length > requested) report(e.id, `too many arguments supplied to string.format (expected ${requested}, got ${args.length})`);
}
