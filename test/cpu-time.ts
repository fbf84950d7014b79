// CPU time of this process, for the tests that bound how long a runaway input may take: unlike
// wall time it does not grow when the machine is shared by other jobs.

/** A start mark for `cpuMsSince`. */
export function cpuMark(): NodeJS.CpuUsage {
  return process.cpuUsage();
}

/** Milliseconds of CPU (user + system) this process spent since `mark`. */
export function cpuMsSince(mark: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(mark);
  return (d.user + d.system) / 1000;
}
