// Tests of the invoker (reference §2.5, §2.8) with fake policies: order, matchConditions,
// mutation errors, and the reinvocation pass.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { invoke, type InvocationSelector, type InvokerPorts, type MutationOutcome } from "../../src/admission/mutating/invoke.js";
import type { ConditionOutcome } from "../../src/admission/dispatch/evaluate-policy.js";
import type { Invocation } from "../../src/admission/dispatch/invocation.js";

interface FakePolicy {
  name: string;
  reinvocation: "Never" | "IfNeeded";
  failurePolicy?: "Fail" | "Ignore";
  condition?: (o: JsonObject) => ConditionOutcome;
  mutations: ((o: JsonObject) => MutationOutcome)[];
}

const ports: InvokerPorts<FakePolicy> = {
  matchConditions: (inv, o) => inv.policy.condition?.(o) ?? { matches: true },
  mutationCount: (p) => p.mutations.length,
  runMutation: (inv, i, o) => inv.policy.mutations[i](o),
  reinvocationPolicy: (p) => p.reinvocation,
  failurePolicy: (p) => p.failurePolicy ?? "Fail",
};

function inv(policy: FakePolicy, param?: string): Invocation<FakePolicy> {
  return {
    policy, policyName: policy.name, bindingName: `${policy.name}-binding`, param: undefined, paramKey: param,
    kind: { group: "", version: "v1", kind: "ConfigMap" }, resource: { group: "", version: "v1", resource: "configmaps" },
  };
}

/** The same invocations in both passes (selection does not depend on the object). */
function fixed(invocations: Invocation<FakePolicy>[]): InvocationSelector<FakePolicy> {
  return () => ({ invocations, errors: [] });
}

const foo = (o: JsonObject): number => Number(((o.metadata as JsonObject).annotations as JsonObject).foo);
const incFoo = (o: JsonObject): MutationOutcome => ({
  object: { ...o, metadata: { ...(o.metadata as JsonObject), annotations: { foo: String(foo(o) + 1) } } },
});
const cm = (): JsonObject => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", annotations: { foo: "0" } } });

test("two IfNeeded and one Never policy adding 1 give 5 (integration test 'multiple policies requiring reinvocation')", () => {
  const ps: FakePolicy[] = [
    { name: "p1", reinvocation: "IfNeeded", mutations: [incFoo] },
    { name: "p2", reinvocation: "IfNeeded", mutations: [incFoo] },
    { name: "p3", reinvocation: "Never", mutations: [incFoo] },
  ];
  const out = invoke(fixed(ps.map((p) => inv(p))), cm(), null, ports);
  assert.equal(foo(out.object), 5);
  assert.deepEqual(out.changedBy.map((c) => `${c.pass}:${c.policy}`), ["1:p1", "1:p2", "1:p3", "2:p1", "2:p2"]);
});

test("one IfNeeded policy with two params plus a Never policy also gives 5", () => {
  const p1: FakePolicy = { name: "p1", reinvocation: "IfNeeded", mutations: [incFoo] };
  const p2: FakePolicy = { name: "p2", reinvocation: "Never", mutations: [incFoo] };
  const out = invoke(fixed([inv(p1, "ns/a"), inv(p1, "ns/b"), inv(p2)]), cm(), null, ports);
  assert.equal(foo(out.object), 5);
});

test("a single Never policy runs once", () => {
  const out = invoke(fixed([inv({ name: "p", reinvocation: "Never", mutations: [incFoo] })]), cm(), null, ports);
  assert.equal(foo(out.object), 1);
});

test("a single IfNeeded policy runs twice", () => {
  const out = invoke(fixed([inv({ name: "p", reinvocation: "IfNeeded", mutations: [incFoo] })]), cm(), null, ports);
  assert.equal(foo(out.object), 2);
});

test("an IfNeeded policy skipped by its matchCondition in pass 1 is not reinvoked", () => {
  const guarded: FakePolicy = { name: "a", reinvocation: "IfNeeded", condition: (o) => ({ matches: foo(o) >= 1 }), mutations: [incFoo] };
  const never: FakePolicy = { name: "b", reinvocation: "Never", mutations: [incFoo] };
  const out = invoke(fixed([inv(guarded), inv(never)]), cm(), null, ports);
  assert.equal(foo(out.object), 1);
});

test("a no-op mutation still triggers the reinvocation pass (the working copy is dirty)", () => {
  const noop: FakePolicy = { name: "a", reinvocation: "IfNeeded", mutations: [(o) => ({ object: o })] };
  let runs = 0;
  const counting: FakePolicy = { name: "b", reinvocation: "IfNeeded", mutations: [(o) => {
    runs++;
    return { object: o };
  }] };
  invoke(fixed([inv(noop), inv(counting)]), cm(), null, ports);
  assert.equal(runs, 2);
});

test("a failing mutation is recorded and the next mutation of the same policy still runs", () => {
  const p: FakePolicy = { name: "p", reinvocation: "Never", failurePolicy: "Ignore", mutations: [() => ({ error: "boom" }), incFoo] };
  const out = invoke(fixed([inv(p)]), cm(), null, ports);
  assert.equal(foo(out.object), 1);
  assert.deepEqual(out.errors.map((e) => [e.code, e.message, e.failurePolicy]), [["mutation", "boom", "Ignore"]]);
});

test("a Fail error in pass 1 stops before the reinvocation pass", () => {
  const p: FakePolicy = { name: "p", reinvocation: "IfNeeded", mutations: [incFoo, () => ({ error: "boom" })] };
  const out = invoke(fixed([inv(p)]), cm(), null, ports);
  assert.equal(foo(out.object), 1);
  assert.equal(out.errors.length, 1);
});

test("a matchCondition error is recorded and the invocation skipped", () => {
  const p: FakePolicy = { name: "p", reinvocation: "Never", condition: () => ({ error: "no such key: labels" }), mutations: [incFoo] };
  const out = invoke(fixed([inv(p)]), cm(), null, ports);
  assert.equal(foo(out.object), 0);
  assert.deepEqual(out.errors.map((e) => e.code), ["match-condition"]);
});

test("a status error aborts the remaining invocations", () => {
  const bad: FakePolicy = { name: "a", reinvocation: "Never", failurePolicy: "Ignore", mutations: [() => ({ error: "Internal error occurred: x", statusError: true })] };
  const next: FakePolicy = { name: "b", reinvocation: "Never", mutations: [incFoo] };
  const out = invoke(fixed([inv(bad), inv(next)]), cm(), null, ports);
  assert.equal(out.statusError?.message, "Internal error occurred: x");
  assert.equal(foo(out.object), 0);
});

test("reinvocation pass: conditions of invocations not re-run are evaluated under Fail (their errors count), not under Ignore (no effect)", () => {
  const seen: string[] = [];
  const counting = (name: string, result: ConditionOutcome) => (o: JsonObject): ConditionOutcome => {
    seen.push(`${name}:${foo(o)}`);
    return result;
  };
  const ps: FakePolicy[] = [
    { name: "again", reinvocation: "IfNeeded", mutations: [incFoo] },
    { name: "fail", reinvocation: "Never", failurePolicy: "Fail", condition: counting("fail", { matches: true }), mutations: [incFoo] },
    { name: "ignore", reinvocation: "Never", failurePolicy: "Ignore", condition: counting("ignore", { matches: true }), mutations: [incFoo] },
    { name: "ignore-again", reinvocation: "IfNeeded", failurePolicy: "Ignore", condition: counting("ignore-again", { matches: true }), mutations: [incFoo] },
  ];
  const out = invoke(fixed(ps.map((p) => inv(p))), cm(), null, ports);
  assert.equal(foo(out.object), 6);
  assert.deepEqual(seen, ["fail:1", "ignore:2", "ignore-again:3", "fail:5", "ignore-again:5"]);
  assert.deepEqual(out.changedBy.map((c) => `${c.pass}:${c.policy}`), ["1:again", "1:fail", "1:ignore", "1:ignore-again", "2:again", "2:ignore-again"]);
});

test("pass 2 selects again on the mutated object: an invocation it no longer selects is not re-run", () => {
  const a: FakePolicy = { name: "a", reinvocation: "IfNeeded", mutations: [incFoo] };
  const seen: string[] = [];
  // Selects `a` while foo is below 1: pass 1 sees foo 0, pass 2 foo 1.
  const select: InvocationSelector<FakePolicy> = (o, pass) => {
    seen.push(`${pass}:${foo(o)}`);
    return { invocations: foo(o) < 1 ? [inv(a)] : [], errors: [] };
  };
  const out = invoke(select, cm(), null, ports);
  assert.deepEqual(seen, ["1:0", "2:1"]);
  assert.equal(foo(out.object), 1);
});

test("pass 2 selection errors are added once; an error of both passes is listed once", () => {
  const p: FakePolicy = { name: "p", reinvocation: "IfNeeded", failurePolicy: "Ignore", mutations: [incFoo] };
  const again = { code: "configure-binding" as const, policy: "q", binding: "q-binding", failurePolicy: "Ignore" as const, message: "no params" };
  const late = { ...again, failurePolicy: "Fail" as const, policy: "r", binding: "r-binding" };
  const select: InvocationSelector<FakePolicy> = (_o, pass) => ({ invocations: [inv(p)], errors: pass === 1 ? [again] : [again, late] });
  const out = invoke(select, cm(), null, ports);
  assert.deepEqual(out.errors.map((e) => e.policy), ["q", "r"]);
});

test("no reinvocation pass selects nothing when pass 1 changed nothing and ran no mutation", () => {
  let calls = 0;
  const p: FakePolicy = { name: "p", reinvocation: "IfNeeded", condition: () => ({ matches: false }), mutations: [incFoo] };
  const select: InvocationSelector<FakePolicy> = () => {
    calls++;
    return { invocations: [inv(p)], errors: [] };
  };
  invoke(select, cm(), null, ports);
  assert.equal(calls, 1);
});

/** A converter between two fake kinds of ConfigMap: "v2" copies carry `seenAs: v2`. */
const twoVersions = {
  requestKind: { group: "", version: "v1", kind: "ConfigMap" },
  convert: (o: JsonObject, k: { version: string }) => {
    if (o.apiVersion === k.version) return { object: o };
    if (k.version === "broken") return { error: "no way" };
    return { object: { ...o, apiVersion: k.version } };
  },
};
const asKind = (i: Invocation<FakePolicy>, version: string): Invocation<FakePolicy> => ({ ...i, kind: { group: "", version, kind: "ConfigMap" } });
const setAnn = (key: string) => (o: JsonObject): MutationOutcome => ({
  object: { ...o, metadata: { ...(o.metadata as JsonObject), annotations: { ...((o.metadata as JsonObject).annotations as JsonObject), [key]: "yes" } } },
});

test("invocations matched as other versions mutate their own copy; only the last mutated copy is written back, converted", () => {
  const a: FakePolicy = { name: "a", reinvocation: "Never", mutations: [setAnn("a")] };
  const b: FakePolicy = { name: "b", reinvocation: "Never", mutations: [setAnn("b")] };
  const out = invoke(fixed([inv(a), asKind(inv(b), "v2")]), cm(), null, { ...ports, convert: twoVersions });
  assert.deepEqual(out.object, { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", annotations: { foo: "0", b: "yes" } } });
});

test("a copy that cannot be converted aborts the request with a status error", () => {
  const a: FakePolicy = { name: "a", reinvocation: "Never", failurePolicy: "Ignore", mutations: [incFoo] };
  const out = invoke(fixed([asKind(inv(a), "broken")]), cm(), null, { ...ports, convert: twoVersions });
  assert.deepEqual([out.statusError?.policy, out.statusError?.message], ["a", "no way"]);
});

test("the written-back copy is converted back to the request's kind; a failure is an internal error", () => {
  const a: FakePolicy = { name: "a", reinvocation: "Never", failurePolicy: "Ignore", mutations: [(o) => ({ object: { ...o, apiVersion: "broken" } })] };
  const refusing = { ...twoVersions, convert: (o: JsonObject, k: { version: string }) => (o.apiVersion === k.version ? { object: o } : { error: `from ${String(o.apiVersion)}` }) };
  const out = invoke(fixed([inv(a)]), cm(), null, { ...ports, convert: refusing });
  assert.equal(out.statusError?.message, "Internal error occurred: failed to convert object: from broken");
});
