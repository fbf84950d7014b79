// Tests of the invoker (reference §2.5, §2.8) with fake policies: order, matchConditions,
// mutation errors, and the reinvocation pass.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "../../src/data/index.js";
import { invoke, type InvokerPorts, type MutationOutcome } from "../../src/admission/mutating/invoke.js";
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
  const out = invoke(ps.map((p) => inv(p)), cm(), null, ports);
  assert.equal(foo(out.object), 5);
  assert.deepEqual(out.changedBy.map((c) => `${c.pass}:${c.policy}`), ["1:p1", "1:p2", "1:p3", "2:p1", "2:p2"]);
});

test("one IfNeeded policy with two params plus a Never policy also gives 5", () => {
  const p1: FakePolicy = { name: "p1", reinvocation: "IfNeeded", mutations: [incFoo] };
  const p2: FakePolicy = { name: "p2", reinvocation: "Never", mutations: [incFoo] };
  const out = invoke([inv(p1, "ns/a"), inv(p1, "ns/b"), inv(p2)], cm(), null, ports);
  assert.equal(foo(out.object), 5);
});

test("a single Never policy runs once", () => {
  const out = invoke([inv({ name: "p", reinvocation: "Never", mutations: [incFoo] })], cm(), null, ports);
  assert.equal(foo(out.object), 1);
});

test("a single IfNeeded policy runs twice", () => {
  const out = invoke([inv({ name: "p", reinvocation: "IfNeeded", mutations: [incFoo] })], cm(), null, ports);
  assert.equal(foo(out.object), 2);
});

test("an IfNeeded policy skipped by its matchCondition in pass 1 is not reinvoked", () => {
  const guarded: FakePolicy = { name: "a", reinvocation: "IfNeeded", condition: (o) => ({ matches: foo(o) >= 1 }), mutations: [incFoo] };
  const never: FakePolicy = { name: "b", reinvocation: "Never", mutations: [incFoo] };
  const out = invoke([inv(guarded), inv(never)], cm(), null, ports);
  assert.equal(foo(out.object), 1);
});

test("a no-op mutation still triggers the reinvocation pass (the working copy is dirty)", () => {
  const noop: FakePolicy = { name: "a", reinvocation: "IfNeeded", mutations: [(o) => ({ object: o })] };
  let runs = 0;
  const counting: FakePolicy = { name: "b", reinvocation: "IfNeeded", mutations: [(o) => {
    runs++;
    return { object: o };
  }] };
  invoke([inv(noop), inv(counting)], cm(), null, ports);
  assert.equal(runs, 2);
});

test("a failing mutation is recorded and the next mutation of the same policy still runs", () => {
  const p: FakePolicy = { name: "p", reinvocation: "Never", failurePolicy: "Ignore", mutations: [() => ({ error: "boom" }), incFoo] };
  const out = invoke([inv(p)], cm(), null, ports);
  assert.equal(foo(out.object), 1);
  assert.deepEqual(out.errors.map((e) => [e.code, e.message, e.failurePolicy]), [["mutation", "boom", "Ignore"]]);
});

test("a Fail error in pass 1 stops before the reinvocation pass", () => {
  const p: FakePolicy = { name: "p", reinvocation: "IfNeeded", mutations: [incFoo, () => ({ error: "boom" })] };
  const out = invoke([inv(p)], cm(), null, ports);
  assert.equal(foo(out.object), 1);
  assert.equal(out.errors.length, 1);
});

test("a matchCondition error is recorded and the invocation skipped", () => {
  const p: FakePolicy = { name: "p", reinvocation: "Never", condition: () => ({ error: "no such key: labels" }), mutations: [incFoo] };
  const out = invoke([inv(p)], cm(), null, ports);
  assert.equal(foo(out.object), 0);
  assert.deepEqual(out.errors.map((e) => e.code), ["match-condition"]);
});

test("a status error aborts the remaining invocations", () => {
  const bad: FakePolicy = { name: "a", reinvocation: "Never", failurePolicy: "Ignore", mutations: [() => ({ error: "Internal error occurred: x", statusError: true })] };
  const next: FakePolicy = { name: "b", reinvocation: "Never", mutations: [incFoo] };
  const out = invoke([inv(bad), inv(next)], cm(), null, ports);
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
  const out = invoke(ps.map((p) => inv(p)), cm(), null, ports);
  assert.equal(foo(out.object), 6);
  assert.deepEqual(seen, ["fail:1", "ignore:2", "ignore-again:3", "fail:5", "ignore-again:5"]);
  assert.deepEqual(out.changedBy.map((c) => `${c.pass}:${c.policy}`), ["1:again", "1:fail", "1:ignore", "1:ignore-again", "2:again", "2:ignore-again"]);
});

test("overdue after a step: the invoker stops there and names the invocation that was running", () => {
  const ps: FakePolicy[] = [
    { name: "p1", reinvocation: "IfNeeded", mutations: [incFoo] },
    { name: "p2", reinvocation: "IfNeeded", mutations: [incFoo, incFoo] },
    { name: "p3", reinvocation: "Never", mutations: [incFoo] },
  ];
  // Steps: p1 conditions, p1 mutation, p2 conditions, p2 mutation 0 (the 4th: overdue), …
  let steps = 0;
  const out = invoke([inv(ps[0]), inv(ps[1], "ns/a"), inv(ps[2])], cm(), null, { ...ports, overdue: () => ++steps >= 4 });
  assert.deepEqual(out.timedOut, { policy: "p2", binding: "p2-binding", param: "ns/a" });
  assert.equal(steps, 4, "nothing runs after the budget is spent");
  assert.deepEqual(out.changedBy.map((c) => `${c.pass}:${c.policy}`), ["1:p1"]);
});

test("never overdue: the same invocations run both passes to the end", () => {
  let steps = 0;
  const ps: FakePolicy[] = [{ name: "p1", reinvocation: "IfNeeded", mutations: [incFoo] }, { name: "p2", reinvocation: "Never", mutations: [incFoo] }];
  const out = invoke(ps.map((p) => inv(p)), cm(), null, { ...ports, overdue: () => ++steps < 0 });
  assert.equal(out.timedOut, undefined);
  assert.equal(foo(out.object), 3);
  assert.equal(steps, 7, "asked after 2 conditions + 2 mutations in pass 1, then both conditions (p2 fails closed) and p1's mutation in pass 2");
});
