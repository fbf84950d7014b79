// The clock fn mode reads for its V8 settings and passes to admission for the time limits:
// milliseconds since the process started, from `process.uptime()` (monotonic, like
// `performance.now()`, and from the same start), without loading perf_hooks as the first use of
// `performance` does (~1.5 ms of CPU at every start on Node 20).

/** Milliseconds since the process started. */
export function uptimeMs(): number {
  return process.uptime() * 1000;
}
