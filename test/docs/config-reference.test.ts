// The functionConfig reference in docs/02_krm.md is generated from krm/function-config.schema.json
// and the ConfigMap key table, so it cannot drift. `UPDATE_DOCS=1` rewrites the generated block.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configMapKeys } from "../../src/krm/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const docPath = root + "docs/02_krm.md";
const begin = "<!-- generated from krm/function-config.schema.json by test/docs/config-reference.test.ts: do not edit -->";
const end = "<!-- end of generated reference -->";

interface SchemaNode { type?: string | string[]; enum?: string[]; description?: string; properties?: Record<string, SchemaNode>; items?: SchemaNode; additionalProperties?: SchemaNode | boolean; minLength?: number }

function typeText(n: SchemaNode): string {
  if (n.enum) return n.enum.map((v) => `\`${v}\``).join(" \\| ");
  if (n.type === "array") return `list of ${n.items?.type ?? "any"}`;
  if (n.type === "object" && typeof n.additionalProperties === "object") return `map of ${typeText(n.additionalProperties)}`;
  return String(n.type ?? "any") + (n.minLength ? " (non-empty)" : "");
}

function rows(props: Record<string, SchemaNode>, prefix: string, parentDescription = ""): string[] {
  const out: string[] = [];
  for (const [name, n] of Object.entries(props)) {
    const path = prefix + name;
    if (n.type === "object" && n.properties) out.push(...rows(n.properties, path + ".", n.description ?? parentDescription));
    else out.push(`| \`spec.${path}\` | ${typeText(n)} | ${(n.description ?? parentDescription).replace(/\|/g, "\\|")} |`);
  }
  return out;
}

/** The generated block: spec fields from the schema, then the ConfigMap keys. */
export function renderReference(): string {
  const schema = JSON.parse(readFileSync(root + "krm/function-config.schema.json", "utf8")) as { properties: { spec: SchemaNode } };
  const spec = schema.properties.spec.properties ?? {};
  const keys = Object.entries(configMapKeys).map(([k, path]) => `| \`${k}\` | \`spec.${path}\` |`);
  return [
    begin,
    "",
    "| field | type | meaning |",
    "|---|---|---|",
    ...rows(spec, ""),
    "",
    "ConfigMap `data` keys (string values; lists comma-separated, `extra` as `key=v1,v2;key2=v3`):",
    "",
    "| key | sets |",
    "|---|---|",
    ...keys,
    "",
    end,
  ].join("\n");
}

test("docs/02_krm.md carries the functionConfig reference generated from the schema", () => {
  const doc = readFileSync(docPath, "utf8");
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  assert.ok(i >= 0 && j > i, "generated block markers missing in docs/02_krm.md");
  const current = doc.slice(i, j + end.length);
  const want = renderReference();
  if (process.env.UPDATE_DOCS === "1" && current !== want) writeFileSync(docPath, doc.slice(0, i) + want + doc.slice(j + end.length));
  else assert.equal(current, want, "run UPDATE_DOCS=1 node --test dist/test/docs/ to regenerate");
});
