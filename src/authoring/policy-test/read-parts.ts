// Parts shared by the PolicyTest readers: locating a problem in the test file (`file:line:col:
// field.path: message`), unknown fields, an object given inline or by file, a MutationConfig spec.
import { getKey, isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import {
  checkItem, describeKind, lineColOf, MUTATION_CONFIG_API_VERSION, MUTATION_CONFIG_KIND, parseFunctionConfig,
  type SourceText, type StreamDocument,
} from "../../krm/index.js";
import { fieldPathKeys, locateInDocument } from "../check-locate.js";
import { pathText } from "../diff-paths.js";
import type { ObjectSource } from "./types.js";

/** Locates problems in one document. */
export interface DocLocator {
  /** `file:line:col` of the node at `keys` (its nearest existing parent when absent). */
  at(keys: ReadonlyArray<string | number>): string;
  /** 1-based line of the node at `keys` (as for `at`). */
  line(keys: ReadonlyArray<string | number>): number;
  /** `file:line:col: a.b[0].c: message`. */
  error(keys: ReadonlyArray<string | number>, message: string): string;
}

/** A locator for the document `d` of `source`. */
export function docLocator(source: SourceText, d: StreamDocument): DocLocator {
  const place = (keys: ReadonlyArray<string | number>): { line: number; col: number } => lineColOf(source.text, locateInDocument(d.doc, source.text, keys) ?? d.start);
  const at = (keys: ReadonlyArray<string | number>): string => {
    const { line, col } = place(keys);
    return `${source.path}:${line}:${col}`;
  };
  return { at, line: (keys) => place(keys).line, error: (keys, message) => `${at(keys)}: ${keys.length > 0 ? pathText([...keys]) + ": " : ""}${message}` };
}

/** Problems of the keys of `o` outside `allowed`. */
export function unknownFields(o: JsonObject, allowed: readonly string[], keys: ReadonlyArray<string | number>, loc: DocLocator): string[] {
  return Object.keys(o).filter((k) => !allowed.includes(k)).map((k) => loc.error([...keys, k], `unknown field; allowed fields: ${allowed.join(", ")}`));
}

/** A MutationConfig spec, validated as kmutate apply validates its --config. */
export function readConfig(v: JsonValue, keys: ReadonlyArray<string | number>, loc: DocLocator): { config?: JsonObject; errors: string[] } {
  if (!isObject(v)) return { errors: [loc.error(keys, `expected a mapping (a MutationConfig spec), got ${describeKind(v)}`)] };
  const r = parseFunctionConfig({ apiVersion: MUTATION_CONFIG_API_VERSION, kind: MUTATION_CONFIG_KIND, spec: v });
  if (r.ok) return { config: v, errors: [] };
  return {
    errors: r.errors.map((e) => {
      const sub = fieldPathKeys((e.field ?? "").replace(/^functionConfig\.spec\.?/, ""));
      return loc.error([...keys, ...sub], e.message.replace(/^functionConfig spec[^:]*: /, ""));
    }),
  };
}

/** An object given inline (`key`) or by file (`key` + `File`); undefined with no problem when neither is given. */
export function readObjectSource(c: JsonObject, key: string, keys: ReadonlyArray<string | number>, loc: DocLocator, errors: string[]): ObjectSource | undefined {
  const inline = getKey(c, key);
  const file = getKey(c, key + "File");
  if (inline !== undefined && file !== undefined) {
    errors.push(loc.error([...keys, key + "File"], `give ${key} or ${key}File, not both`));
    return undefined;
  }
  if (file !== undefined) {
    if (typeof file === "string" && file !== "") return { file, at: loc.at([...keys, key + "File"]) };
    errors.push(loc.error([...keys, key + "File"], file === "" ? "must not be empty" : `expected a file path, got ${describeKind(file)}`));
    return undefined;
  }
  if (inline === undefined) return undefined;
  const bad = checkItem(inline, 0);
  if (bad || !isObject(inline)) {
    errors.push(loc.error([...keys, key], bad?.message.replace(/^items\[0\] (?:\([^)]*\) )?/, "") ?? "expected a mapping"));
    return undefined;
  }
  return { inline, at: loc.at([...keys, key]) };
}

