// The comment-keeping stream of `kmutate apply`: untouched documents byte-identical, changed
// documents updated in place (comments elsewhere survive), errors located as file:line:col.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JsonFloat, type JsonObject } from "../../src/data/index.js";
import { readStream, writeStream } from "../../src/krm/index.js";

const deploy = `# top comment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # the name
  labels:
    app: web
spec:
  replicas: 3

  template:
    spec:
      # containers here
      containers:
      - name: app
        image: "nginx:1.0" # pinned
        resources:
          limits: {cpu: 1.0}
      - name: side
        image: busybox
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm
data:
  a: '1'
...
`;
const json = `{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "stringData": {"k": "v"}}\n`;

function read(files: Array<[string, string]>): { files: ReturnType<typeof readStream> & { ok: true } } {
  const r = readStream(files.map(([path, text]) => ({ path, text })));
  assert.ok(r.ok, JSON.stringify(r));
  return { files: r };
}

test("unchanged documents are written byte for byte", () => {
  const { files } = read([["a.yaml", deploy]]);
  assert.equal(writeStream(files.files, files.items), deploy);
});

test("several files are joined with --- and stay byte-identical", () => {
  const { files } = read([["a.yaml", deploy], ["b.json", json], ["c.yaml", "---\napiVersion: v1\nkind: A\nmetadata:\n  name: c\n"]]);
  assert.equal(writeStream(files.files, files.items), deploy + "---\n" + json + "---\napiVersion: v1\nkind: A\nmetadata:\n  name: c\n");
  assert.deepEqual(files.locations, [{ path: "a.yaml", index: 0 }, { path: "a.yaml", index: 1 }, { path: "b.json", index: 0 }, { path: "c.yaml", index: 0 }]);
});

test("values keep the int/double distinction", () => {
  const { files } = read([["a.yaml", deploy]]);
  const limits = ((((files.items[0].spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0].resources as JsonObject;
  assert.deepEqual((limits.limits as JsonObject).cpu, new JsonFloat(1));
  assert.equal((files.items[0].spec as JsonObject).replicas, 3);
});

test("a changed document is updated node by node; comments, quotes and blank lines elsewhere survive", () => {
  const { files } = read([["a.yaml", deploy]]);
  const after = structuredClone(files.items);
  const spec = after[0].spec as JsonObject;
  spec.replicas = 5;
  const containers = ((spec.template as JsonObject).spec as JsonObject).containers as JsonObject[];
  containers.unshift({ name: "init", image: "x" });
  containers[2].env = [{ name: "A", value: "yes" }];
  (after[0].metadata as JsonObject).labels = { app: "web", team: "on" };
  containers[1].resources = { limits: { cpu: new JsonFloat(1) } }; // equal to before: untouched
  const out = writeStream(files.files, after);
  assert.equal(
    out,
    `# top comment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # the name
  labels:
    app: web
    team: "on"
spec:
  replicas: 5

  template:
    spec:
      # containers here
      containers:
      - name: init
        image: x
      - name: app
        image: "nginx:1.0" # pinned
        resources:
          limits: {cpu: 1.0}
      - name: side
        image: busybox
        env:
        - name: A
          value: "yes"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm
data:
  a: '1'
...
`,
  );
});

test("removing a key and a list element keeps the rest", () => {
  const { files } = read([["a.yaml", deploy]]);
  const after = structuredClone(files.items);
  delete (after[0].metadata as JsonObject).labels;
  const containers = (((after[0].spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[];
  containers.pop();
  const out = writeStream(files.files, after);
  assert.ok(out.includes("  name: web # the name\nspec:\n"), out);
  assert.ok(out.includes('        image: "nginx:1.0" # pinned\n'), out);
  assert.ok(!out.includes("busybox"), out);
});

const errorRows: Array<{ name: string; text: string; error: string }> = [
  { name: "YAML syntax error", text: "apiVersion: v1\nkind: [a\n", error: "f.yaml:3:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]" },
  { name: "document that is not an object", text: "apiVersion: v1\nkind: A\nmetadata: {name: a}\n---\n- a\n", error: "f.yaml:5:1: document 2 must be a mapping (a Kubernetes object), got a list" },
  { name: "object without a name", text: "apiVersion: v1\nkind: A\nmetadata: {}\n", error: "f.yaml:1:1: document 1 (v1 A) has no metadata.name" },
  { name: "duplicate key", text: "apiVersion: v1\napiVersion: v2\n", error: "f.yaml:2:1: YAML syntax error: Map keys must be unique" },
];
for (const row of errorRows) {
  test(`apply input error: ${row.name}`, () => {
    const r = readStream([{ path: "f.yaml", text: row.text }]);
    assert.equal(r.ok, false);
    if (!r.ok) assert.deepEqual(r.errors, [row.error]);
  });
}

test("apply input error: alias bomb is refused", () => {
  const levels = ["a: &a [x,x,x,x,x,x,x,x,x,x]"];
  for (let i = 1; i < 9; i++) {
    const p = String.fromCharCode(96 + i);
    levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill("*" + p).join(",")}]`);
  }
  const r = readStream([{ path: "bomb.yaml", text: "apiVersion: v1\nkind: A\nmetadata: {name: a}\n" + levels.join("\n") + "\n" }]);
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.errors[0], /^bomb\.yaml:1:1: YAML aliases expand the document to more than \d+ nodes \(it has \d+\); refusing an alias bomb$/);
});

test("empty documents are kept verbatim and are not items", () => {
  const text = "---\n# only a comment\n---\napiVersion: v1\nkind: A\nmetadata: {name: a}\n";
  const { files } = read([["e.yaml", text]]);
  assert.equal(files.items.length, 1);
  assert.equal(writeStream(files.files, files.items), text);
});
