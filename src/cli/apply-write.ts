// Where `kmutate apply` puts its result besides stdout: `--output-dir` (one file per input) and
// `--in-place`. (Which objects are fit for `kubectl apply` is authoring's `deployable`.)
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { StreamFile } from "../krm/index.js";
import type { Input } from "./sources.js";
import { errnoText } from "./errno.js";

/** Whether the files were written, or one line per failure. */
export type Written = { ok: true } | { ok: false; errors: string[] };

/** `--in-place`: writes back the files whose text changed. */
export async function rewrite(inputs: readonly Input[], texts: ReadonlyArray<{ text: string }>): Promise<Written> {
  const errors: string[] = [];
  for (const [i, input] of inputs.entries()) {
    if (input.abs === undefined || texts[i].text === input.source.text) continue;
    try {
      await writeFile(input.abs, texts[i].text);
    } catch (e) {
      errors.push(`${input.source.path}: cannot write: ${errnoText(e)}`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true };
}

/** `--output-dir`: one file per written file (`files`, `texts` in the same order) that holds an object, at its input's relative path. */
export async function writeTree(dir: string, inputs: readonly Input[], files: readonly StreamFile[], texts: ReadonlyArray<{ text: string }>): Promise<Written> {
  const targets = new Map<string, string>();
  for (const input of inputs) {
    const other = targets.get(input.rel);
    if (other !== undefined) return { ok: false, errors: [`--output-dir: ${other} and ${input.source.path} would both be written to ${join(dir, input.rel)}`] };
    targets.set(input.rel, input.source.path);
  }
  const errors: string[] = [];
  const inputOf = new Map(inputs.map((input) => [input.source, input]));
  for (const [i, file] of files.entries()) {
    const input = inputOf.get(file.source);
    if (input === undefined || !file.docs.some((d) => d.value !== undefined)) continue;
    const target = join(dir, input.rel);
    try {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, texts[i].text);
    } catch (e) {
      errors.push(`${target}: cannot write: ${errnoText(e)}`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true };
}
