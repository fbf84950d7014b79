// Post-build step: make the bin executable (tsc does not keep file modes).
import { chmodSync, existsSync } from "node:fs";
const bin = new URL("../dist/src/cli/bin.js", import.meta.url);
if (existsSync(bin)) chmodSync(bin, 0o755);
