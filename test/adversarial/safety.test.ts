// Safety: no eval/Function in src (vm only where the bin runs its own bundles or reads gc);
// `__proto__`/`constructor`/`prototype` keys in manifests, params and JSON-patch paths never reach
// Object.prototype; policies have no file or network function; one failing object never skips
// another; EPIPE and SIGTERM end the bin without a stack trace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import ts from "typescript";
import { runFunction, readDocument } from "../../src/krm/index.js";
import { celEnv, compile, kubernetesLibraries } from "../../src/cel/index.js";
import { isObject } from "../../src/data/index.js";
import { binding, configMap, policy, resourceList } from "./fixtures.js";

const srcDir = fileURLToPath(new URL("../../../src/", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));
const protoNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Calls of the global `eval`/`Function` (also `new Function`) and imports of `vm`, found by the TypeScript parser. */
function dynamicCode(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const hits: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && ts.isIdentifier(n.expression) && (n.expression.text === "eval" || n.expression.text === "Function")) {
      hits.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.expression.text}`);
    }
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && /^(node:)?vm$/.test(n.moduleSpecifier.text)) hits.push(`${file}: import vm`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return hits;
}

/**
 * The two reviewed uses of vm: the bin compiles its own bundles (files beside it, written by the
 * build) through vm.Script to use V8's code cache; and it reads V8's `gc` from a new context (the
 * constant source `gc`) to collect garbage once the input text is released. No input, policy or
 * expression reaches either.
 */
const allowedDynamicCode = [`${join(srcDir, "cli", "code-cache.ts")}: import vm`, `${join(srcDir, "cli", "util-collect-garbage.ts")}: import vm`];

test("no eval, Function or vm anywhere in src/ but the bin's code cache and gc (scanned with the TypeScript parser)", () => {
  const files = tsFiles(srcDir);
  assert.ok(files.length > 50, `scanned ${files.length} files`);
  assert.deepEqual(files.flatMap((f) => dynamicCode(f, readFileSync(f, "utf8"))), allowedDynamicCode);
});

test("twin: the scan finds eval, new Function and vm, and ignores a method named eval", () => {
  const text = 'import vm from "node:vm";\nconst a = eval("1");\nconst f = new Function("return 1");\nconst p = { eval(x: number) { return x; } };\np.eval(1);\n';
  assert.deepEqual(dynamicCode("x.ts", text), ["x.ts: import vm", "x.ts:2: eval", "x.ts:3: Function"]);
});

const pollute = (key: string): string => `[JSONPatch{op: "add", path: "/metadata/labels/${key}", value: "x"}, JSONPatch{op: "add", path: "/${key}/polluted", value: "yes"}, JSONPatch{op: "add", path: "/data/${key}", value: {"polluted": "yes"}}]`;

test("prototype pollution through manifests, params, patch paths and ApplyConfiguration keys leaves Object.prototype untouched", () => {
  const before = protoNames();
  const evil = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": {"polluted": "yes"}}');
  const applyPolicy = policy("apply", []);
  (applyPolicy.spec as { mutations: unknown[] }).mutations = [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: 'Object{data: {"__proto__": "x", "constructor": "y", "prototype": "z"}}' } }];
  const paramPolicy = policy("params", [`[JSONPatch{op: "add", path: "/data/fromParams", value: string(params.data)}]`]);
  (paramPolicy.spec as Record<string, unknown>).paramKind = { apiVersion: "v1", kind: "ConfigMap" };
  const paramBinding = binding("params");
  (paramBinding.spec as Record<string, unknown>).paramRef = { name: "evil-params", namespace: "default", parameterNotFoundAction: "Deny" };
  const items = [
    policy("keys", [pollute("__proto__"), pollute("constructor"), pollute("prototype")], { failurePolicy: "Ignore" }),
    binding("keys"), applyPolicy, binding("apply"), paramPolicy, paramBinding,
    { ...configMap("evil-params", {}), data: evil },
    // biome-ignore lint/suspicious/noProto: the test feeds an own `__proto__` key through the pipeline on purpose
    { ...configMap("victim", {}), ...evil, metadata: { name: "victim", namespace: "default", labels: evil.__proto__, annotations: evil } },
  ];
  const run = runFunction(resourceList(items));
  assert.deepEqual(protoNames(), before);
  const probe: Record<string, unknown> = {};
  assert.equal(probe.polluted, undefined);
  assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
  assert.ok(run.stdout.length > 0, run.stderr);
  const out = readDocument(run.stdout);
  assert.ok(out.ok && isObject(out.value) && Array.isArray(out.value.items) && out.value.items.length === items.length);
  const victim = out.value.items.find((i) => isObject(i) && isObject(i.metadata) && i.metadata.name === "victim");
  assert.ok(isObject(victim) && Object.prototype.hasOwnProperty.call(victim, "__proto__"), "__proto__ stays an ordinary key of the object");
  assert.ok(run.stdout.includes('"polluted"'), "the evil keys are written back as data");
});

test("policies cannot reach files or the network: such functions are undeclared", () => {
  const env = celEnv({ ...kubernetesLibraries({ mutation: true }), variables: { object: { kind: "dyn" } } });
  for (const expr of ["http.get('http://example.com')", "http('x')", "readFile('/etc/passwd')", "file('/etc/passwd')", "env('HOME')", "exec('ls')", "fetch('x')", "import('fs')", "require('fs')", "object.constructor.constructor('return process')()"]) {
    const c = compile(env, expr);
    if (c.ok) {
      const r = c.program.eval({ object: {} as never });
      assert.ok(r.error, `${expr} must not evaluate to a value`);
    } else assert.match(c.message, /undeclared reference|found no matching overload|Syntax error|mismatched input|no viable|reserved identifier/, `${expr}: ${c.message}`);
  }
});

test("a failure on one object never skips another: objects around it are still mutated, the failing one is named", () => {
  const items = [
    policy("p", [`object.data.mode == "bad" ? [JSONPatch{op: "remove", path: "/data/missing"}] : [JSONPatch{op: "add", path: "/data/done", value: "yes"}]`]),
    binding("p"),
    configMap("a", { mode: "ok" }), configMap("b", { mode: "bad" }), configMap("c", { mode: "ok" }),
  ];
  const run = runFunction(resourceList(items));
  assert.equal(run.exitCode, 1);
  const out = readDocument(run.stdout);
  assert.ok(out.ok && isObject(out.value) && Array.isArray(out.value.items));
  const data = (n: number): unknown => (out.value as { items: { data: unknown }[] }).items[n].data;
  assert.deepEqual(data(2), { mode: "ok", done: "yes" });
  assert.deepEqual(data(3), { mode: "bad" });
  assert.deepEqual(data(4), { mode: "ok", done: "yes" });
  const errors = run.results.filter((r) => r.severity === "error");
  assert.equal(errors.length, 1);
  assert.equal(errors[0].resourceRef?.name, "b");
});

test("an internal error in admission fails the whole run loudly: items unchanged, one error result, exit 1", () => {
  const text = resourceList([configMap("a"), configMap("b")]);
  const run = runFunction(text, () => {
    throw new Error("boom");
  });
  assert.equal(run.exitCode, 1);
  const out = readDocument(run.stdout);
  assert.ok(out.ok && isObject(out.value) && Array.isArray(out.value.items) && out.value.items.length === 2);
  assert.match(run.results[0].message, /internal error: boom/);
});

/** Runs the bin on `input`; `onSpawn` may act on the child. */
function runBin(input: string, onSpawn: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdin.on("error", () => undefined);
    child.on("close", (code, signal) => resolve({ code, signal, stderr }));
    onSpawn(child);
    child.stdin.end(input);
  });
}

const bigList = resourceList(Array.from({ length: 4000 }, (_, i) => configMap(`cm-${i}`, { payload: "x".repeat(200) })));

test("EPIPE: a reader that goes away leaves no stack trace", async () => {
  const r = await runBin(bigList, (child) => child.stdout?.once("data", () => child.stdout?.destroy()));
  assert.doesNotMatch(r.stderr, /\n\s+at \S+ \(|Error:/);
});

test("SIGTERM while working ends the bin without a stack trace", async () => {
  const r = await runBin(bigList, (child) => setTimeout(() => child.kill("SIGTERM"), 150));
  assert.ok(r.signal === "SIGTERM" || r.code !== null);
  assert.doesNotMatch(r.stderr, /\n\s+at \S+ \(/);
});
