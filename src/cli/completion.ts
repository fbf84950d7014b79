// `kmutate completion bash|zsh|fish`: a shell completion script generated from the registered
// commands (names, summaries, options, option choices), so it cannot drift from the parser.
import { Argument, type Command, type Option } from "commander";
import { writeText, type CliIo } from "./io.js";

/** Shells with a completion script. */
export const shells = ["bash", "zsh", "fish"] as const;
/** One of {@link shells}. */
export type Shell = (typeof shells)[number];

/** What completion needs to know of one option. */
interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  /** The option takes a value. */
  value: boolean;
  /** It may be given several times (variadic). */
  repeat: boolean;
  /** Allowed values; otherwise a value is completed as a file name. */
  choices?: readonly string[];
}

/** What completion needs to know of one command. */
interface CommandSpec {
  name: string;
  summary: string;
  options: OptionSpec[];
  /** Completion of positional arguments: files, fixed words, or nothing. */
  args: { files: true } | { choices: readonly string[] } | { none: true };
}

function optionSpec(o: Option): OptionSpec {
  const spec: OptionSpec = { description: o.description, value: o.required || o.optional, repeat: o.variadic };
  if (o.short) spec.short = o.short;
  if (o.long) spec.long = o.long;
  if (o.argChoices) spec.choices = o.argChoices;
  return spec;
}

const help: OptionSpec = { short: "-h", long: "--help", description: "display help for command", value: false, repeat: false };

function commandSpec(c: Command): CommandSpec {
  const first = c.registeredArguments[0];
  const args: CommandSpec["args"] = !first ? { none: true } : first.argChoices ? { choices: first.argChoices } : /path|file/i.test(first.name()) ? { files: true } : { none: true };
  return { name: c.name(), summary: c.summary() || c.description(), options: [...c.options.map(optionSpec), help], args };
}

function flags(o: OptionSpec): string[] {
  return [o.short, o.long].filter((f): f is string => f !== undefined);
}

function bash(program: CommandSpec, commands: readonly CommandSpec[]): string {
  const words = (c: CommandSpec): string => c.options.flatMap(flags).join(" ");
  const valueCases = commands.flatMap((c) =>
    c.options.filter((o) => o.value).map((o) => {
      const pattern = flags(o).map((f) => `${c.name}:${f}`).join("|");
      const reply = o.choices ? `compgen -W ${shq(o.choices.join(" "))} -- "$cur"` : `compgen -f -- "$cur"`;
      return `    ${pattern}) COMPREPLY=($(${reply})); return ;;`;
    }),
  );
  const commandCases = commands.map((c) => {
    const positional = "choices" in c.args ? `compgen -W ${shq(c.args.choices.join(" "))} -- "$cur"` : "files" in c.args ? `compgen -f -- "$cur"` : "";
    return `    ${c.name}) words=${shq(words(c))}; positional=${shq(positional)} ;;`;
  });
  return `# kmutate completion for bash. Load it with: source <(kmutate completion bash)
_kmutate() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" words="" positional="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      -*) ;;
      *) cmd="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  case "$cmd:$prev" in
${valueCases.join("\n")}
  esac
  case "$cmd" in
    "") words=${shq([...commands.map((c) => c.name), ...words(program).split(" ")].join(" "))} ;;
${commandCases.join("\n")}
  esac
  if [[ -z "$cmd" || "$cur" == -* || -z "$positional" ]]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  else
    COMPREPLY=($(eval "$positional"))
  fi
}
complete -o filenames -o bashdefault -F _kmutate kmutate
`;
}

/** A zsh `_arguments` description: brackets and colons would end the field. */
function zshText(s: string): string {
  return s.replace(/\[/g, "(").replace(/\]/g, ")").replace(/:/g, "\\:").replace(/'/g, "'\\''");
}

function zshOption(o: OptionSpec): string {
  const names = flags(o);
  const exclusive = names.length > 1 ? `(${names.join(" ")})` : "";
  const lead = `${o.repeat ? "*" : exclusive}`;
  const value = !o.value ? "" : o.choices ? `:value:(${o.choices.join(" ")})` : ":path:_files";
  const head = names.length > 1 ? `'${lead}'{${names.join(",")}}` : `'${lead}${names[0]}`;
  return names.length > 1 ? `${head}'[${zshText(o.description)}]${value}'` : `${head}[${zshText(o.description)}]${value}'`;
}

function zsh(program: CommandSpec, commands: readonly CommandSpec[]): string {
  const cases = commands.map((c) => {
    const positional = "choices" in c.args ? `'1:shell:(${c.args.choices.join(" ")})'` : "files" in c.args ? `'*:path:_files'` : "";
    const specs = [...c.options.map(zshOption), positional].filter((s) => s !== "");
    return `    ${c.name})\n      _arguments -s \\\n        ${specs.join(" \\\n        ")}\n      ;;`;
  });
  return `#compdef kmutate
# kmutate completion for zsh. Load it with: source <(kmutate completion zsh)  (after compinit)
_kmutate() {
  local -a commands
  commands=(
${commands.map((c) => `    '${c.name}:${zshText(c.summary)}'`).join("\n")}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'kmutate command' commands
    _arguments -s ${program.options.map(zshOption).join(" ")}
    return
  fi
  local cmd="\${words[2]}"
  shift words
  (( CURRENT-- ))
  case "$cmd" in
${cases.join("\n")}
  esac
}
compdef _kmutate kmutate
`;
}

function fishText(s: string): string {
  return `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function fish(program: CommandSpec, commands: readonly CommandSpec[]): string {
  const lines = ["# kmutate completion for fish. Load it with: kmutate completion fish | source", "complete -c kmutate -f"];
  const option = (cond: string, o: OptionSpec): string => {
    const parts = ["complete -c kmutate", `-n ${fishText(cond)}`];
    if (o.short) parts.push(`-s ${o.short.slice(1)}`);
    if (o.long) parts.push(`-l ${o.long.slice(2)}`);
    if (o.value) parts.push(o.choices ? `-x -a ${fishText(o.choices.join(" "))}` : "-r -F");
    parts.push(`-d ${fishText(o.description)}`);
    return parts.join(" ");
  };
  for (const c of commands) lines.push(`complete -c kmutate -n __fish_use_subcommand -a ${c.name} -d ${fishText(c.summary)}`);
  for (const o of program.options) lines.push(option("__fish_use_subcommand", o));
  for (const c of commands) {
    const cond = `__fish_seen_subcommand_from ${c.name}`;
    for (const o of c.options) lines.push(option(cond, o));
    if ("choices" in c.args) lines.push(`complete -c kmutate -n ${fishText(cond)} -x -a ${fishText(c.args.choices.join(" "))}`);
    if ("files" in c.args) lines.push(`complete -c kmutate -n ${fishText(cond)} -F`);
  }
  return lines.join("\n") + "\n";
}

/** Single-quotes `s` for a POSIX shell. */
function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The completion script of `program` for `shell`. */
export function completionScript(program: Command, shell: Shell): string {
  const commands = program.commands.map(commandSpec);
  const top: CommandSpec = { name: program.name(), summary: "", options: [...program.options.map(optionSpec), help], args: { none: true } };
  return { bash, zsh, fish }[shell](top, commands);
}

/** Registers `kmutate completion`. */
export function registerCompletion(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command("completion")
    .summary("print a shell completion script (bash, zsh or fish)")
    .description("Print a completion script for the shell; load it from your shell's startup file.")
    .addArgument(new Argument("<shell>", "the shell").choices(shells))
    .addHelpText("after", COMPLETION_HELP)
    .action(async (shell: Shell) => {
      await writeText(io.stdout, completionScript(program, shell));
      done(0);
    });
}

const COMPLETION_HELP = `
stdout  the script; stderr: nothing; exit code 0

Examples:
  $ source <(kmutate completion bash)               # in ~/.bashrc
  $ source <(kmutate completion zsh)                # in ~/.zshrc, after compinit
  $ kmutate completion fish > ~/.config/fish/completions/kmutate.fish
`;
