// `--color auto|always|never`: whether a command writes ANSI colours. `auto` colours a terminal
// unless NO_COLOR is set (non-empty, https://no-color.org) or TERM is `dumb`; the flag wins over both.
import type { Output } from "./io.js";

/** Values of `--color`. */
export const colourChoices = ["auto", "always", "never"] as const;
/** One of {@link colourChoices}. */
export type ColourChoice = (typeof colourChoices)[number];

/** True when output to `stream` should be coloured. */
export function useColour(choice: ColourChoice, stream: Output, env: Readonly<Record<string, string | undefined>>): boolean {
  if (choice !== "auto") return choice === "always";
  if ((env.NO_COLOR ?? "") !== "" || env.TERM === "dumb") return false;
  return stream.isTTY === true;
}
