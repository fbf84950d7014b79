// Test helper: runs a command in an assembled root the way a container engine would — new mount,
// network and PID namespaces, the root bind-mounted (read-only on request), chrooted, then a uid switch.
import { spawnSync } from "node:child_process";
import { harnessDir, deviceNodes, nodeAlpineStandIn, type ImageConfig, type ImageUser } from "./container-runtime-rootfs.js";

/** One isolated run. */
export interface IsolatedRun {
  /** Host path of the assembled root. */
  readonly root: string;
  /** Mount the root read-only (`docker run --read-only`). */
  readonly readOnly: boolean;
  readonly uid: number;
  readonly gid: number;
  /** Set no_new_privs (`--security-opt=no-new-privileges`). */
  readonly noNewPrivs: boolean;
  /** The complete environment (nothing is inherited). */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory inside the root (the image's WORKDIR). */
  readonly cwd: string;
  /** The command, resolved through `env.PATH` inside the root (as the engine resolves ENTRYPOINT). */
  readonly argv: readonly string[];
  readonly stdin: string;
}

/** What the run printed and how it ended. */
export interface RunOutput { readonly status: number | null; readonly stdout: string; readonly stderr: string }

// Inside the new namespaces (still root there): mounts are private to them (unshare's default
// propagation) and vanish with them. $1 = root, $2 = 1 for read-only, the rest is the command.
const setup = `set -e
R=$1; RO=$2; shift 2
mount --bind "$R" "$R"
if [ "$RO" = 1 ]; then mount -o remount,bind,ro "$R"; fi
mount -t proc proc "$R/proc"
for d in ${deviceNodes.join(" ")}; do mount --bind "/dev/$d" "$R/dev/$d"; done
exec chroot "$R" "$@"`;

/** Runs `run` isolated; needs root and util-linux `unshare`, `mount`, `setpriv` (see `isolationProblem`). */
export function runIsolated(run: IsolatedRun): RunOutput {
  const privs = [`--reuid=${run.uid}`, `--regid=${run.gid}`, "--clear-groups", "--inh-caps=-all", ...(run.noNewPrivs ? ["--no-new-privs"] : [])];
  const env = Object.entries(run.env).map(([k, v]) => `${k}=${v}`);
  const inRoot = [`${harnessDir}/setpriv`, ...privs, "--", "/usr/bin/env", "-i", `--chdir=${run.cwd}`, ...env, ...run.argv];
  const r = spawnSync("unshare", ["--mount", "--net", "--pid", "--fork", "--", "/bin/sh", "-c", setup, "sh", run.root, run.readOnly ? "1" : "0", ...inRoot], {
    input: run.stdin,
    encoding: "utf8",
    env: {},
    timeout: 30_000,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Why isolated runs cannot work here (not root, a tool missing, namespaces refused), or undefined. */
export function isolationProblem(): string | undefined {
  if (process.platform !== "linux") return `namespaces need Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return `needs root for unshare/mount/chroot (uid ${process.getuid?.()})`;
  for (const [cmd, args] of [["unshare", ["--version"]], ["setpriv", ["--version"]], ["chroot", ["--version"]], ["ldd", ["--version"]], ["mount", ["--version"]]] as const) {
    if (spawnSync(cmd, args).error) return `${cmd} not found`;
  }
  const t = spawnSync("unshare", ["--mount", "--net", "--pid", "--fork", "--", "/bin/sh", "-c", "mount -t tmpfs none /mnt && umount /mnt"], { encoding: "utf8" });
  if (t.error || t.status !== 0) return `unshare --mount --net --pid --fork refused: ${t.error?.message ?? t.stderr.trim()}`;
  return undefined;
}

/** The options a documented `docker run … IMAGE` command sets, as far as an isolated run can honour them. */
export interface DockerRunFlags {
  readonly readOnly: boolean;
  readonly user: string | undefined;
  readonly noNewPrivs: boolean;
  readonly network: string | undefined;
  /** `-e K=V`, and `-e K` (the caller's value, taken from `callerEnv`). */
  readonly env: Readonly<Record<string, string>>;
  readonly image: string;
}

/**
 * Reads the flags of a documented `docker run …` command (whitespace-separated; `…` ignored). Flags the
 * harness cannot honour throw, so new documented flags are looked at, not silently dropped.
 */
export function parseDockerRun(command: string, callerEnv: Readonly<Record<string, string>>): DockerRunFlags {
  const all = command.split(/\s+/).filter((w) => w !== "" && w !== "…" && w !== "...");
  const redirect = all.findIndex((w) => /^[<>|]/.test(w));
  const words = redirect < 0 ? all : all.slice(0, redirect);
  if (words[0] !== "docker" || words[1] !== "run") throw new Error(`not a docker run command: ${command}`);
  let readOnly = false, noNewPrivs = false;
  let user: string | undefined, network: string | undefined;
  const env: Record<string, string> = {};
  const rest = words.slice(2);
  const value = (flag: string): string => {
    const v = rest.shift();
    if (v === undefined) throw new Error(`${flag} without a value in: ${command}`);
    return v;
  };
  while (rest.length > 1) {
    const w = rest.shift() as string;
    const [flag, inline] = w.startsWith("--") && w.includes("=") ? [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)] : [w, undefined];
    const arg = (): string => inline ?? value(flag);
    if (flag === "--rm" || flag === "-i") continue;
    else if (flag === "-a") arg(); // attach stdin/stdout/stderr: what spawn does anyway
    else if (flag === "--pull") arg(); // the image is assembled locally, never pulled
    else if (flag === "--read-only") readOnly = true;
    else if (flag === "--user" || flag === "-u") user = arg();
    else if (flag === "--network" || flag === "--net") network = arg();
    else if (flag === "--security-opt") {
      const o = arg();
      if (o !== "no-new-privileges" && o !== "no-new-privileges:true") throw new Error(`--security-opt ${o} is not emulated`);
      noNewPrivs = true;
    } else if (flag === "-e" || flag === "--env") {
      const kv = arg();
      const eq = kv.indexOf("=");
      if (eq > 0) env[kv.slice(0, eq)] = kv.slice(eq + 1);
      else if (callerEnv[kv] !== undefined) env[kv] = callerEnv[kv];
    } else throw new Error(`docker run flag ${w} is not emulated by the container-runtime test`);
  }
  if (rest.length !== 1) throw new Error(`no image at the end of: ${command}`);
  return { readOnly, user, noNewPrivs, network, env, image: rest[0] };
}

/** Resolves `--user` / `USER` (name or uid[:gid]) through the image's /etc/passwd (the stand-in's). */
export function resolveUser(spec: string): ImageUser {
  const [name, group] = spec.split(":");
  const known = nodeAlpineStandIn.users[name] ?? Object.values(nodeAlpineStandIn.users).find((u) => String(u.uid) === name);
  const uid = known?.uid ?? (/^\d+$/.test(name) ? Number(name) : NaN);
  if (Number.isNaN(uid)) throw new Error(`user ${spec} is not in the image's /etc/passwd`);
  const gid = group === undefined ? (known?.gid ?? uid) : Number(group);
  return { uid, gid, home: known?.home ?? "/" };
}

/** An assembled image: its root on the host and its config. */
export interface AssembledImage { readonly root: string; readonly config: ImageConfig }

/**
 * Runs the image's ENTRYPOINT (or `argv`) as `docker run` with the flags of `command` would: its
 * `--user` or the image's USER, HOME from /etc/passwd, the image's ENV plus `-e`, WORKDIR as cwd.
 * Throws if the command asks for a network (runs never have one).
 */
export function runImage(img: AssembledImage, command: string, callerEnv: Readonly<Record<string, string>>, stdin: string, argv?: readonly string[]): RunOutput {
  const f = parseDockerRun(command, callerEnv);
  if (f.network !== "none") throw new Error(`${command}: the harness always runs without a network; say --network none`);
  const user = resolveUser(f.user ?? img.config.user);
  return runIsolated({
    root: img.root,
    readOnly: f.readOnly,
    uid: user.uid,
    gid: user.gid,
    noNewPrivs: f.noNewPrivs,
    env: { ...img.config.env, HOME: user.home, ...f.env },
    cwd: img.config.workdir,
    argv: argv ?? img.config.entrypoint,
    stdin,
  });
}
