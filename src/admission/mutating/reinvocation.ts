// Reinvocation state of one admission request (reference §2.8): the invocations that ran with
// reinvocationPolicy IfNeeded (P) and the ones to run again in the second pass (R).

/** Tracks which invocations the reinvocation pass re-runs. */
export class ReinvocationState {
  private previouslyInvoked = new Set<string>();
  private toReinvoke = new Set<string>();

  /** Records that an IfNeeded invocation ran in this pass. */
  addPreviouslyInvoked(key: string): void {
    this.previouslyInvoked.add(key);
  }

  /** Moves every previously invoked IfNeeded invocation into the re-invoke set. */
  promote(): void {
    for (const k of this.previouslyInvoked) this.toReinvoke.add(k);
    this.previouslyInvoked.clear();
  }

  /** True when the invocation must run in the reinvocation pass. */
  shouldReinvoke(key: string): boolean {
    return this.toReinvoke.has(key);
  }
}
