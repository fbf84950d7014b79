// Benchmark (not a test; runs only with KMUTATE_BENCH=1): parse + re-serialise round trip of a
// generated 10,000-object ResourceList with js-yaml, the `yaml` Document API, and kmutate's fn path.
// Run: npm run build && KMUTATE_BENCH=1 node dist/test/krm/roundtrip-bench.js
import yaml from "js-yaml";
import { parseDocument } from "yaml";
import type { JsonObject } from "../../src/data/index.js";
import { runFunction, writeJson } from "../../src/krm/index.js";
import { dumpSchema, loadSchema } from "../../src/krm/yaml/fast-yaml-schema.js";

function item(i: number): string {
  return `- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: app-${i} # generated
    namespace: team-${i % 50}
    labels: {app: app-${i}, tier: "web"}
    annotations:
      config.kubernetes.io/index: '0'
      config.kubernetes.io/path: 'apps/app-${i}.yaml'
      internal.config.kubernetes.io/path: 'apps/app-${i}.yaml'
      config.k8s.io/id: '${i + 1}'
  spec:
    replicas: ${i % 5}
    template:
      spec:
        containers:
        - name: app
          image: "registry.example/app:${i}.0"
          args: [--port, "8080"]
          resources: {limits: {cpu: 1.0, memory: 128Mi}}
`;
}

function time(label: string, runs: number, f: () => unknown): void {
  f();
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} ${(ms[Math.floor(ms.length / 2)] / 1000).toFixed(2)} s (median of ${runs})`);
}

if (process.env.KMUTATE_BENCH === "1") {
  const n = 10_000;
  const text = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n" + Array.from({ length: n }, (_, i) => item(i)).join("");
  console.log(`ResourceList: ${n} objects, ${(text.length / 1e6).toFixed(1)} MB; node ${process.version}`);
  const runs = 5;
  time("js-yaml load + dump (kmutate schema)", runs, () => yaml.dump(yaml.load(text, { schema: loadSchema }), { schema: dumpSchema, noRefs: true, lineWidth: -1 }));
  time("yaml parseDocument + toString (comment-keeping)", runs, () => parseDocument(text, { intAsBigInt: true }).toString());
  time("kmutate fn, nothing changes (read, check, admit, splice)", runs, () => runFunction(text));
  const changeAll = (items: JsonObject[]): { items: JsonObject[]; results: [] } => ({ items: items.map((it) => ({ ...it, touched: true })), results: [] });
  time("kmutate fn, every item changes (changed items patched in the text)", runs, () => runFunction(text, changeAll));
  const parsed = yaml.load(text, { schema: loadSchema }) as JsonObject;
  const json = writeJson(parsed);
  if (json.ok) time(`kmutate fn on the same list as JSON (${(json.text.length / 1e6).toFixed(1)} MB)`, runs, () => runFunction(json.text));
}
