// Preloaded into benchmark children with `node --require`: on exit, writes the process's peak
// resident set size (KiB, see peakRssKiB) and CPU time (µs) as JSON to the file named by
// KMUTATE_BENCH_RSS_FILE. CommonJS, so that a child whose main is CommonJS (the bin) starts no
// ES module loader for it: an `--import` preload cost every child ~8 ms of CPU on Node 20.
import fs = require("node:fs");
import peak = require("./peak-rss.cjs");

const target = process.env.KMUTATE_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    fs.writeFileSync(target, JSON.stringify({ maxRssKiB: peak.peakRssKiB(), cpuUs: usage.userCPUTime + usage.systemCPUTime }));
  });
}
