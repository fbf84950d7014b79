// Test helper: assembles, in a temp dir, the root filesystem kmutate's Dockerfile describes — the
// build stage emulated from the repo's own build, the final stage's COPY/RUN ln -s/WORKDIR applied as written.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { envPairs, inImage, lastOf, entrypointArgv, type Instruction, type Stage } from "./container-runtime-dockerfile.js";

/** A user of the base image's /etc/passwd. */
export interface ImageUser { readonly uid: number; readonly gid: number; readonly home: string }

/**
 * Stand-in for the pinned node:24 Alpine image, which cannot be pulled here: its PATH, where it keeps `node`, and
 * its users (alpine's root and nobody, the node image's node). The real image's node is built for
 * alpine/musl; the stand-in uses the host's node binary and the glibc libraries `ldd` names, plus
 * the host's `env` for the `#!/usr/bin/env node` line (busybox's in the real image).
 */
export const nodeAlpineStandIn = {
  image: "node:24.18.0-alpine3.24@sha256:a0b9bf06e4e6193cf7a0f58816cc935ff8c2a908f81e6f1a95432d679c54fbfd",
  env: { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" } as Readonly<Record<string, string>>,
  node: "/usr/local/bin/node",
  envBinary: "/usr/bin/env",
  users: {
    root: { uid: 0, gid: 0, home: "/root" },
    node: { uid: 1000, gid: 1000, home: "/home/node" },
    nobody: { uid: 65534, gid: 65534, home: "/" },
  } as Readonly<Record<string, ImageUser>>,
} as const;

/** Where the harness keeps its own launcher (`setpriv`) inside the root; not part of the image. */
export const harnessDir = "/.harness";

/** What `docker inspect` would report for the final stage. */
export interface ImageConfig {
  readonly env: Readonly<Record<string, string>>;
  readonly workdir: string;
  readonly user: string;
  readonly entrypoint: readonly string[];
}

/** Inputs from outside the image: the build context and the repo's own compiled `src` (stand-in for `npx tsc`). */
export interface BuildInputs {
  readonly context: string;
  readonly compiledSrc: string;
  readonly nodeModules: string;
  readonly nodeBinary: string;
}

/** `image path` → host path under `root`. */
const at = (root: string, p: string): string => join(root, p);

/** Shared libraries `ldd` names for `binary` (absolute paths); [] for a static binary. */
export function sharedLibraries(binary: string): string[] {
  const r = spawnSync("ldd", [binary], { encoding: "utf8" });
  if (r.error || r.status !== 0) {
    if (/not a dynamic executable/.test(String(r.stdout) + String(r.stderr))) return [];
    throw new Error(`ldd ${binary} failed: ${r.error?.message ?? r.stderr}`);
  }
  const libs: string[] = [];
  for (const line of r.stdout.split("\n")) {
    const m = /=>\s*(\/\S+)/.exec(line) ?? /^\s*(\/\S+)\s+\(/.exec(line);
    if (m !== null) libs.push(m[1]);
  }
  return libs;
}

/** Copies a host executable and its libraries into `root` (the binary at `inRoot`, libraries at their host paths). */
function installBinary(root: string, host: string, inRoot: string): void {
  mkdirSync(dirname(at(root, inRoot)), { recursive: true });
  linkOrCopy(host, at(root, inRoot));
  for (const lib of sharedLibraries(host)) {
    if (existsSync(at(root, lib))) continue;
    mkdirSync(dirname(at(root, lib)), { recursive: true });
    copyFileSync(lib, at(root, lib)); // follows the host's symlink: the file lands under the name the loader asks for
  }
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to); // same file system: no 100 MB copy; the root is mounted read-only when it runs
  } catch {
    copyFileSync(from, to);
    chmodSync(to, statSync(from).mode & 0o7777);
  }
}

/** The base image stand-in's files: node, env, /etc/passwd and /etc/group, /tmp, homes, mount points. */
function installBase(root: string, inputs: BuildInputs): void {
  chmodSync(root, 0o755);
  installBinary(root, inputs.nodeBinary, nodeAlpineStandIn.node);
  installBinary(root, "/usr/bin/env", nodeAlpineStandIn.envBinary);
  installBinary(root, "/usr/bin/setpriv", `${harnessDir}/setpriv`);
  const users = Object.entries(nodeAlpineStandIn.users);
  mkdirSync(at(root, "/etc"), { recursive: true });
  writeFileSync(at(root, "/etc/passwd"), users.map(([n, u]) => `${n}:x:${u.uid}:${u.gid}:${n}:${u.home}:/bin/sh\n`).join(""));
  writeFileSync(at(root, "/etc/group"), users.map(([n, u]) => `${n}:x:${u.gid}:\n`).join(""));
  for (const [, u] of users) {
    mkdirSync(at(root, u.home), { recursive: true });
    if (u.home !== "/") spawnSync("chown", [`${u.uid}:${u.gid}`, at(root, u.home)]);
  }
  mkdirSync(at(root, "/tmp"));
  chmodSync(at(root, "/tmp"), 0o1777); // as in the image: world-writable, until the root is read-only
  mkdirSync(at(root, "/proc"));
  mkdirSync(at(root, "/dev"));
  for (const d of deviceNodes) writeFileSync(at(root, `/dev/${d}`), ""); // bind-mount targets
}

/** The device nodes a container gets (bind-mounted from the host when the root runs). */
export const deviceNodes = ["null", "zero", "random", "urandom"] as const;

/** Non-dev packages of package-lock.json (lockfile v2/v3 `packages`), as their `node_modules/…` paths. */
export function productionPackages(lockText: string): { path: string; bin: Record<string, string> }[] {
  const lock = JSON.parse(lockText) as { packages?: Record<string, { dev?: boolean; link?: boolean; bin?: Record<string, string> }> };
  if (lock.packages === undefined) throw new Error("package-lock.json has no `packages` (lockfile v1 is not supported)");
  return Object.entries(lock.packages)
    .filter(([path, p]) => path.startsWith("node_modules/") && p.dev !== true)
    .map(([path, p]) => {
      if (p.link === true) throw new Error(`package-lock.json: ${path} is a link; not supported by this harness`);
      return { path, bin: p.bin ?? {} };
    });
}

/** Copies the packages (each without its nested node_modules; nested ones come as their own entries) and their bin links. */
function installPackages(stageDir: string, nodeModules: string, packages: { path: string; bin: Record<string, string> }[]): void {
  for (const { path, bin } of packages) {
    const from = join(nodeModules, path.slice("node_modules/".length));
    if (!existsSync(from)) throw new Error(`${from} is missing: is the repo's node_modules installed?`);
    cpSync(from, join(stageDir, path), { recursive: true, verbatimSymlinks: true, filter: (s) => !s.startsWith(join(from, "node_modules")) });
    if (path.lastIndexOf("node_modules/") !== 0) continue; // npm links bins of top-level packages only
    for (const [name, target] of Object.entries(bin)) {
      mkdirSync(join(stageDir, "node_modules/.bin"), { recursive: true });
      symlinkSync(`../${path.slice("node_modules/".length)}/${target}`, join(stageDir, "node_modules/.bin", name));
    }
  }
}

/** `COPY src… dest` into `root`: a directory source copies its contents, a file goes to dest (or into it). */
function copyInto(root: string, sources: string[], dest: string, destIsDir: boolean): void {
  for (const src of sources) {
    if (!existsSync(src)) throw new Error(`COPY source ${src} does not exist`);
    const isDir = statSync(src).isDirectory();
    const target = isDir ? at(root, dest) : destIsDir ? at(root, `${dest}/${basename(src)}`) : at(root, dest);
    mkdirSync(isDir ? target : dirname(target), { recursive: true });
    cpSync(src, target, { recursive: true, verbatimSymlinks: true });
  }
}

function copyArgs(ins: Instruction, workdir: string): { sources: string[]; dest: string; destIsDir: boolean } {
  const dest = ins.args[ins.args.length - 1];
  const sources = ins.args.slice(0, -1);
  if (sources.length === 0) throw new Error(`Dockerfile:${ins.line}: COPY needs a source and a destination`);
  return { sources, dest: inImage(workdir, dest), destIsDir: dest.endsWith("/") || sources.length > 1 };
}

/**
 * Runs the build stage as far as the final stage needs it, into `stageRoot`: WORKDIR and COPY as
 * written; each `&&`-part of a RUN must be one the harness knows (`npm ci` → every locked package,
 * `npx tsc -p F` → the repo's compiled src copied to F's outDir, `npm run build` → the same (with the bin's bundle), `node scripts/X.mjs` → run for real,
 * `npm prune --omit=dev` → the non-dev packages); anything else throws, so a Dockerfile change is noticed.
 */
export function emulateBuildStage(stage: Stage, stageRoot: string, inputs: BuildInputs): void {
  let workdir = "/";
  let packages: { path: string; bin: Record<string, string> }[] | undefined;
  let installDir = "/";
  for (const ins of stage.instructions) {
    if (ins.op === "WORKDIR") {
      workdir = inImage(workdir, ins.args[0]);
      mkdirSync(at(stageRoot, workdir), { recursive: true });
    } else if (ins.op === "COPY") {
      if (ins.flags.from !== undefined) throw new Error(`Dockerfile:${ins.line}: COPY --from inside the build stage is not emulated`);
      const { sources, dest, destIsDir } = copyArgs(ins, workdir);
      copyInto(stageRoot, sources.map((s) => join(inputs.context, s)), dest, destIsDir);
    } else if (ins.op === "RUN") {
      for (const cmd of ins.args[0].split("&&").map((c) => c.trim())) {
        const cwd = at(stageRoot, workdir);
        const lock = (): string => readFileSync(join(cwd, "package-lock.json"), "utf8");
        let m: RegExpExecArray | null;
        if (/^npm ci(\s|$)/.test(cmd)) {
          installDir = workdir;
          const all = JSON.parse(lock()) as { packages: Record<string, { bin?: Record<string, string> }> };
          packages = Object.entries(all.packages).filter(([p]) => p.startsWith("node_modules/")).map(([path, p]) => ({ path, bin: p.bin ?? {} }));
        } else if (/^npm prune --omit=dev(\s|$)/.test(cmd)) {
          if (packages === undefined) throw new Error(`Dockerfile:${ins.line}: npm prune before npm ci`);
          const keep = new Set(productionPackages(lock()).map((p) => p.path));
          packages = packages.filter((p) => keep.has(p.path));
        } else if ((m = /^npx tsc -p (\S+)$/.exec(cmd)) !== null || /^npm run build$/.test(cmd)) {
          // `npm run build` is tsc plus the bin's bundle (scripts/post-build.mjs): the repo's own build holds both.
          const tsconfig = JSON.parse(readFileSync(join(cwd, m?.[1] ?? "tsconfig.json"), "utf8")) as { compilerOptions?: { outDir?: string; rootDir?: string } };
          const outDir = tsconfig.compilerOptions?.outDir ?? ".";
          if (!existsSync(join(cwd, "src"))) throw new Error(`Dockerfile:${ins.line}: the build runs before src is copied`);
          if (m === null && !existsSync(join(cwd, "scripts/post-build.mjs"))) throw new Error(`Dockerfile:${ins.line}: npm run build runs before scripts/ is copied`);
          cpSync(inputs.compiledSrc, join(cwd, outDir, "src"), { recursive: true });
        } else if ((m = /^node (scripts\/[\w.-]+\.m?js)$/.exec(cmd)) !== null) {
          const r = spawnSync(inputs.nodeBinary, [m[1]], { cwd, encoding: "utf8" });
          if (r.status !== 0) throw new Error(`Dockerfile:${ins.line}: ${cmd} failed: ${r.stderr}`);
        } else {
          throw new Error(`Dockerfile:${ins.line}: the harness cannot emulate build command "${cmd}"`);
        }
      }
    } else if (ins.op !== "ENV" && ins.op !== "ARG") {
      throw new Error(`Dockerfile:${ins.line}: ${ins.op} in the build stage is not emulated`);
    }
  }
  if (packages !== undefined) installPackages(at(stageRoot, installDir), inputs.nodeModules, packages);
}

/**
 * Assembles the final stage into `root` over the base-image stand-in, taking `COPY --from=NAME`
 * sources from `stageRoots[NAME]`; returns the image config. Only `ln -s` RUNs are supported there.
 */
export function assembleFinalStage(stage: Stage, root: string, stageRoots: Readonly<Record<string, string>>, inputs: BuildInputs): ImageConfig {
  if (stage.base !== nodeAlpineStandIn.image) throw new Error(`final stage FROM ${stage.base}: the harness only has a stand-in for ${nodeAlpineStandIn.image}`);
  installBase(root, inputs);
  let workdir = "/";
  const env: Record<string, string> = { ...nodeAlpineStandIn.env };
  for (const ins of stage.instructions) {
    if (ins.op === "WORKDIR") {
      workdir = inImage(workdir, ins.args[0]);
      mkdirSync(at(root, workdir), { recursive: true });
    } else if (ins.op === "ENV") {
      for (const [k, v] of envPairs(ins)) env[k] = v;
    } else if (ins.op === "COPY") {
      const { sources, dest, destIsDir } = copyArgs(ins, workdir);
      const from = ins.flags.from;
      const base = from === undefined ? inputs.context : stageRoots[from];
      if (base === undefined) throw new Error(`Dockerfile:${ins.line}: COPY --from=${from}: no such stage`);
      copyInto(root, sources.map((s) => (from === undefined ? join(base, s) : at(base, s))), dest, destIsDir);
    } else if (ins.op === "RUN") {
      const m = /^ln -sf? (\S+) (\S+)$/.exec(ins.args[0]);
      if (m === null || ins.json) throw new Error(`Dockerfile:${ins.line}: the harness only emulates "ln -s TARGET LINK" in the final stage`);
      const link = at(root, inImage(workdir, m[2]));
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(m[1], link);
    } else if (!["USER", "ENTRYPOINT", "CMD", "LABEL", "ARG"].includes(ins.op)) {
      throw new Error(`Dockerfile:${ins.line}: ${ins.op} in the final stage is not emulated`);
    }
  }
  const user = lastOf(stage, "USER")?.args[0] ?? "root";
  const ep = lastOf(stage, "ENTRYPOINT");
  if (ep === undefined) throw new Error("the final stage has no ENTRYPOINT");
  return { env, workdir, user, entrypoint: entrypointArgv(ep) };
}
