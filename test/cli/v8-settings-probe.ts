// The preloaded probe of the bin tests (fixtures/v8-settings-probe.cjs): its path, and what it logged.
import { fileURLToPath } from "node:url";

/** `node --require` this to log the V8 flags the bin sets and the code caches it writes. */
export const v8SettingsProbe = fileURLToPath(new URL("../../../test/cli/fixtures/v8-settings-probe.cjs", import.meta.url));

/** The flags set and caches written ("wrote cache"), in order, from a probed run's stderr. */
export function loggedSettings(stderr: string): string[] {
  return JSON.parse(stderr.slice(stderr.lastIndexOf("\nFLAGS ") + 7)) as string[];
}

/** What the bin sets first in each run: the young generation held while the bundle initialises (young-generation.ts). */
export const initialisationHold = ["--semi-space-growth-factor=1", "--semi-space-growth-factor=2"] as const;
