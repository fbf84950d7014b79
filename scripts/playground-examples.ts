// The examples the playground bundles: every directory of examples/ with its YAML files (minus
// those its .krmignore names), each file assigned to the Policies or the Manifests pane.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import yaml from "js-yaml";

/** One bundled example (the shape playground/ui/state.ts reads). */
export interface BundledExample {
  name: string;
  description: string;
  files: Array<{ name: string; text: string; pane: "policies" | "manifests" }>;
  expression: string;
}

type Doc = Record<string, unknown>;

const manifest = /\.(?:ya?ml|json)$/i;
const configKinds = new Set(["MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding", "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding", "CustomResourceDefinition", "Namespace"]);

function docsOf(text: string): Doc[] {
  try {
    return yaml.loadAll(text).filter((d): d is Doc => typeof d === "object" && d !== null && !Array.isArray(d));
  } catch {
    return [];
  }
}

function field(o: unknown, ...keys: string[]): unknown {
  for (const k of keys) o = typeof o === "object" && o !== null ? (o as Doc)[k] : undefined;
  return o;
}

/**
 * The Policies pane gets a file when each of its documents configures admission: a policy or
 * binding, a CRD, a Namespace, or an object marked local-config (params); other files are Manifests.
 */
function paneOf(docs: readonly Doc[]): "policies" | "manifests" {
  const config = (d: Doc): boolean => configKinds.has(String(d.kind)) || field(d, "metadata", "annotations", "config.kubernetes.io/local-config") === "true";
  return docs.length > 0 && docs.every(config) ? "policies" : "manifests";
}

/** Files under `dir` in name order (as `kmutate apply -f dir` reads them), hidden entries skipped. */
function walk(dir: string, root: string, ignored: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, e.name);
    const rel = relative(root, path);
    if (e.name.startsWith(".") || ignored.some((i) => rel === i || rel.startsWith(i + "/"))) continue;
    if (e.isDirectory()) out.push(...walk(path, root, ignored));
    else if (e.isFile() && manifest.test(e.name)) out.push(rel);
  }
  return out;
}

/** Every example directory of `examplesDir`, in name order. */
export function playgroundExamples(examplesDir: string): BundledExample[] {
  return readdirSync(examplesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = join(examplesDir, name);
      const ignore = join(dir, ".krmignore");
      const ignored = existsSync(ignore) ? readFileSync(ignore, "utf8").split("\n").map((l) => l.trim().replace(/\/$/, "")).filter((l) => l !== "" && !l.startsWith("#")) : [];
      const kptfile = join(dir, "Kptfile");
      const description = existsSync(kptfile) ? field(docsOf(readFileSync(kptfile, "utf8"))[0], "info", "description") : undefined;
      const files = walk(dir, dir, ignored).map((f) => {
        const text = readFileSync(join(dir, f), "utf8");
        return { name: f, text, docs: docsOf(text) };
      });
      const policy = files.flatMap((f) => f.docs).find((d) => d.kind === "MutatingAdmissionPolicy");
      const condition = field(field(policy, "spec", "matchConditions"), "0", "expression");
      return {
        name,
        description: typeof description === "string" ? description : "",
        files: files.map((f) => ({ name: f.name, text: f.text, pane: paneOf(f.docs) })),
        expression: typeof condition === "string" ? condition : "object.metadata.name",
      };
    });
}
