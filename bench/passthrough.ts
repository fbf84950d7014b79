// The benchmark baseline: reads a ResourceList (YAML or JSON) from stdin with js-yaml and
// writes it back unchanged: the fastest YAML round trip, the cost kmutate is compared with.
import yaml from "js-yaml";

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const list = yaml.load(Buffer.concat(chunks).toString("utf8"));
const out = yaml.dump(list, { noRefs: true, lineWidth: -1 });
await new Promise<void>((resolve, reject) => process.stdout.write(out, (err) => (err ? reject(err) : resolve())));
