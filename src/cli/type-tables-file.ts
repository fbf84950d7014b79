// The schema tables of the bin's bundles: the bundles put this module in place of
// src/schema/type-tables.ts (scripts/post-build.mjs), and it reads the same encoded texts from
// kmutate-types.txt beside them, when a type is first looked up. Inside a bundle the tables were
// 360 KB of its text and of its V8 code cache, read and deserialised at every start: 9 ms of
// CPU of an empty ResourceList's 100 on Node 20, for runs that may never resolve a type (no
// policy, or none that patches). The file is one line per entry, `<table>\t<name>\t<text>`, ASCII.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type * as Schema from "../schema/index.js";
import type { TypeTable } from "../schema/index.js";

/** The file's name, beside the bundles. */
export const typeTablesFile = "kmutate-types.txt";

/** The file's text for `tables` (throws on a name or text the format cannot hold). */
export function encodeTypeTables(tables: Readonly<Record<TypeTable, Readonly<Record<string, string>>>>): string {
  const lines: string[] = [];
  for (const [table, entries] of Object.entries(tables)) {
    for (const [name, text] of Object.entries(entries)) {
      if (/[\t\n]/.test(name + text) || /[^\x00-\x7f]/.test(name + text)) throw new Error(`${table} ${name}: a tab, newline or non-ASCII character`);
      lines.push(`${table}\t${name}\t${text}\n`);
    }
  }
  return lines.join("");
}

/** The entries of a file's text, by `<table>\t<name>`. */
export function decodeTypeTables(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (let i = 0; i < text.length; ) {
    const end = text.indexOf("\n", i);
    const tab = text.indexOf("\t", text.indexOf("\t", i) + 1);
    if (end < 0 || tab < 0 || tab > end) throw new Error(`line at offset ${i} is not <table>\\t<name>\\t<text>`);
    entries.set(text.slice(i, tab), text.slice(tab + 1, end));
    i = end + 1;
  }
  return entries;
}

let entries: Map<string, string> | undefined;

/** As src/schema/type-tables.ts: the encoded text of `name` in `table`, or undefined. */
export function typeTableText(table: TypeTable, name: string): string | undefined {
  if (entries === undefined) {
    const path = fileURLToPath(new URL(`./${typeTablesFile}`, import.meta.url));
    try {
      entries = decodeTypeTables(readFileSync(path, "latin1"));
    } catch (e) {
      throw new Error(`the schema tables (${path}) cannot be read: ${e instanceof Error ? e.message : String(e)}; reinstall kmutate`);
    }
  }
  return entries.get(`${table}\t${name}`);
}

// The same function as the module it replaces (checked here, at compile time).
({ typeTableText }) satisfies Pick<typeof Schema, "typeTableText">;
