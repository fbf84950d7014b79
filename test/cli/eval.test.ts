// `kmutate eval`: in-process cases (value JSON, exit code, stderr) and snapshots of the built bin
// (test/cli/snapshots/eval-*.md; UPDATE_SNAPSHOTS=1 rewrites them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { evalCommand, type EvalOptions } from "../../src/cli/eval.js";
import { memoryIo } from "./io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const inputs = root + "test/cli/snapshots/inputs/";
const snapshots = root + "test/cli/snapshots/";
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

const cases: Array<{ name: string; expr: string; opts?: EvalOptions; stdout?: unknown; stderr?: string; code?: number }> = [
  { name: "reads the object", expr: "object.spec.containers.map(c, c.image)", opts: { object: "pod.yaml" }, stdout: ["nginx:1.27"] },
  { name: "object is null without --object", expr: "object == null", stdout: true },
  { name: "default request is a CREATE built from the object", expr: "[request.operation, request.resource.resource, request.namespace, request.name]", opts: { object: "pod.yaml" }, stdout: ["CREATE", "pods", "prod", "web"] },
  { name: "--old-object makes the default request an UPDATE", expr: "request.operation", opts: { object: "pod.yaml", oldObject: "pod.yaml" }, stdout: "UPDATE" },
  { name: "--request replaces the default request", expr: "[request.operation, request.userInfo.username]", opts: { object: "pod.yaml", request: "request.json" }, stdout: ["UPDATE", "alice"] },
  { name: "params are declared with --params", expr: "params.data.image", opts: { params: "params.yaml" }, stdout: "envoy:1.30" },
  { name: "an empty --params file is null", expr: "params == null", opts: { params: "empty.yaml" }, stdout: true },
  { name: "params are undeclared without --params", expr: "params.data.image", code: 1, stderr: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.data.image\n | ^\n" },
  { name: "namespaceObject is typed", expr: "namespaceObject.metadata.labels.team", opts: { namespaceObject: "namespace.yaml" }, stdout: "payments" },
  { name: "Object needs --mutation", expr: "Object{}", code: 1, stderr: "ERROR: <input>:1:7: undeclared reference to 'Object' (in container '')\n | Object{}\n | ......^\n" },
  { name: "Object values print as their fields", expr: 'Object{metadata: Object.metadata{labels: {"team": "a"}}}', opts: { mutation: true }, stdout: { metadata: { labels: { team: "a" } } } },
  { name: "JSONPatch values print as their fields", expr: 'JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("a/b"), value: 1}', opts: { mutation: true }, stdout: { op: "add", path: "/metadata/labels/a~1b", value: 1 } },
  { name: "JSON patch value rules", expr: '[dyn(duration("1.5s")), dyn(b"abc"), dyn(9007199254740993), dyn(1.0), dyn(2.5), dyn(timestamp("2024-01-01T00:00:00Z")), dyn(1u), dyn(-9007199254740991)]', stdout: ["1.5s", "YWJj", "9007199254740993", 1, 2.5, "2024-01-01T00:00:00Z", 1, -9007199254740991] },
  { name: "runtime error points at the failing node", expr: "object.spec.initContainers.size()", opts: { object: "pod.yaml" }, code: 1, stderr: "ERROR: <input>:1:12: no such key: initContainers\n | object.spec.initContainers.size()\n | ...........^\n" },
  { name: "optional result has no JSON form", expr: "object.?spec", opts: { object: "pod.yaml" }, code: 1, stderr: "ERROR: <input>: unsupported type conversion from optional_type to JSON\n" },
  { name: "syntax error", expr: "1 +", code: 1, stderr: "ERROR: <input>:1:4: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 1 +\n | ...^\n" },
  { name: "missing file", expr: "1", opts: { object: "nope.yaml" }, code: 1, stderr: "kmutate: nope.yaml: cannot read: ENOENT\n" },
  { name: "file that is not an object", expr: "1", opts: { params: "list.yaml" }, code: 1, stderr: "kmutate: list.yaml: --params must be a YAML or JSON object\n" },
  { name: "--validation: a validation expression evaluates", expr: "object.spec.containers.all(c, c.image.contains(':'))", opts: { object: "pod.yaml", validation: "expression" }, stdout: true },
  { name: "--validation: a validation must be exactly bool", expr: "object.spec.hostNetwork", opts: { object: "pod.yaml", validation: "expression" }, code: 1, stderr: "ERROR: <input>: must evaluate to bool but got dyn\n" },
  { name: "--validation: a validation may call the authorizer", expr: "authorizer.requestResource.check('create').allowed()", opts: { object: "pod.yaml", validation: "expression" }, stdout: false },
  { name: "--validation messageExpression: a string", expr: "'image ' + object.spec.containers[0].image", opts: { object: "pod.yaml", validation: "messageExpression" }, stdout: "image nginx:1.27" },
  { name: "--validation messageExpression: must be exactly string", expr: "object.metadata.name", opts: { object: "pod.yaml", validation: "messageExpression" }, code: 1, stderr: "ERROR: <input>: must evaluate to string but got dyn\n" },
  {
    name: "--validation messageExpression: authorizer is not declared",
    expr: "string(authorizer.path('/x').check('get').allowed())",
    opts: { validation: "messageExpression" },
    code: 1,
    stderr: "ERROR: <input>:1:8: undeclared reference to 'authorizer' (in container '')\n | string(authorizer.path('/x').check('get').allowed())\n | .......^\n",
  },
  { name: "--validation valueExpression: null is allowed", expr: "null", opts: { validation: "valueExpression" }, stdout: null },
  { name: "--validation valueExpression: must be string or null", expr: "1", opts: { validation: "valueExpression" }, code: 1, stderr: "ERROR: <input>: must evaluate to one of [string null_type] but got int\n" },
  {
    name: "--validation valueExpression: authorizer is declared but unbound",
    expr: "string(authorizer.path('/x').check('get').allowed())",
    opts: { validation: "valueExpression" },
    code: 1,
    stderr: "ERROR: <input>:1:8: no such attribute(s): authorizer\n | string(authorizer.path('/x').check('get').allowed())\n | .......^\n",
  },
  { name: "authorizer answers NoOpinion", expr: 'authorizer.group("apps").resource("deployments").check("create").allowed()', stdout: false },
  { name: "cost limit", expr: "[1,2,3,4,5,6,7,8,9,10].all(a, [1,2,3,4,5,6,7,8,9,10].all(b, [1,2,3,4,5,6,7,8,9,10].all(c, [1,2,3,4,5,6,7,8,9,10].all(d, [1,2,3,4,5,6,7,8,9,10].all(e, [1,2,3,4,5,6,7,8,9,10].all(f, true))))))", code: 1 },
];

for (const c of cases) {
  test(`eval: ${c.name}`, async () => {
    const io = memoryIo("", inputs);
    const code = await evalCommand(c.expr, c.opts ?? {}, io);
    assert.equal(code, c.code ?? 0, io.err());
    if (c.stdout !== undefined) assert.deepEqual(JSON.parse(io.out()), c.stdout);
    if ((c.code ?? 0) !== 0) assert.equal(io.out(), "");
    if (c.stderr !== undefined) assert.equal(io.err(), c.stderr);
    else if ((c.code ?? 0) === 0) assert.equal(io.err(), "");
  });
}

test("eval: the cost limit error is cel-go's", async () => {
  const io = memoryIo("", inputs);
  await evalCommand(cases[cases.length - 1].expr, {}, io);
  assert.match(io.err(), /^ERROR: <input>(?::\d+:\d+)?: operation cancelled: actual cost limit exceeded\n/);
});

const snapshotCases: Array<{ name: string; args: string[] }> = [
  { name: "eval-help", args: ["eval", "--help"] },
  { name: "eval-object", args: ["eval", "object.metadata.?labels.orValue({})", "--object", "pod.yaml"] },
  { name: "eval-mutation", args: ["eval", "--mutation", "--params", "params.yaml", "--object", "pod.yaml", '[JSONPatch{op: "add", path: "/spec/containers/-", value: Object.spec.containers{name: "proxy", image: params.data.image}}]'] },
  { name: "eval-runtime-error", args: ["eval", "object.spec.containers[1].name", "--object", "pod.yaml"] },
  { name: "eval-compile-error", args: ["eval", "object.spec.containers.exists(c, c.image.startsWith(1))"] },
];

function render(name: string, args: string[], status: number | null, stdout: string, stderr: string): string {
  const q = (a: string): string => (/^[\w./=-]+$/.test(a) ? a : `'${a}'`);
  const block = (s: string): string => "````text\n" + s + (s.endsWith("\n") || s === "" ? "" : "\n[no final newline]\n") + "````\n";
  return `# ${name}\n\nCommand (in test/cli/snapshots/inputs): \`kmutate ${args.map(q).join(" ")}\`\n\nExit code: ${status}\n\n## stdout\n\n${block(stdout)}\n## stderr\n\n${block(stderr)}`;
}

for (const c of snapshotCases) {
  test(`snapshot: ${c.name}`, () => {
    const r = spawnSync(process.execPath, [bin, ...c.args], { cwd: inputs, encoding: "utf8" });
    const actual = render(c.name, c.args, r.status, r.stdout, r.stderr);
    const file = snapshots + c.name + ".md";
    if (process.env.UPDATE_SNAPSHOTS === "1") writeFileSync(file, actual);
    assert.ok(existsSync(file), `missing snapshot ${file}; run with UPDATE_SNAPSHOTS=1 and review it`);
    assert.equal(actual, readFileSync(file, "utf8"));
  });
}
