// Differential on real manifests: every YAML file of a corpus whose documents are all objects
// becomes one ResourceList (its text re-indented under `items:`, comments, block scalars and
// anchors kept) with a policy that changes every object — labels, annotations, a ConfigMap's or
// Secret's first data key removed and a multi-line value with a `#` line added, a Deployment's
// replicas — and the fast YAML path must give what the same list sent as JSON gives. The corpus is
// the repository's own manifests; `KMUTATE_CORPUS=DIR[:DIR…]` adds directories (the issue notes
// list the public repositories it was run on).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { deepEqual, isObject, type JsonValue } from "../../src/data/index.js";
import { isAdmitted } from "../../src/admission/index.js";
import { readDocument, runFunction } from "../../src/krm/index.js";
import { differenceFromJson } from "./same-as-json.js";
import { listFiles, repoRoot } from "../e2e/harness.js";

const ownDirs = ["examples", "krm", "test/scenarios", "test/cli", "test/e2e"].map((d) => join(repoRoot, d));
const extraDirs = (process.env.KMUTATE_CORPUS ?? "").split(":").filter((d) => d !== "");

const policies = `- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicy
  metadata: {name: zz-corpus-touch}
  spec:
    matchConstraints:
      resourceRules: [{apiGroups: ['*'], apiVersions: ['*'], operations: [CREATE], resources: ['*']}]
    failurePolicy: Fail
    reinvocationPolicy: Never
    mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: 'Object{metadata: Object.metadata{labels: {"corpus.kmutate.dev/touched": "yes"}}}'
    - patchType: JSONPatch
      jsonPatch:
        expression: >-
          has(object.metadata.annotations)
          ? [JSONPatch{op: "add", path: "/metadata/annotations/corpus.kmutate.dev~1note", value: "a"}]
          : [JSONPatch{op: "add", path: "/metadata/annotations", value: {"corpus.kmutate.dev/note": "a"}}]
    - patchType: JSONPatch
      jsonPatch:
        expression: >-
          (object.kind == "ConfigMap" || object.kind == "Secret") && has(object.data) && size(object.data) > 0
          ? [JSONPatch{op: "remove", path: "/data/" + jsonpatch.escapeKey(object.data.map(k, k)[0])},
             JSONPatch{op: "add", path: "/data/corpus-added", value: "line one\\n# not a comment\\n"}]
          : object.kind == "Deployment" && has(object.spec)
          ? [JSONPatch{op: "add", path: "/spec/replicas", value: 7}]
          : []
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingAdmissionPolicyBinding
  metadata: {name: zz-corpus-touch}
  spec: {policyName: zz-corpus-touch}
`;

/** A file's documents as lists of lines, or undefined for what this test does not re-indent (directives, content after `---`). */
function documents(text: string): string[][] | undefined {
  const docs: string[][] = [[]];
  for (const line of text.replace(/\r\n/g, "\n").split("\n")) {
    if (/^%/.test(line) || /^---\s+\S/.test(line)) return undefined;
    if (/^(---|\.\.\.)\s*$/.test(line)) docs.push([]);
    else docs[docs.length - 1].push(line);
  }
  for (const d of docs) while (d.length > 0 && d[d.length - 1].trim() === "") d.pop();
  return docs.filter((d) => d.some((l) => l.trim() !== "" && !/^\s*#/.test(l)));
}

/** The file as a ResourceList with the policies, or undefined when its documents are not all objects or re-indenting changed them. */
function asResourceList(text: string): string | undefined {
  if (text.includes("{{")) return undefined; // a template
  let expected: unknown[];
  try {
    expected = yaml.loadAll(text).filter((d) => d !== null && d !== undefined);
  } catch {
    return undefined;
  }
  if (expected.length === 0 || !expected.every((d) => isObject(d as JsonValue) && typeof (d as { kind?: unknown }).kind === "string" && typeof (d as { apiVersion?: unknown }).apiVersion === "string")) return undefined;
  const docs = documents(text);
  if (docs === undefined) return undefined;
  const items = docs.map((d) => d.map((l, i) => (i === 0 ? "- " : "  ") + l).join("\n")).join("\n");
  const list = `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${policies}${items}\nfunctionConfig:\n  apiVersion: fn.kmutate.dev/v1alpha1\n  kind: MutationConfig\n  spec: {operation: CREATE}\n`;
  try {
    const read = yaml.load(list) as { items?: unknown[] };
    return JSON.stringify(read.items?.slice(2)) === JSON.stringify(expected) ? list : undefined;
  } catch {
    return undefined;
  }
}

for (const [name, dirs, atLeast] of [["the repository's manifests", ownDirs, 40], ...extraDirs.map((d) => [d, [d], 1] as const)] as const) {
  test(`corpus differential (${name}): the fast YAML path gives what the JSON input gives`, () => {
    let lists = 0;
    let admitted = 0;
    for (const file of dirs.flatMap((d) => (statSync(d).isDirectory() ? listFiles(d).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(d, f)) : [d]))) {
      const list = asResourceList(readFileSync(file, "utf8"));
      if (list === undefined) continue;
      lists++;
      const run = runFunction(list);
      const difference = differenceFromJson(list, run);
      assert.equal(difference, undefined, `${file}: ${difference}`);
      if (run.exitCode !== 0) continue;
      admitted++;
      const out = readDocument(run.stdout);
      assert.ok(out.ok && isObject(out.value) && Array.isArray(out.value.items));
      for (const item of out.value.items) {
        if (!isObject(item) || !isAdmitted(item)) continue;
        const labels = isObject(item.metadata) && isObject(item.metadata.labels) ? item.metadata.labels : {};
        assert.ok(deepEqual(labels["corpus.kmutate.dev/touched"], "yes"), `${file}: ${String(item.kind)} not changed by the policy`);
      }
    }
    assert.ok(lists >= atLeast, `only ${lists} files read as lists of objects`);
    assert.ok(admitted * 2 >= lists, `only ${admitted} of ${lists} lists admitted`);
  });
}
