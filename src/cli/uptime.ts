// The clock fn mode reads for its V8 settings and passes to admission for the time limits:
// milliseconds since the process started, from `process.uptime()` (monotonic, like
// `performance.now()`, and from the same start), without loading perf_hooks as the first use of
// `performance` does (2.5 ms of an empty run's 107 ms of CPU on Node 20).

/** Milliseconds since the process started. */
export function uptimeMs(): number {
  return process.uptime() * 1000;
}
