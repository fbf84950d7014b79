// Preloaded into benchmark children with `node --import`: on exit, writes the process's peak
// resident set size (KiB, see peakRssKiB) and CPU time (µs) as JSON to the file named by
// KMUTATE_BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";
import { peakRssKiB } from "./peak-rss.js";

const target = process.env.KMUTATE_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ maxRssKiB: peakRssKiB(), cpuUs: usage.userCPUTime + usage.systemCPUTime }));
  });
}
