// Wraps a function so a timing hook is told how long each call took (benchmark phase times);
// without a hook the function is returned as it is, so untimed runs read no clock.

/** Told the wall-clock milliseconds of one call of a step timed as `phase`. */
export type PhaseHook<P extends string> = (phase: P, ms: number) => void;

/** `fn`, reporting each call's duration to `hook` as `phase`; `fn` itself when there is no hook. */
export function timed<P extends string, A extends unknown[], R>(phase: P, hook: PhaseHook<P> | undefined, fn: (...args: A) => R): (...args: A) => R {
  if (!hook) return fn;
  return (...args) => {
    const start = performance.now();
    const result = fn(...args);
    hook(phase, performance.now() - start);
    return result;
  };
}
