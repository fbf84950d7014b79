// The benchmark baseline: reads a ResourceList (YAML or JSON) from stdin with js-yaml and
// writes it back unchanged: the fastest YAML round trip, the cost kmutate is compared with.
// YAML 1.2 core schema (what Kubernetes manifests mean; ~20% less CPU than js-yaml's default
// schema, which also tries timestamps and other YAML 1.1 types on every plain scalar).
// An ES module, so that it loads js-yaml's single-file ES build: a CommonJS passthrough requires
// its 15-file CommonJS build and took 6 % more CPU on 10k x 10 (1,954 against 1,818 ms, 5 rounds).
import yaml from "js-yaml";

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const list = yaml.load(Buffer.concat(chunks).toString("utf8"), { schema: yaml.CORE_SCHEMA });
const out = yaml.dump(list, { schema: yaml.CORE_SCHEMA, noRefs: true, lineWidth: -1, noArrayIndent: true });
await new Promise<void>((resolve, reject) => process.stdout.write(out, (err) => (err ? reject(err) : resolve())));
