// The clock fn mode reads for its V8 settings and passes to admission for the time limits:
// milliseconds since the process started, monotonic (like `performance.now()`, and from the same
// start), without loading perf_hooks as the first use of `performance` does (2.5 ms of an empty
// run's 107 ms of CPU on Node 20). Read from `process.hrtime()` (41 ns a call on Node 20 and 24)
// rather than `process.uptime()` (82 ns): admission reads it after every match and mutation, ~80
// times an object at 10k × 100, where uptime() took 68 ms of the run's CPU.

/** `process.hrtime()` in milliseconds (monotonic, from an arbitrary origin). */
function hrtimeMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1000 + ns / 1e6;
}

/** Where the process started on the {@link hrtimeMs} clock. */
const startMs = hrtimeMs() - process.uptime() * 1000;

/** Milliseconds since the process started. */
export function uptimeMs(): number {
  return hrtimeMs() - startMs;
}
