// Preloaded into benchmark children with `node --import`: on exit, writes the process's peak
// resident set size (KiB) and CPU time (µs) as JSON to the file named by KMUTATE_BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";

const target = process.env.KMUTATE_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ maxRssKiB: usage.maxRSS, cpuUs: usage.userCPUTime + usage.systemCPUTime }));
  });
}
