// Cross-check against the shared conformance scenarios (../shared/scenarios) without CEL: for
// the matching, namespace, params, exempt and version cases, the objects the expected output
// changes are exactly those that get at least one (policy, binding, param) invocation here, and
// the expected binding-level errors are produced with the apiserver's text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { deepEqual, getString, isObject, type JsonObject } from "../../src/data/index.js";
import { exemptReason } from "../../src/admission/match/exempt.js";
import { isPolicyItem, loadPolicies } from "../../src/admission/policy/load-policies.js";
import { matchPolicyAndBinding } from "../../src/admission/match/match-resources.js";
import type { RequestAttrs } from "../../src/admission/match/match-types.js";
import { namespaceLookup } from "../../src/admission/match/namespaces.js";
import { buildParamIndex, collectParams, paramKindNotFound } from "../../src/admission/dispatch/params.js";
import { bindPolicies } from "../../src/admission/policy/policy-model.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const dir = join(repo, "../shared/scenarios");
const builtinPath = join(repo, "../shared/k8s-api/builtin-resources.json");
const areas = ["match-", "namespace-", "params-", "exempt-", "version-"];

interface ResourceInfo {
  resource: string;
  namespaced: boolean;
}

function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf("/");
  return i < 0 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

function resourceTable(items: JsonObject[]): Map<string, ResourceInfo> {
  const table = new Map<string, ResourceInfo>();
  const builtin = JSON.parse(readFileSync(builtinPath, "utf8")) as { resources: { group: string; version: string; kind: string; resource: string; namespaced: boolean }[] };
  for (const r of builtin.resources) table.set(`${r.group}/${r.version}/${r.kind}`, { resource: r.resource, namespaced: r.namespaced });
  for (const it of items) {
    if (it.kind !== "CustomResourceDefinition") continue;
    const spec = it.spec as JsonObject;
    const names = spec.names as JsonObject;
    for (const v of spec.versions as JsonObject[]) {
      table.set(`${String(spec.group)}/${String(v.name)}/${String(names.kind)}`, { resource: String(names.plural), namespaced: spec.scope === "Namespaced" });
    }
  }
  return table;
}

function key(o: JsonObject): string {
  return [o.apiVersion, o.kind, getString(o, "metadata", "namespace") ?? "", getString(o, "metadata", "name") ?? ""].join("|");
}

interface Outcome {
  invocations: number;
  errors: string[];
}

function select(items: JsonObject[], operation: "CREATE" | "UPDATE"): Map<string, Outcome> {
  const loaded = loadPolicies(items);
  assert.deepEqual(loaded.problems, [], "scenario policies are valid");
  const table = resourceTable(items);
  const lookup = namespaceLookup(items);
  const index = buildParamIndex(items, "default");
  const bound = bindPolicies(loaded.policies, loaded.bindings);
  const out = new Map<string, Outcome>();
  for (const item of items) {
    if (isPolicyItem(item)) continue;
    const apiVersion = getString(item, "apiVersion") ?? "";
    const kind = getString(item, "kind") ?? "";
    const { group, version } = splitApiVersion(apiVersion);
    const info = table.get(`${group}/${version}/${kind}`);
    if (!info) continue;
    const outcome: Outcome = { invocations: 0, errors: [] };
    out.set(key(item), outcome);
    if (exemptReason(group, info.resource)) continue;
    const isNamespace = group === "" && kind === "Namespace";
    const attrs: RequestAttrs = {
      group, version, resource: info.resource, subresource: "",
      kind: { group, version, kind },
      namespace: info.namespaced ? getString(item, "metadata", "namespace") || "default" : "",
      name: getString(item, "metadata", "name") ?? "",
      operation,
      object: item,
      oldObject: operation === "UPDATE" ? item : null,
    };
    if (isNamespace && operation === "UPDATE") attrs.namespace = attrs.name;
    for (const { policy, bindings } of bound) {
      for (const b of bindings) {
        const m = matchPolicyAndBinding(policy, b, attrs, lookup);
        if (m.policyError) outcome.errors.push(`failed to configure policy: ${m.policyError}`);
        if (m.bindingError) outcome.errors.push(`failed to configure binding: ${m.bindingError}`);
        if (!m.matches) continue;
        let scope: "Namespaced" | "Cluster" = "Namespaced";
        if (policy.paramKind) {
          const pk = table.get(`${policy.paramKind.group}/${policy.paramKind.version}/${policy.paramKind.kind}`);
          if (!pk) {
            outcome.errors.push(paramKindNotFound(policy.paramKind));
            continue;
          }
          scope = pk.namespaced ? "Namespaced" : "Cluster";
        }
        const p = collectParams(policy, b, attrs, index, scope);
        if ("error" in p) outcome.errors.push(`failed to configure binding: ${p.error}`);
        else if ("params" in p) outcome.invocations += p.params.length;
      }
    }
  }
  return out;
}

const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".yaml") && areas.some((a) => f.startsWith(a))).sort() : [];
if (files.length === 0) test("scenario selection", (t) => t.skip("../shared/scenarios not found"));

for (const file of files) {
  test(`scenario selection: ${file}`, () => {
    const sc = yaml.load(readFileSync(join(dir, file), "utf8")) as { input: JsonObject[]; expect: { objects?: JsonObject[]; errors?: string[] }; config?: JsonObject };
    const spec = sc.config && isObject(sc.config.spec) ? sc.config.spec : {};
    const operation = spec.operation === "UPDATE" ? "UPDATE" : "CREATE";
    const outcomes = select(sc.input, operation);
    const inputs = new Map(sc.input.map((o) => [key(o), o]));
    let checked = 0;
    for (const expected of sc.expect.objects ?? []) {
      const input = inputs.get(key(expected));
      const outcome = outcomes.get(key(expected));
      if (!input || !outcome) continue;
      const changed = !deepEqual(input, expected);
      assert.equal(outcome.invocations > 0, changed, `${key(expected)}: invocations ${outcome.invocations}, changed ${changed}`);
      if (changed) assert.deepEqual(outcome.errors, [], key(expected));
      checked++;
    }
    const allErrors = [...outcomes.values()].flatMap((o) => o.errors);
    for (const e of sc.expect.errors ?? []) {
      assert.ok(allErrors.some((m) => m.includes(e)), `expected error ${JSON.stringify(e)} in ${JSON.stringify(allErrors)}`);
    }
    if (!sc.expect.errors) assert.deepEqual(allErrors, []);
    assert.ok(checked > 0 || (sc.expect.errors ?? []).length > 0, "the scenario checked something");
  });
}
