// fn mode reads stdin as it arrives: chunks cut anywhere (inside a UTF-8 character too) give the
// output of the whole input; binary input found in a later chunk, and input at and past the byte
// limit, end with the exact one-line messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { fnCommand } from "../../src/cli/fn.js";
import { runFunction } from "../../src/krm/index.js";
import { memoryIo, withOpenFile } from "./io.js";

const bin = fileURLToPath(new URL("../../src/cli/kmutate.cjs", import.meta.url));

/** fn mode (serial, quiet) on `bytes` arriving in chunks cut at `cuts`, with `KMUTATE_MAX_INPUT_BYTES` = `max` when given. */
async function fnOnChunks(bytes: Uint8Array, cuts: number[], max?: number): Promise<{ code: number; out: string; err: string }> {
  const chunks: Buffer[] = [];
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    chunks.push(Buffer.from(bytes.subarray(from, to)));
    from = to;
  }
  const io = { ...memoryIo(), stdin: Readable.from(chunks), env: { KMUTATE_WORKERS: "1" } };
  const saved = process.env.KMUTATE_MAX_INPUT_BYTES;
  if (max === undefined) delete process.env.KMUTATE_MAX_INPUT_BYTES;
  else process.env.KMUTATE_MAX_INPUT_BYTES = String(max);
  try {
    const code = await fnCommand(io, undefined, { quiet: true });
    return { code, out: io.out(), err: io.err() };
  } finally {
    if (saved === undefined) delete process.env.KMUTATE_MAX_INPUT_BYTES;
    else process.env.KMUTATE_MAX_INPUT_BYTES = saved;
  }
}

const yamlList = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: café-日本\n  data:\n    smile: 😀\n";
const jsonList = '{"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "café-日本"}, "data": {"smile": "😀"}}]}';
const jsonOut = `{
  "apiVersion": "config.kubernetes.io/v1",
  "kind": "ResourceList",
  "items": [
    {
      "apiVersion": "v1",
      "kind": "ConfigMap",
      "metadata": {
        "name": "café-日本"
      },
      "data": {
        "smile": "😀"
      }
    }
  ]
}
`;

for (const [format, list, want] of [["YAML", yamlList, yamlList], ["JSON", jsonList, jsonOut]] as const) {
  test(`fn reads ${format} stdin cut inside each multi-byte character as the whole input`, async () => {
    const bytes = Buffer.from(list);
    assert.equal(runFunction(bytes, undefined, { quiet: true }).stdout, want);
    // Every cut inside a character (a byte that continues one), one at a time and all at once.
    const inside = [...bytes.keys()].filter((i) => (bytes[i] & 0xc0) === 0x80);
    assert.equal(inside.length, 1 + 2 * 2 + 3); // é, 日, 本, 😀
    for (const cuts of [...inside.map((i) => [i]), inside]) assert.deepEqual(await fnOnChunks(bytes, cuts), { code: 0, out: want, err: "" });
  });
}

const binary = (why: string): string => `kmutate: stdin: input is binary (${why}), not YAML or JSON text\n`;
const tooLarge = (max: number): string => `kmutate: stdin: the input is larger than the limit of ${max} bytes (set KMUTATE_MAX_INPUT_BYTES to change it)\n`;
const yamlBytes = Buffer.from(yamlList);
const rows: Array<{ name: string; bytes: Uint8Array; cuts: number[]; max?: number; want: { code: number; out: string; err: string } }> = [
  { name: "invalid UTF-8 in a later chunk", bytes: Buffer.concat([yamlBytes, Buffer.from([0x23, 0xff, 0x0a])]), cuts: [20, yamlBytes.length], want: { code: 1, out: "", err: binary("invalid UTF-8") } },
  { name: "a character cut by the end of the input", bytes: Buffer.from(yamlList + "# 日").subarray(0, yamlBytes.length + 3), cuts: [yamlBytes.length + 2], want: { code: 1, out: "", err: binary("invalid UTF-8") } },
  {
    name: "a NUL byte in a later chunk than invalid UTF-8: the NUL byte is named",
    bytes: Buffer.concat([Buffer.from([0x61, 0xff]), yamlBytes, Buffer.from([0])]),
    cuts: [1, 30],
    want: { code: 1, out: "", err: binary(`NUL byte at offset ${yamlBytes.length + 2}`) },
  },
  { name: "exactly at the limit (bytes, not characters)", bytes: yamlBytes, cuts: [60], max: yamlBytes.length, want: { code: 0, out: yamlList, err: "" } },
  { name: "one byte past the limit", bytes: yamlBytes, cuts: [60], max: yamlBytes.length - 1, want: { code: 1, out: "", err: tooLarge(yamlBytes.length - 1) } },
  { name: "binary input past the limit: the limit is named", bytes: Buffer.concat([Buffer.from([0xff, 0]), yamlBytes]), cuts: [1], max: 10, want: { code: 1, out: "", err: tooLarge(10) } },
];

for (const r of rows) {
  test(`fn reads stdin in chunks: ${r.name}`, async () => {
    assert.deepEqual(await fnOnChunks(r.bytes, r.cuts, r.max), r.want);
  });
}

/** The bin (fn mode, serial, quiet) with stdin redirected from a file holding `bytes` (read from its descriptor, not as a stream). */
function binOnFile(bytes: Uint8Array, max?: number): Promise<{ code: number | null; out: string; err: string }> {
  return withOpenFile(bytes, (fd) => {
    const env = { ...process.env, KMUTATE_WORKERS: "1", KMUTATE_MAX_INPUT_BYTES: max === undefined ? "" : String(max) };
    const r = spawnSync(process.execPath, [bin, "fn", "-q"], { stdio: [fd, "pipe", "pipe"], encoding: "utf8", env });
    return { code: r.status, out: r.stdout, err: r.stderr };
  });
}

test("the bin reads stdin redirected from a file as it reads a stream", async () => {
  assert.deepEqual(await binOnFile(yamlBytes), { code: 0, out: yamlList, err: "" });
  assert.deepEqual(await binOnFile(Buffer.from(jsonList)), { code: 0, out: jsonOut, err: "" });
  for (const r of rows) assert.deepEqual(await binOnFile(r.bytes, r.max), r.want, r.name);
});
