// Scenarios known to fail today, each with the reason. The list may only shrink: a listed
// scenario that passes fails the suite (remove it from here then).

/** Scenario file base name → why it fails today. */
export const knownFailures: Record<string, string> = {};
