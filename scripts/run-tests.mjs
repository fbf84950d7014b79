// `npm test`'s runner: `node --test` on every `*.test.js` under the folders given (default
// dist/test), named one by one. Node 20 runs every .js file under a folder named on the command
// line; Node 22 and later take only files and glob patterns (a folder is "not found"), so the list
// is made here, the same on every version. Usage: node scripts/run-tests.mjs [DIR|FILE ...]
import { spawnSync } from "node:child_process";
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

const roots = process.argv.slice(2);
const files = (roots.length ? roots : ["dist/test"]).flatMap((p) => (statSync(p).isDirectory() ? testFiles(p) : [p]));
if (files.length === 0) {
  process.stderr.write(`run-tests: no *.test.js under ${roots.join(", ") || "dist/test"}\n`);
  process.exit(1);
}
const run = spawnSync(process.execPath, ["--test", ...files], { stdio: "inherit" });
process.exitCode = run.status ?? 1;
