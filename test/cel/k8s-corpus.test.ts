// Runs the Kubernetes library corpus (test/cel/corpus/k8s-*.yaml) through the public engine API:
// each case is an expression and its expected value, error text or error pattern.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import yaml from "js-yaml";
import { celEnv, compile, kubernetesLibraries, celEquals, celList, toJson, type CelValue } from "../../src/cel/index.js";
import { k8sLibraries } from "../../src/cel/lib/k8s/index.js";

interface Case {
  name: string;
  expr: string;
  value?: unknown;
  double?: number;
  error?: string;
  errorMatch?: string;
}

const dir = new URL("../../../test/cel/corpus/", import.meta.url);
const env = celEnv(kubernetesLibraries({ extra: k8sLibraries }));

function expected(c: Case): CelValue {
  if (c.double !== undefined) return c.double;
  const conv = (v: unknown): CelValue =>
    typeof v === "number" ? BigInt(v) : Array.isArray(v) ? celList(v.map(conv)) : (v as CelValue);
  return conv(c.value);
}

for (const file of readdirSync(dir).filter((f) => /^k8s-.*\.yaml$/.test(f)).sort()) {
  const cases = yaml.load(readFileSync(new URL(file, dir), "utf8")) as Case[];
  for (const c of cases) {
    test(`${file}: ${c.name}`, () => {
      const compiled = compile(env, c.expr);
      assert.ok(compiled.ok, compiled.ok ? "" : compiled.message);
      const r = compiled.program.eval({});
      if (c.error !== undefined || c.errorMatch !== undefined) {
        assert.ok(r.error, `expected an error, got ${JSON.stringify(r.value === undefined ? undefined : String(toJson(r.value)))}`);
        if (c.error !== undefined) assert.equal(r.error.message, c.error);
        else assert.match(r.error.message, new RegExp(c.errorMatch as string));
        return;
      }
      assert.ok(!r.error, r.error?.message);
      const want = expected(c);
      assert.ok(celEquals(r.value, want), `got ${String(r.value)} (${typeof r.value}), want ${String(want)}`);
    });
  }
}
