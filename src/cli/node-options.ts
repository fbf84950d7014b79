// Which node options the process was started with, for the V8 settings the bin makes at run time
// (young-generation.ts, inlining-budget.ts, small-input.ts): a setting the user made is left alone.

/**
 * Whether the process was started with a node option whose name matches `name` (a pattern for the
 * name after `--`, written with `-`; `--no-` forms and `_` spellings match too), in its arguments
 * or in `NODE_OPTIONS`.
 */
export function nodeOptionGiven(name: RegExp, execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  const pattern = new RegExp(`^--(?:no-)?(?:${name.source})(?:=|$)`);
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => pattern.test(a.replace(/_/g, "-")));
}
