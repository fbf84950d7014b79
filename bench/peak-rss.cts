// The peak resident set size of this program, for benchmark and test children. On Linux it is
// VmHWM of /proc/self/status: getrusage's maxRSS also counts the memory of the parent the process
// was forked from (Linux keeps that high-water mark across exec), so a child of a bench or test
// process holding large lists reported the parent's RSS as its own.
import fs = require("node:fs");

/** This program's peak RSS in KiB: VmHWM of /proc/self/status, else getrusage's maxRSS. */
function peakRssKiB(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]);
  } catch {
    // No /proc (macOS, Windows): maxRSS below.
  }
  return process.resourceUsage().maxRSS;
}

export = { peakRssKiB };
