// Test helper: a small Dockerfile reader for the container-runtime test — stages and their
// instructions (FROM, WORKDIR, ENV, COPY, RUN, USER, ENTRYPOINT) with the forms kmutate's Dockerfile uses.

/** One Dockerfile instruction: upper-case keyword, `--flag=value` options, and its arguments. */
export interface Instruction {
  readonly op: string;
  readonly flags: Readonly<Record<string, string>>;
  /** JSON (exec) form as written; shell form split on whitespace (RUN keeps it whole in `args[0]`). */
  readonly args: readonly string[];
  /** True when the arguments were written in JSON (exec) form. */
  readonly json: boolean;
  readonly line: number;
}

/** A build stage: its base image, its `AS` name (if any) and its instructions after FROM. */
export interface Stage {
  readonly base: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

/** Joins `\`-continued lines and drops comment and blank lines; each entry keeps its first line number. */
function logicalLines(text: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split("\n").forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith("#") || (trimmed === "" && pending === undefined)) return;
    const continued = trimmed.endsWith("\\");
    const part = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    pending = pending === undefined ? { text: part, line: i + 1 } : { text: `${pending.text} ${part}`, line: pending.line };
    if (!continued) {
      out.push(pending);
      pending = undefined;
    }
  });
  if (pending !== undefined) out.push(pending);
  return out;
}

function parseInstruction(text: string, line: number): Instruction {
  const m = /^(\S+)\s*(.*)$/.exec(text);
  if (m === null) throw new Error(`Dockerfile:${line}: cannot read "${text}"`);
  const op = m[1].toUpperCase();
  let rest = m[2];
  const flags: Record<string, string> = {};
  for (let f = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest); f !== null; f = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest)) {
    flags[f[1]] = f[2] ?? "";
    rest = rest.slice(f[0].length);
  }
  if (rest.startsWith("[")) {
    const parsed: unknown = JSON.parse(rest);
    if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === "string")) throw new Error(`Dockerfile:${line}: ${op} wants a JSON array of strings`);
    return { op, flags, args: parsed, json: true, line };
  }
  const args = op === "RUN" ? [rest] : rest.split(/\s+/).filter((a) => a !== "");
  return { op, flags, args, json: false, line };
}

/** The stages of a Dockerfile, in order. */
export function parseDockerfile(text: string): Stage[] {
  const stages: { base: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const { text: t, line } of logicalLines(text)) {
    const ins = parseInstruction(t, line);
    if (ins.op === "FROM") {
      const [base, as, name] = ins.args;
      stages.push({ base, name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      if (ins.op !== "ARG") throw new Error(`Dockerfile:${line}: ${ins.op} before FROM`);
    } else {
      stages[stages.length - 1].instructions.push(ins);
    }
  }
  return stages;
}

/** `ENV` arguments as pairs: `K=V …` (quotes removed) or the legacy `K V`. */
export function envPairs(ins: Instruction): [string, string][] {
  if (ins.args.length === 2 && !ins.args[0].includes("=")) return [[ins.args[0], ins.args[1]]];
  return ins.args.map((a) => {
    const eq = a.indexOf("=");
    if (eq <= 0) throw new Error(`Dockerfile:${ins.line}: ENV ${a} is not KEY=VALUE`);
    return [a.slice(0, eq), a.slice(eq + 1).replace(/^"(.*)"$/, "$1")];
  });
}

/** The command an ENTRYPOINT runs: exec form as is, shell form through `/bin/sh -c`. */
export function entrypointArgv(ins: Instruction): string[] {
  return ins.json ? [...ins.args] : ["/bin/sh", "-c", ins.args.join(" ")];
}

/** A path inside the image: absolute, or relative to the current WORKDIR. */
export function inImage(workdir: string, p: string): string {
  const joined = p.startsWith("/") ? p : `${workdir.replace(/\/$/, "")}/${p}`;
  const parts: string[] = [];
  for (const s of joined.split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") parts.pop();
    else parts.push(s);
  }
  return "/" + parts.join("/");
}

/** The last value of each instruction kind in a stage (`USER`, `ENTRYPOINT`…), or undefined. */
export function lastOf(stage: Stage, op: string): Instruction | undefined {
  return [...stage.instructions].reverse().find((i) => i.op === op);
}
