// `npm test`'s runner: `node --test` on every `*.test.js` under the folders given (default
// dist/test), named one by one. Node 20 runs every .js file under a folder named on the command
// line; Node 22 and later take only files and glob patterns (a folder is "not found"), so the list
// is made here, the same on every version. The TAP report passes through as it comes; at its end
// the failed tests are printed again with their details, so that a log cut to its last lines (a
// CI page) still says what failed. Usage: node scripts/run-tests.mjs [DIR|FILE ...]
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every `*.test.js` under `dir`, sorted. */
function testFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".test.js"))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Collects each `not ok` line of a TAP stream with the YAML block under it (up to the block's
 * closing `...` at the same indentation). Lines are fed whole.
 */
function failureCollector() {
  const failures = [];
  let open = null;
  return {
    failures,
    line(text) {
      if (open) {
        open.lines.push(text);
        if (text === `${open.indent}  ...`) open = null;
        return;
      }
      const m = /^(\s*)not ok \d+ - /.exec(text);
      if (m) {
        open = { indent: m[1], lines: [text] };
        failures.push(open);
      }
    },
  };
}

const roots = process.argv.slice(2);
const files = (roots.length ? roots : ["dist/test"]).flatMap((p) => (statSync(p).isDirectory() ? testFiles(p) : [p]));
if (files.length === 0) {
  process.stderr.write(`run-tests: no *.test.js under ${roots.join(", ") || "dist/test"}\n`);
  process.exit(1);
}
const collector = failureCollector();
const child = spawn(process.execPath, ["--test", "--test-reporter=tap", ...files], { stdio: ["inherit", "pipe", "inherit"] });
let rest = "";
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  const lines = (rest + chunk).split("\n");
  rest = lines.pop() ?? "";
  for (const l of lines) collector.line(l);
});
child.on("close", (status) => {
  if (rest) collector.line(rest);
  // A failed suite repeats as a `not ok` of its own after its failed tests; a file that fails
  // to load is one `not ok` for the file. Each is printed once, in the report's order.
  if (collector.failures.length > 0) {
    process.stdout.write(`# ${collector.failures.length} not ok (repeated from above):\n`);
    for (const f of collector.failures) process.stdout.write(`${f.lines.join("\n")}\n`);
  }
  process.exitCode = status ?? 1;
});
