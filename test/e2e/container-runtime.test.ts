// Issue 8, "the container runs as non-root with a read-only filesystem", without a Docker engine:
// the file system the Dockerfile describes is assembled from the repo's build, and its ENTRYPOINT runs
// as its USER on a read-only root in new namespaces, under the docker run flags the docs give.
import { test, before, after, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import jsYaml from "js-yaml";
import { builtBin, listFiles, pathWith, repoRoot, shQuote, tempDir, toolFound, writeKmutateWrapper, writeScript } from "./harness.js";
import { inImage, lastOf, parseDockerfile } from "./container-runtime-dockerfile.js";
import { assembleFinalStage, emulateBuildStage, productionPackages, type ImageConfig } from "./container-runtime-rootfs.js";
import { isolationProblem, parseDockerRun, resolveUser, runImage, type AssembledImage, type RunOutput } from "./container-runtime-run.js";

const dockerfileText = readFileSync(join(repoRoot, "Dockerfile"), "utf8");
const stages = parseDockerfile(dockerfileText);
const finalStage = stages[stages.length - 1];
const imageUser = lastOf(finalStage, "USER")?.args[0] ?? "root";

/** `docker run` commands given in the user docs, each with the paragraph it sits in. */
function documentedDockerRuns(): { file: string; command: string; paragraph: string }[] {
  const files = [
    ...readdirSync(join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`),
    "README.md",
    ...readdirSync(join(repoRoot, "krm"), { recursive: true, encoding: "utf8" }).filter((f) => /\.(md|ya?ml)$|Dockerfile$/.test(f)).map((f) => `krm/${f}`),
  ];
  const out: { file: string; command: string; paragraph: string }[] = [];
  for (const file of files) {
    for (const paragraph of readFileSync(join(repoRoot, file), "utf8").split(/\n\s*\n/)) {
      for (const m of paragraph.matchAll(/`(docker run [^`]*)`/g)) out.push({ file, command: m[1].replace(/\s+/g, " ").trim(), paragraph });
    }
  }
  return out;
}
const dockerRuns = documentedDockerRuns();
/** The documented commands that run kmutate's own image (not someone else's). */
const imageRuns = dockerRuns.filter((d) => / (IMAGE|ghcr\.io\/kmutate\/kmutate(:\S+)?)( |$)/.test(d.command));

test("Dockerfile: the final stage's USER is a non-root user of the base image", () => {
  assert.notEqual(imageUser, "root");
  assert.notEqual(resolveUser(imageUser).uid, 0, `USER ${imageUser}`);
  assert.equal(resolveUser(imageUser).uid, 1000, "the node image's node user");
});

test("Dockerfile: every stage starts from a supported Node.js LTS (22 or 24) on Alpine, pinned by digest", () => {
  assert.ok(stages.length >= 2);
  for (const s of stages) assert.match(s.base, /^node:(22|24)\.\d+\.\d+-alpine3\.\d+@sha256:[0-9a-f]{64}$/, s.base);
  assert.equal(new Set(stages.map((s) => s.base)).size, 1, "build and final stage use the same base");
});

test("Dockerfile: the final stage carries the OCI labels, its version the package's", () => {
  const labels: Record<string, string> = {};
  for (const ins of finalStage.instructions.filter((i) => i.op === "LABEL")) {
    for (const m of ins.args.join(" ").matchAll(/([\w.-]+)=("(?:[^"\\]|\\.)*"|\S+)/g)) labels[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
  }
  const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string; license: string; description: string };
  const meta = jsYaml.load(readFileSync(join(repoRoot, "krm/metadata.yaml"), "utf8")) as { sourceURL: string };
  assert.equal(labels["org.opencontainers.image.title"], "kmutate");
  assert.equal(labels["org.opencontainers.image.version"], pkg.version);
  assert.equal(labels["org.opencontainers.image.licenses"], pkg.license);
  assert.equal(labels["org.opencontainers.image.source"], meta.sourceURL);
  assert.ok((labels["org.opencontainers.image.description"] ?? "").length > 0);
  assert.equal(labels["org.opencontainers.image.base.name"], `docker.io/library/${finalStage.base.split("@")[0]}`);
});

test("docs: a docker run line that claims a read-only root passes --read-only, and the Dockerfile's claim has such a line", () => {
  assert.ok(imageRuns.length >= 3, `documented docker run commands of the image: ${imageRuns.map((d) => d.command).join(" | ")}`);
  for (const d of dockerRuns) {
    if (/read-only/i.test(d.paragraph.replace(/`[^`]*`/g, ""))) {
      // a paragraph that speaks of a read-only root must show it in at least one of its commands
      const inParagraph = dockerRuns.filter((o) => o.paragraph === d.paragraph);
      assert.ok(inParagraph.some((o) => o.command.includes("--read-only")), `${d.file}: "${d.paragraph.slice(0, 120)}…" claims read-only without --read-only`);
    }
  }
  assert.match(dockerfileText, /read-only root filesystem/, "the Dockerfile header's claim this test backs");
  assert.ok(imageRuns.some((d) => d.command.includes("--read-only")), "a documented command with --read-only");
  for (const d of imageRuns) assert.doesNotThrow(() => parseDockerRun(d.command, {}), d.command);
});

/** The assembled image (built once), or the reason it cannot run here. */
let image: { root: string; tmp: string; config: ImageConfig } | undefined;
let problem: string | undefined;

before(() => {
  problem = isolationProblem();
  if (problem !== undefined) return;
  const tmp = tempDir("container");
  const inputs = {
    context: repoRoot,
    compiledSrc: fileURLToPath(new URL("../../src/", import.meta.url)),
    nodeModules: join(repoRoot, "node_modules"),
    nodeBinary: process.execPath,
  };
  const stageRoots: Record<string, string> = {};
  for (const s of stages.slice(0, -1)) {
    if (s.name === undefined) continue;
    const dir = join(tmp, `stage-${s.name}`);
    mkdirSync(dir);
    emulateBuildStage(s, dir, inputs);
    stageRoots[s.name] = dir;
  }
  const root = join(tmp, "root");
  mkdirSync(root);
  image = { root, tmp, config: assembleFinalStage(finalStage, root, stageRoots, inputs) };
});
after(() => {
  if (image !== undefined) rmSync(image.tmp, { recursive: true, force: true });
});

/** The image, or undefined after a visible skip. */
function need(t: TestContext): AssembledImage | undefined {
  if (image === undefined) t.skip(`no isolated container run here: ${problem ?? "image not assembled"}`);
  return image;
}

const kustomizeEnv = { LOG_TO_STDERR: "true", STRUCTURED_RESULTS: "true" };
/** Runs the image with `docker run` flags `flags` (default: read-only root, no network, the image's USER). */
function run(img: AssembledImage, stdin: string, flags = "docker run --rm -i --read-only --network none IMAGE", argv?: string[]): RunOutput {
  return runImage(img, flags, kustomizeEnv, stdin, argv);
}

const hostRuns = new Map<string, RunOutput>();
/** The built bin run on the host (once per input), as the reference output. */
function runHost(stdin: string): RunOutput {
  let r = hostRuns.get(stdin);
  if (r === undefined) {
    const p = spawnSync(process.execPath, [builtBin], { input: stdin, encoding: "utf8" });
    hostRuns.set(stdin, (r = { status: p.status, stdout: p.stdout, stderr: p.stderr }));
  }
  return r;
}

/** examples/labels-from-params (minus its Kptfile and .expected/) as one ResourceList. */
function labelsFromParams(edit: (text: string) => string = (t) => t): string {
  const dir = join(repoRoot, "examples/labels-from-params");
  const items = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .flatMap((f) => jsYaml.loadAll(edit(readFileSync(join(dir, f), "utf8"))).filter((d) => d !== null));
  return jsYaml.dump({ apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items });
}

test("container: the ENTRYPOINT as USER on a read-only root, no network, mutates labels-from-params byte-identically to the host bin", (t) => {
  const img = need(t);
  if (img === undefined) return;
  const input = labelsFromParams();
  const got = run(img, input);
  const want = runHost(input);
  assert.equal(got.stderr, want.stderr);
  assert.equal(got.status, 0, got.stderr);
  assert.equal(got.stdout, want.stdout);
  assert.match(got.stdout, /example\.com\/cost-center: cc-7/, "the params' labels landed");
  assert.notEqual(got.stdout, input);
});

// Supplementary groups come from /proc (node's getgroups() adds the effective gid).
// The probe runs under the same launcher as the ENTRYPOINT above (same namespaces, root, uid switch).
const probe = `const fs = require("fs"); const w = {};
for (const p of process.argv.slice(1)) { try { fs.writeFileSync(p, "x", { flag: "a" }); w[p] = "written"; } catch (e) { w[p] = e.code; } }
const st = fs.readFileSync("/proc/self/status", "utf8");
console.log(JSON.stringify({ uid: process.getuid(), euid: process.geteuid(), gid: process.getgid(), groups: /Groups:(.*)/.exec(st)[1].trim(),
  capEff: /CapEff:\\s*(\\S+)/.exec(st)[1], noNewPrivs: /NoNewPrivs:\\s*(\\d)/.exec(st)[1], cwd: process.cwd(), env: process.env, writes: w,
  netDevices: fs.readFileSync("/proc/net/dev", "utf8").split("\\n").slice(2).map((l) => l.split(":")[0].trim()).filter((d) => d !== "") }));`;

test("container: the process is uid 1000 with no groups or capabilities, has only loopback, and can write nowhere on the read-only root", (t) => {
  const img = need(t);
  if (img === undefined) return;
  const { workdir } = img.config;
  const targets = [`${workdir}/new-file`, `${workdir}/dist/src/cli/kmutate.cjs`, "/tmp/new-file", "/home/node/new-file", "/new-file"];
  const ro = run(img, "", "docker run --rm -i --read-only --network none --security-opt=no-new-privileges IMAGE", ["node", "-e", probe, ...targets]);
  assert.equal(ro.status, 0, ro.stderr);
  const r = JSON.parse(ro.stdout) as { uid: number; euid: number; gid: number; groups: string; capEff: string; noNewPrivs: string; cwd: string; env: Record<string, string>; writes: Record<string, string>; netDevices: string[] };
  assert.deepEqual({ uid: r.uid, euid: r.euid, gid: r.gid, groups: r.groups }, { uid: 1000, euid: 1000, gid: 1000, groups: "" });
  assert.equal(BigInt(`0x${r.capEff}`), 0n, "no effective capabilities");
  assert.equal(r.noNewPrivs, "1");
  assert.equal(r.cwd, workdir);
  assert.deepEqual(r.netDevices, ["lo"], "a network namespace of its own: loopback only");
  assert.deepEqual(r.env, { ...img.config.env, HOME: "/home/node" });
  // Creating anything is refused by the read-only mount; the image's existing root-owned files
  // are refused first by their permissions (the kernel checks those before the mount flag).
  assert.deepEqual(r.writes, Object.fromEntries(targets.map((p) => [p, p.endsWith("kmutate.cjs") ? "EACCES" : "EROFS"])));
  // Control, same uid on a writable root: the image's own files are still refused (root-owned),
  // while /tmp and the home directory take writes, so the probe above can see a write succeed.
  const rw = run(img, "", "docker run --rm -i --network none IMAGE", ["node", "-e", probe, ...targets]);
  assert.equal(rw.status, 0, rw.stderr);
  assert.deepEqual((JSON.parse(rw.stdout) as { writes: Record<string, string> }).writes, {
    [`${workdir}/new-file`]: "EACCES",
    [`${workdir}/dist/src/cli/kmutate.cjs`]: "EACCES",
    "/tmp/new-file": "written",
    "/home/node/new-file": "written",
    "/new-file": "EACCES",
  });
  rmSync(join(img.root, "tmp/new-file"));
  rmSync(join(img.root, "home/node/new-file"));
});

test("container: a policy with a CEL error exits 1 with the error on stderr (no stack trace), as the host bin", (t) => {
  const img = need(t);
  if (img === undefined) return;
  const input = labelsFromParams((text) => text.replace("jsonpatch.escapeKey(k)", "jsonpatch.escapeKey(k) + 1"));
  assert.notEqual(input, labelsFromParams(), "the edit applied");
  const got = run(img, input);
  const want = runHost(input);
  assert.equal(got.status, 1);
  assert.equal(want.status, 1);
  assert.match(got.stderr, /team-labels/);
  assert.match(got.stderr, /no matching overload/);
  assert.doesNotMatch(got.stderr, /^\s+at |Error: |node:internal/m, "no stack trace");
  assert.equal(got.stderr, want.stderr);
  assert.equal(got.stdout, want.stdout);
});

for (const d of imageRuns) {
  test(`container: documented (${d.file}) \`${d.command}\` runs labels-from-params as the host bin does`, (t) => {
    const img = need(t);
    if (img === undefined) return;
    const input = labelsFromParams();
    const got = run(img, input, d.command);
    assert.equal(got.status, 0, got.stderr);
    assert.equal(got.stdout, runHost(input).stdout);
  });
}

/** Package paths (`node_modules/a`, `node_modules/@s/b`, `node_modules/a/node_modules/c`) under `dir`. */
function packagesUnder(dir: string, prefix: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).filter((n) => n !== ".bin")) {
    const names = e.startsWith("@") ? readdirSync(join(dir, e)).map((n) => `${e}/${n}`) : [e];
    for (const n of names) {
      out.push(`${prefix}/${n}`);
      const nested = join(dir, n, "node_modules");
      if (existsSync(nested)) out.push(...packagesUnder(nested, `${prefix}/${n}/node_modules`));
    }
  }
  return out;
}

test("image contents: what the final stage's COPYs name and nothing else; node_modules = package-lock.json's non-dev packages", (t) => {
  const img = need(t);
  if (img === undefined) return;
  const { workdir } = img.config;
  const copies = finalStage.instructions.filter((i) => i.op === "COPY").map((i) => ({ sources: i.args.slice(0, -1), dest: i.args[i.args.length - 1] }));
  // Top-level names under WORKDIR the COPYs create (a file or directory per destination or source).
  const names = new Set<string>();
  for (const c of copies) {
    const into = c.dest.endsWith("/") || c.sources.length > 1;
    for (const src of c.sources) {
      const dest = inImage(workdir, into ? `${c.dest}/${src.split("/").pop()}` : c.dest);
      if (dest.startsWith(`${workdir}/`)) names.add(dest.slice(workdir.length + 1).split("/")[0]);
    }
  }
  assert.deepEqual(readdirSync(join(img.root, workdir)).sort(), [...names].sort());
  const modules = copies.find((c) => c.sources.some((s) => s.split("/").pop() === "node_modules"));
  assert.ok(modules !== undefined, "a COPY of node_modules");
  const installed = packagesUnder(join(img.root, inImage(workdir, modules.dest)), "node_modules").sort();
  const expected = productionPackages(readFileSync(join(repoRoot, "package-lock.json"), "utf8")).map((p) => p.path).sort();
  assert.deepEqual(installed, expected);
  const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(pkg.dependencies)) assert.ok(expected.includes(`node_modules/${dep}`), dep);
  // The compiled output holds JavaScript, declarations, the bundles' V8 code caches and their schema tables only (no TypeScript sources, no tests).
  const dist = copies.find((c) => c.sources.some((s) => /(^|\/)dist(\/|$)/.test(s)));
  assert.ok(dist !== undefined, "a COPY of the compiled output");
  const distFiles = listFiles(join(img.root, inImage(workdir, dist.dest)));
  assert.ok(distFiles.length > 50, `${distFiles.length} compiled files`);
  assert.deepEqual(distFiles.filter((f) => !/\.(js|cjs|d\.ts|d\.cts|json|v8-cache)$|^cli\/kmutate-types\.txt$/.test(f) || /(^|\/)test\//.test(f)), []);
  // The ENTRYPOINT's link leads to an executable file (post-build's chmod ran in the build stage).
  const link = /^ln -sf? (\S+) /.exec(lastOf(finalStage, "RUN")?.args[0] ?? "");
  assert.ok(link !== null, "RUN ln -s");
  assert.ok(statSync(join(img.root, link[1])).mode & 0o111, `${link[1]} executable`);
});

test("kpt fn eval --image: the docker run kpt issues is a documented one, and through it the image changes the package as --exec does", (t) => {
  const img = need(t);
  if (img === undefined) return;
  if (!toolFound("kpt", ["version"])) {
    t.skip("kpt not found");
    return;
  }
  const tmp = tempDir("container-kpt");
  try {
    // A `docker` for kpt that runs the assembled image through the same isolated runner.
    const bin = join(tmp, "bin");
    mkdirSync(bin);
    const log = join(tmp, "docker.log");
    const imageJson = join(tmp, "image.json");
    writeFileSync(imageJson, JSON.stringify(img));
    const runner = join(tmp, "fake-docker.mjs");
    writeFileSync(runner, `import { runImage } from ${JSON.stringify(new URL("./container-runtime-run.js", import.meta.url).href)};
import { appendFileSync, readFileSync } from "node:fs";
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + "\\n");
if (args[0] === "version") console.log("${"28.2.2"}");
else if (args[0] !== "run" || !args[args.length - 1].startsWith("ghcr.io/kmutate/kmutate:")) { console.error("fake docker: " + args.join(" ")); process.exitCode = 125; }
else {
  const r = runImage(JSON.parse(readFileSync(${JSON.stringify(imageJson)}, "utf8")), ["docker", ...args].join(" "), process.env, readFileSync(0, "utf8"));
  process.stdout.write(r.stdout); process.stderr.write(r.stderr); process.exitCode = r.status ?? 125;
}
`);
    writeScript(bin, "docker", `exec ${shQuote(process.execPath)} ${shQuote(runner)} "$@"`);
    writeKmutateWrapper(bin);
    const pkg = (name: string): string => {
      const dir = join(tmp, name);
      cpSync(join(repoRoot, "examples/labels-from-params"), dir, { recursive: true, filter: (s) => !s.includes("/.expected") });
      return dir;
    };
    const viaImage = pkg("via-image"), viaExec = pkg("via-exec");
    const env = { ...process.env, PATH: pathWith(bin) };
    const a = spawnSync("kpt", ["fn", "eval", "--image", "ghcr.io/kmutate/kmutate:v0.1.0", viaImage], { encoding: "utf8", env });
    assert.equal(a.status, 0, `${a.stdout}\n${a.stderr}`);
    const b = spawnSync("kpt", ["fn", "eval", "--exec", join(bin, "kmutate"), viaExec], { encoding: "utf8", env });
    assert.equal(b.status, 0, `${b.stdout}\n${b.stderr}`);
    assert.deepEqual(listFiles(viaImage), listFiles(viaExec));
    for (const f of listFiles(viaExec)) assert.equal(readFileSync(join(viaImage, f), "utf8"), readFileSync(join(viaExec, f), "utf8"), f);
    assert.notEqual(readFileSync(join(viaImage, "deployments.yaml"), "utf8"), readFileSync(join(repoRoot, "examples/labels-from-params/deployments.yaml"), "utf8"), "mutated");
    const runs = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as string[]).filter((c) => c[0] === "run");
    assert.equal(runs.length, 1);
    const issued = ["docker", ...runs[0].slice(0, -1), "IMAGE"].join(" ");
    assert.ok(imageRuns.some((d) => d.command === issued), `kpt issued \`${issued}\`; the docs give: ${imageRuns.map((d) => d.command).join(" | ")}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

// kustomize passes `-e NAME` for every variable of its own environment, PATH included (see
// docs/02_krm.md), so an `ENTRYPOINT ["kmutate"]` and the bin's `#!/usr/bin/env node`
// would be looked up in the host's PATH: the ENTRYPOINT names node and the bin by absolute paths.
test("container: kustomize's pass-through of a host PATH without /usr/local/bin still finds kmutate and node", (t) => {
  const img = need(t);
  if (img === undefined) return;
  const input = labelsFromParams();
  const got = runImage(img, "docker run --rm -i --network none --user nobody -e PATH IMAGE", { PATH: "/usr/bin:/bin" }, input);
  assert.equal(got.status, 0, got.stderr);
  assert.equal(got.stdout, runHost(input).stdout);
});
