// Input decoded as it arrives: any chunking gives the text (or binary-input error) of one decode
// of all the bytes; the JSON reader reads text in pieces as it reads the whole text; the questions
// asked of pieces (first character, a needle across two pieces) answer as for the whole text.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeText, firstCharOf, InputDecoder, joinText, readJson } from "../../../src/krm/index.js";
import { pieceBytes, textIncludes } from "../../../src/krm/yaml/decode-text.js";

const utf8 = (s: string): number[] => [...Buffer.from(s)];

/** Byte runs input is made of: text of 1- to 4-byte characters, byte order marks, and bytes that are not UTF-8. */
const fragment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("a", "{", '"', "\\", "\n", "é", "日", "😀", "\u2028", "x: 1\n").map(utf8) },
  { weight: 1, arbitrary: fc.constant(utf8("\ufeff")) },
  { weight: 1, arbitrary: fc.constantFrom([0xff], [0x80], [0xc0, 0x80], [0xe6, 0x97], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98], [0xf8, 0x80, 0x80, 0x80, 0x80]) },
  { weight: 1, arbitrary: fc.constant([0]) },
);

/** What one decode of all the bytes gives (the rules decodeText had before input was decoded in pieces). */
function oneDecode(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  const nul = bytes.indexOf(0);
  if (nul >= 0) return { ok: false, message: `input is binary (NUL byte at offset ${nul}), not YAML or JSON text` };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    return { ok: false, message: "input is binary (invalid UTF-8), not YAML or JSON text" };
  }
}

/** The bytes pushed in chunks cut at `cuts` (offsets, any order), into a decoder told to expect `expected` bytes. */
function chunked(bytes: Uint8Array, cuts: number[], expected = 0): { ok: true; text: string } | { ok: false; message: string } {
  const decoder = new InputDecoder(Number.POSITIVE_INFINITY, expected);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...at, bytes.length]) {
    decoder.push(bytes.subarray(from, to));
    from = to;
  }
  assert.equal(decoder.bytes, bytes.length);
  const d = decoder.end();
  return d.ok ? { ok: true, text: joinText(d.text) } : { ok: false, message: d.error.message };
}

test("decoding in chunks gives one decode's text or binary-input error, wherever the chunks are cut and whatever size is expected", () => {
  fc.assert(
    fc.property(fc.array(fragment, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), fc.nat({ max: 300 }), (fragments, cuts, expected) => {
      const bytes = Uint8Array.from(fragments.flat());
      const want = oneDecode(bytes);
      assert.deepEqual(chunked(bytes, cuts), want);
      assert.deepEqual(chunked(bytes, cuts, expected), want);
      assert.deepEqual(chunked(bytes, cuts, bytes.length), want);
      const whole = decodeText(bytes);
      assert.deepEqual(whole.ok ? whole : { ok: false, message: whole.error.message }, want);
    }),
    { numRuns: 2000 },
  );
});

// Chunks larger than a piece, and pieces cut inside a character: the staged bytes carry it over.
// Each input starts with `[` (JSON: decoded in pieces as it arrives) and with `a` (kept as bytes).
const large: Array<{ name: string; text: (lead: string) => string; cuts: number[]; want?: (lead: string) => string }> = [
  { name: "a 3-byte character across the first piece's end", text: (l) => l + "a".repeat(pieceBytes - 2) + "日" + "b".repeat(10), cuts: [100, pieceBytes - 1 + 2] },
  { name: "a 4-byte character across two pieces, one chunk", text: (l) => l + "a".repeat(pieceBytes - 3) + "😀".repeat(3) + "\n", cuts: [] },
  { name: "white space and a byte order mark, then 2 MiB of text", text: (l) => "\ufeff \n" + l + "é".repeat(pieceBytes), cuts: [1, 2, 65536, 65537], want: (l) => " \n" + l + "é".repeat(pieceBytes) },
  { name: "a second byte order mark is dropped, a third kept", text: (l) => "\ufeff\ufeff\ufeff" + l, cuts: [1, 4], want: (l) => "\ufeff" + l },
];

for (const c of large) {
  for (const lead of ["[", "a"]) {
    test(`decoding in chunks: ${c.name} (${lead})`, () => {
      const text = c.text(lead);
      assert.deepEqual(chunked(Buffer.from(text), c.cuts), { ok: true, text: c.want?.(lead) ?? text });
    });
  }
}

test("text kept whole across many buffers: any cuts and any expected size give one decode's text", () => {
  // 300 KB of 1- to 4-byte characters: past the first buffer (64 KiB) and the ones doubled after it.
  const bytes = Buffer.from("a\u00e9\u65e5\ud83d\ude00\n".repeat(27_000));
  const want = oneDecode(bytes);
  fc.assert(
    fc.property(fc.array(fc.nat(bytes.length), { maxLength: 30 }), fc.constantFrom(0, 1000, 100_000, bytes.length - 1, bytes.length, 2 * bytes.length), (cuts, expected) => {
      assert.deepEqual(chunked(bytes, cuts, expected), want);
    }),
    { numRuns: 60 },
  );
});

for (const lead of ["[", "a"]) {
  test(`decoding in chunks: invalid UTF-8 past the first piece, and a NUL byte after it (${lead})`, () => {
    const bytes = Buffer.concat([Buffer.from(lead + "a".repeat(pieceBytes + 4)), Buffer.from([0xe6, 0x41]), Buffer.from("b".repeat(100))]);
    assert.deepEqual(chunked(bytes, [65536, pieceBytes + 6]), { ok: false, message: "input is binary (invalid UTF-8), not YAML or JSON text" });
    const withNul = Buffer.concat([bytes, Buffer.from([0x42, 0])]);
    assert.deepEqual(chunked(withNul, [65536]), { ok: false, message: `input is binary (NUL byte at offset ${pieceBytes + 5 + 2 + 100 + 1}), not YAML or JSON text` });
  });

  test(`decoding in chunks: text cut inside its last character is binary (${lead})`, () => {
    const bytes = Buffer.from(lead + "a".repeat(pieceBytes) + "日").subarray(0, pieceBytes + 3);
    assert.deepEqual(chunked(bytes, [pieceBytes + 1]), { ok: false, message: "input is binary (invalid UTF-8), not YAML or JSON text" });
  });
}

test("JSON is decoded in pieces as it arrives; other text once, whole", () => {
  for (const [lead, count] of [["\ufeff\t[", 3], ["{", 3], ["a", 1], ["\u00a0[", 1]] as const) {
    const decoder = new InputDecoder();
    const bytes = Buffer.from(lead + "x".repeat(2 * pieceBytes + 10));
    for (let at = 0; at < bytes.length; at += 65536) decoder.push(bytes.subarray(at, at + 65536));
    const d = decoder.end();
    assert.ok(d.ok);
    assert.equal(d.text.length, count, lead);
    assert.equal(joinText(d.text), bytes.toString().replace(/^\ufeff/, ""));
  }
});

/** `text` cut into pieces at `cuts` (offsets in characters). */
function pieces(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const to of [...at, text.length]) {
    out.push(text.slice(from, to));
    from = to;
  }
  return out;
}

/** JSON texts, and near-JSON ones (a character dropped or replaced: most are syntax errors). */
const jsonText = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constantFrom('{"a": 1e+5, "b": -0.25E-3, "c": [true, false, null], "d": "x\\"y\\u00e9\\\\"}', '[12345678901234567890, 1.0, "long string past thirteen characters"]'),
);
const damaged = fc.tuple(jsonText, fc.nat(), fc.constantFrom("", "x", '"', "\\", "\u0001", "-", ".", "e", "}", ",")).map(([t, at, c]) => {
  const i = at % (t.length + 1);
  return t.slice(0, i) + c + t.slice(i + 1);
});

test("the JSON reader reads text in pieces as it reads the whole text: the value, or the error and its offset", () => {
  fc.assert(
    fc.property(fc.oneof(jsonText, damaged), fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
      assert.deepEqual(readJson(pieces(text, cuts)), readJson(text));
    }),
    { numRuns: 3000 },
  );
});

// Tokens cut at every offset: a string (escapes, 13+ characters), numbers, words, white space.
test("the JSON reader: each token cut at every offset", () => {
  const text = '{"key with \\"escape\\"": "a value of more than thirteen characters", "n": [-12.5e+3, 1e-2, 0, 123456789012345678901],\n "w": [true, false, null], "e": "\\u00e9\\n"}';
  const want = readJson(text);
  assert.ok(want.ok);
  for (let i = 0; i <= text.length; i++) {
    for (let j = i; j <= Math.min(text.length, i + 6); j++) assert.deepEqual(readJson([text.slice(0, i), text.slice(i, j), text.slice(j)]), want, `cut at ${i}, ${j}`);
  }
});

test("the JSON reader tells its progress hook as each later piece is reached and as each object of the first three levels ends", () => {
  const text = '{"items": [{"a": {"b": {"x": 0}}}, {"c": [{"d": 1}]}], "e": {"f": 2}}';
  let calls = 0;
  const count = (): void => {
    calls++;
  };
  // The two items (level 3), "e" (level 2) and the list (level 1); not "a", "b" or "d".
  assert.equal(readJson(text, count).ok, true);
  assert.equal(calls, 4);
  calls = 0;
  assert.equal(readJson([text.slice(0, 20), text.slice(20, 40), text.slice(40)], count).ok, true);
  assert.equal(calls, 6);
});

test("first character and needles across pieces", () => {
  const rows: Array<{ pieces: string[]; first: string | undefined; needle: string; has: boolean }> = [
    { pieces: ["  ", "\n", " {", "}"], first: "{", needle: "{}", has: true },
    { pieces: ["", "   "], first: undefined, needle: " ", has: true },
    { pieces: [], first: undefined, needle: "a", has: false },
    { pieces: ["x: admission", "regis", "tration"], first: "x", needle: "admissionregistration", has: true },
    { pieces: ["x: admission", "regis", "tratio"], first: "x", needle: "admissionregistration", has: false },
    { pieces: ["\u00a0[1]"], first: "[", needle: "]", has: true },
  ];
  for (const r of rows) {
    assert.equal(firstCharOf(r.pieces), r.first);
    assert.equal(firstCharOf(r.pieces.join("")), r.first);
    assert.equal(textIncludes(r.pieces, r.needle), r.has, JSON.stringify(r));
    assert.equal(r.pieces.join("").includes(r.needle), r.has);
  }
});
