// kmutate's block-YAML reader against js-yaml (loadSchema): whatever it accepts, js-yaml reads as
// exactly one document with the same value (same key order, same number kinds); what it declines
// goes to js-yaml. Table rows for each construct and each fallback, then differential properties
// over generated documents in many dump styles and over randomly damaged texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inspect, isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import yaml from "js-yaml";
import { JsonFloat, type JsonValue } from "../../../src/data/index.js";
import { readBlockYaml } from "../../../src/krm/yaml/block-yaml.js";
import { dumpSchema, loadSchema } from "../../../src/krm/yaml/fast-yaml-schema.js";

/** js-yaml's reading: the one document's value, or the reason it is not one. */
function reference(text: string): { value: unknown } | { error: string } {
  try {
    const docs = yaml.loadAll(text, undefined, { schema: loadSchema, maxDepth: 1000 } as yaml.LoadOptions);
    return docs.length === 1 ? { value: docs[0] } : { error: `${docs.length} documents` };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** The law: an accepted text reads as js-yaml reads it. Returns whether it was accepted. */
function agrees(text: string): boolean {
  const mine = readBlockYaml(text);
  if (mine === undefined) return false;
  const ref = reference(text);
  assert.ok("value" in ref, `accepted, but js-yaml: ${"error" in ref ? ref.error : ""}\n${text}`);
  assert.ok(isDeepStrictEqual(mine, ref.value), `differs from js-yaml:\n${text}\nmine: ${inspect(mine, { depth: 9 })}\njs-yaml: ${inspect(ref.value, { depth: 9 })}`);
  return true;
}

const accepted: { name: string; text: string }[] = [
  { name: "nested mappings, comments, blank lines", text: "# head\na: 1 # one\n\nb:\n  # inner\n  c: x\n  d: \"y\" # q\ne: 'it''s'\n" },
  { name: "sequences at the key's indent and indented", text: "a:\n- 1\n- x: 2\n  y: [3, 4]\nb:\n  - c\n  -\n  - d: e\n" },
  { name: "null values and empty entries", text: "a:\nb: ~\nc: null\nd:\n- \n-\ne: {}\nf: []\n" },
  { name: "core schema scalars", text: "i: 12\nn: -0x1F\no: 0o17\nf: 1.0\ne: 1e3\ng: .5\ninf: .inf\nnan: .NaN\nb: true\nB: False\ny: yes\ns: 12:30\nbig: 9007199254740993\nhuge: 99999999999999999999\nneg: -.inf\n" },
  { name: "plain scalars with indicators inside", text: "a: http://x:80/p#frag\nb: a#b\nc: -x\nd: :x\ne: 'a: b'\nf: x,y [z] {w}\ng: \"#\"\nh: 'x' # c\n" },
  { name: "double-quoted escapes", text: 'a: "t\\tn\\nq\\"b\\\\s\\/u\\u00e9U\\U0001F600x\\x41z\\0e\\eN\\N_\\_L\\LP\\P"\n' },
  { name: "quoted keys", text: "\"a b\": 1\n'c: d': 2\n\"\": 3\n\"1\": 4\n" },
  { name: "literal block scalars and chomping", text: "a: |\n  l1\n\n   l2\n  l3\nb: |-\n  x\n\nc: |+\n  y\n\nd: |\n\n  z\ne: |\nf: x\n" },
  { name: "folded block scalars", text: "a: >\n  one\n  two\n\n  three\n    more\n  back\nb: >-\n  x\n  y\nc: >+\n  k\n\n" },
  { name: "block scalar in a sequence and in a compact mapping", text: "a:\n- |\n  s1\n- k: |-\n    v1\n    v2\n  j: 1\n" },
  { name: "flow collections", text: "a: [1, 'b', \"c\", [d, {e: f}], {}]\nb: {x: 1, 'y': [2], \"z\": {}}\nc: [ spaced , list ]\n" },
  { name: "kpt ResourceList", text: "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c\n    annotations:\n      config.kubernetes.io/index: '0'\n      internal.config.kubernetes.io/path: 'c.yaml'\n  data:\n    k: \"v\"\n" },
  { name: "keys with spaces before the colon and trailing spaces", text: "a   : 1  \nb: two words   \n" },
  { name: "nested inline sequences", text: "a:\n- - x\n  - - y\n    - z\n- - {}\n" },
  { name: "no final newline", text: "a: 1\nb: |\n  x" },
  { name: "tabs inside scalars", text: "a: x\ty\nb: \"\\t\"\nc: 'q\tr'\n" },
  { name: "emoji (surrogate pairs)", text: "a: 😀\nb: \"é😀\"\n" },
  { name: "multi-line quoted scalars: folding, blank lines, trailing spaces", text: "a: \"one  \n  two\n\n\n   three \"\nb: 'x\n y''s\n\n z'\nc: 1\n" },
  { name: "multi-line double quotes: escaped line break and escapes", text: "a: \"one\\\n    two\\t\\x41\n  \\u00e9 end\"\n" },
  { name: "multi-line quoted scalars under-indented, looking like entries and comments", text: "items:\n- a: \"x\n- y: 1\n# not a comment\n  z\"\n  b: 2\n- c: 'p\nq: r'\n" },
  { name: "anchors and aliases (more in block-anchors.test.ts)", text: "a: &x 1\nb: *x\n" },
  { name: "merge keys", text: "a: {x: 1}\n<<: {y: 2}\n" },
  { name: "multi-line quoted scalar as a sequence entry, then a comment", text: "a:\n- 'x\n  y' # c\n- \"z\n\"\n" },
];
for (const row of accepted) {
  test(`block YAML reads as js-yaml: ${row.name}`, () => {
    assert.ok(agrees(row.text), "accepted");
  });
}

const declined: { name: string; text: string }[] = [
  { name: "aliases across items", text: "items:\n- a: &x 1\n- b: *x\n" },
  { name: "tags", text: "a: !!str 1\n" },
  { name: "a merge key in a flow mapping", text: "a: {x: 1, <<: {y: 2}}\n" },
  { name: "a multi-line plain scalar", text: "a: one\n  two\n" },
  { name: "a quoted scalar with a continuation line indented by a tab", text: "a: \"one\n\ttwo\"\n" },
  { name: "a quoted scalar with a document marker at a line start", text: "a: 'one\n--- two'\n" },
  { name: "an unterminated quoted scalar", text: "a: 'one\n  two\n" },
  { name: "a multi-line quoted key", text: "\"a\n  b\": 1\n" },
  { name: "a multi-line quoted scalar in a flow collection", text: "a: [\"x\n  y\"]\n" },
  { name: "a document marker", text: "---\na: 1\n" },
  { name: "two documents", text: "a: 1\n---\nb: 2\n" },
  { name: "a duplicate key", text: "a: 1\na: 2\n" },
  { name: "a prototype key", text: "__proto__: 1\n" },
  { name: "a tab in indentation", text: "a:\n\tb: 1\n" },
  { name: "CRLF line ends", text: "a: 1\r\nb: 2\r\n" },
  { name: "a byte order mark", text: "\ufeffa: 1\n" },
  { name: "a numeric key", text: "1: a\n" },
  { name: "a boolean key", text: "true: a\n" },
  { name: "an indentation indicator", text: "a: |2\n   x\n" },
  { name: "a root sequence", text: "- a\n" },
  { name: "an indented root", text: "  a: 1\n" },
  { name: "bad indentation", text: "a:\n  b: 1\n c: 2\n" },
  { name: "a mapping value after a scalar", text: "a: b: c\n" },
  { name: "a complex key", text: "? a\n: b\n" },
  { name: "a multi-line flow collection", text: "a: [1,\n  2]\n" },
  { name: "a single-pair flow mapping", text: "a: [b: c]\n" },
  { name: "a trailing comma", text: "a: [1, ]\n" },
  { name: "non-printable characters", text: "a: \x07\n" },
  { name: "a scalar on the line below its key", text: "a:\n  b\n" },
];
for (const row of declined) {
  test(`block YAML declines (js-yaml reads it): ${row.name}`, () => {
    assert.equal(readBlockYaml(row.text), undefined);
  });
}

// ---- differential properties ---------------------------------------------------------------

// Quoted scalars spread over lines: continuation lines at any indentation, looking like entries,
// keys, comments or markers, with blank lines, escapes, doubled quotes and trailing spaces.
const continuation = fc.record({
  indent: fc.constantFrom(0, 0, 1, 2, 3, 4, 6),
  text: fc.constantFrom("x", "- y", "k: v", "# c", "", "  ", "a  ", "---", "...", "-- z", "\\", "\\n", "\\x4", "''", "\\\"", "é😀", "\tt", "'", '"', "|", "#"),
});
const multiLineDoc = fc.record({
  quote: fc.constantFrom("'", '"'),
  key: fc.constantFrom("a: ", "- ", "a:\n  - ", "a:\n- b: "),
  first: fc.constantFrom("", "one", "one  ", "a: b", "x\\", "it''s"),
  lines: fc.array(continuation, { minLength: 1, maxLength: 4 }),
  last: fc.constantFrom("", "end", " end"),
  after: fc.constantFrom("", " # c", "  ", ": x", "x"),
  next: fc.constantFrom("", "c: 1\n", "  c: 1\n", "- d\n", "# t\n"),
}).map(({ quote, key, first, lines, last, after, next }) => {
  const body = [first, ...lines.map((l) => " ".repeat(l.indent) + l.text), " ".repeat(2) + last].join("\n");
  return `${key.startsWith("-") ? "top:\n" : ""}${key}${quote}${body}${quote}${after}\n${next}`;
});

test("property: multi-line quoted scalars are read as js-yaml reads them, or declined", () => {
  let valid = 0, took = 0;
  fc.assert(
    fc.property(multiLineDoc, (text) => {
      if ("value" in reference(text)) valid++;
      if (agrees(text)) took++;
    }),
    { numRuns: Number(process.env.FUZZ ?? 4000) },
  );
  // The reader declines only tabs, markers and what js-yaml refuses: most valid texts are taken.
  assert.ok(took / valid > 0.6, `accepted ${took} of ${valid} valid texts`);
});

const tricky = fc.constantFrom("yes", "no", "on", "~", "null", "true", "1.0", "0x1F", "1_000", "12:30", "", " lead", "trail ", "a: b", "a:b", "#x", "a #b", "- x", "-x", "*a", "&a", "!t", "@x", "'", '"', "''", "\\", "{}", "[]", "[a]", "a,b", "%x", "multi\nline\n", "two\n\nbreaks", " indented\n  lines", "tab\there", "é✓😀", "=", "<<", "...", "---", "? x", ":", "a:", "\u0085", "\u2028");
const str = fc.oneof(fc.string({ maxLength: 12 }), tricky);
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Number.isInteger(d) ? new JsonFloat(d) : d)),
  str,
  fc.boolean(),
  fc.constant(null),
);
const key = fc.oneof(fc.string({ maxLength: 8 }), tricky);
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(key, tie("v"), { maxKeys: 4 }) as fc.Arbitrary<JsonValue>),
})).v;
const doc = fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 });
const dumpOptions = fc.record({
  noArrayIndent: fc.boolean(),
  flowLevel: fc.constantFrom(-1, -1, 1, 2, 3),
  quotingType: fc.constantFrom<"'" | '"'>("'", '"'),
  forceQuotes: fc.boolean(),
  lineWidth: fc.constantFrom(-1, -1, 20, 40),
  indent: fc.constantFrom(2, 2, 4),
});

/** js-yaml's dump of a value with kmutate's dump schema. */
function dump(v: JsonValue, o: yaml.DumpOptions): string {
  return yaml.dump(v, { schema: dumpSchema, noRefs: true, ...o });
}

test("property: every document js-yaml dumps, in every style, reads as js-yaml reads it (most are accepted)", () => {
  let tried = 0, took = 0;
  fc.assert(
    fc.property(doc, dumpOptions, (d, o) => {
      const text = dump(d, o);
      tried++;
      if (agrees(text)) took++;
    }),
    { numRuns: Number(process.env.FUZZ ?? 3000) },
  );
  assert.ok(took / tried > 0.5, `accepted ${took} of ${tried}`);
  if (process.env.FUZZ) console.log(`dumped: accepted ${took} of ${tried}`);
});

/** A damaged text: a line re-indented, a comment or blank line inserted, a character deleted or inserted. */
const damage = fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("indent+", "indent-", "comment", "blank", "delete", "insert"), fc.constantFrom(" ", "-", ":", "#", "'", '"', "\t", "[", "{", "|", ">", "&", "*", "!", "\n", "a", "\\", "?", ","));
function damaged(text: string, [line, at, how, ch]: [number, number, string, string]): string {
  const lines = text.split("\n");
  const i = line % lines.length;
  const l = lines[i];
  const j = l.length === 0 ? 0 : at % (l.length + 1);
  if (how === "indent+") lines[i] = " " + l;
  else if (how === "indent-") lines[i] = l.startsWith(" ") ? l.slice(1) : l;
  else if (how === "comment") lines[i] = l + " # c" + ch;
  else if (how === "blank") lines.splice(i, 0, ch === " " ? "  " : "");
  else if (how === "delete") lines[i] = l.slice(0, j) + l.slice(j + 1);
  else lines[i] = l.slice(0, j) + ch + l.slice(j);
  return lines.join("\n");
}

test("property: damaged documents are read as js-yaml reads them, or declined", () => {
  let tried = 0, took = 0;
  fc.assert(
    fc.property(doc, dumpOptions, fc.array(damage, { minLength: 1, maxLength: 3 }), (d, o, hits) => {
      let text = dump(d, o);
      for (const h of hits) text = damaged(text, h);
      tried++;
      if (agrees(text)) took++;
    }),
    { numRuns: Number(process.env.FUZZ ?? 4000) },
  );
  // Many damaged texts are still YAML: the reader must take a fair share of them, not decline all.
  assert.ok(took / tried > 0.2, `accepted ${took} of ${tried}`);
  if (process.env.FUZZ) console.log(`damaged: accepted ${took} of ${tried}`);
});

// Ordinary manifests: word keys, scalars of every kind, strings with indicators (js-yaml quotes
// them as needed), nested maps and lists — all must be accepted, not just agree.
const word = fc.stringMatching(/^[a-z][a-z0-9./-]{0,10}$/);
const text = fc.stringMatching(/^[a-zA-Z0-9 :#'"@*&!,./{}[\]-]{0,15}$/);
const plainValue: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)), text, fc.boolean(), fc.constant(null),
    fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(word, tie("v"), { maxKeys: 4 }) as fc.Arbitrary<JsonValue>),
})).v;

test("property: kpt-style ResourceLists of ordinary items are accepted and read as js-yaml reads them", () => {
  fc.assert(
    fc.property(fc.array(fc.dictionary(word, plainValue, { maxKeys: 5 }), { maxLength: 4 }), fc.boolean(), (items, flow) => {
      const list = { apiVersion: "config.kubernetes.io/v1", kind: "ResourceList", items };
      const t = dump(list, { noArrayIndent: true, lineWidth: -1, flowLevel: flow ? 3 : -1 });
      // js-yaml's flow style leaves some strings unquoted that end its flow collection (`a:}`): it
      // cannot read that dump back, and the reader must decline it too.
      if ("error" in reference(t)) assert.equal(readBlockYaml(t), undefined, `accepted what js-yaml cannot read:\n${t}`);
      else assert.ok(agrees(t), `declined:\n${t}`);
    }),
    { numRuns: 500 },
  );
});

// Texts put together line by line from YAML fragments (indentation, dashes, keys, values, block
// scalar headers, comments): layouts no dumper writes, valid or not.
const fragmentLine = fc.record({
  indent: fc.constantFrom(0, 0, 1, 2, 2, 3, 4, 4, 6),
  dashes: fc.constantFrom("", "", "", "- ", "- - ", "-", "-  "),
  key: fc.constantFrom("", "a", "b", "c", "'q'", '"d"', "a b", "x.y/z", "k#", "-k", "?k", "1"),
  sep: fc.constantFrom(": ", ":", ":  ", " : ", ":\t", ""),
  value: fc.constantFrom("", "v", "'s'", '"d\\n"', "|", "|-", ">", ">-", "|2", "[a, b]", "{k: v}", "{}", "[]", "# c", "v # c", "a: b", "&x v", "*x", "!t v", "1.0", "~", "-", "- v", "'un", '"un', "x\ty", "[a,", "{a: [b]}"),
  trailing: fc.constantFrom("", "", " ", " # t", "\t"),
});
const fragments = fc.array(fragmentLine, { minLength: 1, maxLength: 10 }).map((lines) =>
  "top:\n" + lines.map((l) => " ".repeat(l.indent) + l.dashes + l.key + (l.key === "" ? "" : l.sep) + l.value + l.trailing).join("\n") + "\n");

test("property: texts made of YAML fragments are read as js-yaml reads them, or declined", () => {
  let valid = 0, took = 0;
  fc.assert(
    fc.property(fragments, (text) => {
      if ("value" in reference(text)) valid++;
      if (agrees(text)) took++;
    }),
    { numRuns: Number(process.env.FUZZ ?? 6000) },
  );
  // Most fragment texts are not YAML; of those js-yaml reads, a fair share must be taken here.
  assert.ok(took / valid > 0.3, `accepted ${took} of ${valid} valid texts`);
  if (process.env.FUZZ) console.log(`fragments: accepted ${took} of ${valid} valid texts`);
});

// Plain scalars are resolved by their first character and length, and strings read before are
// kept in a table by a hash of their text: every scalar built from the characters of numbers and
// of the null/bool words must read as js-yaml reads it, as a key and as a value, read again and
// again (from the table), next to strings with the same hash ("Aa" and "BB") and length.
const scalarChar = fc.constantFrom(..."0123456789+-._:xobeEinfaNuLlTtrRFsS~<y ");
const plainText = fc.oneof(
  fc.array(scalarChar, { minLength: 1, maxLength: 8 }).map((cs) => cs.join("")),
  fc.constantFrom("null", "Null", "NULL", "nulL", "true", "True", "TRUE", "tRue", "false", "False", "FALSE", "falsE", "~", "<<", "<", ".inf", "-.Inf", ".NaN", "0x1F", "0o17", "1_0", "+1", "-0", ".5", "1e3", "Aa", "BB", "AaAa", "BBBB", "AaBB"),
);
test("property: plain scalars read as js-yaml reads them, as keys and values, when repeated", () => {
  fc.assert(
    fc.property(fc.array(plainText, { minLength: 1, maxLength: 6 }), (words) => {
      const entries = words.map((w, i) => `  k${i}: ${w}\n  ${w}: v${i}\n  l${i}: [${w}, ${w}]\n`).join("");
      const item = `- a: 1\n${entries}`;
      agrees(`items:\n${item}${item}`);
      for (const w of words) agrees(`items:\n- x: ${w}\n  y: ${w}\n- ${w}\n`);
    }),
    { numRuns: 1000 },
  );
});

test("strings of the same hash and length, and more strings than the table holds, read as js-yaml", () => {
  const colliding = "Aa: BB\nBB: Aa\nAaAa: BBBB\nBBBB: AaBB\nAaBB: AaAa\nx: [Aa, BB, AaAa, BBBB]\n";
  assert.ok(agrees(colliding + "items:\n- " + colliding.replace(/\n(?=.)/g, "\n  ")));
  const many = Array.from({ length: 9000 }, (_, i) => `  key${i}: value${i % 5000}\n  k${i % 7}: ${i % 3 === 0 ? "true" : "x" + i}\n`);
  const text = "items:\n" + many.map((m, i) => `- n: ${i}\n` + m).join("") + many.map((m) => "- " + m.slice(2)).join("");
  assert.ok(agrees(text));
});

// Characters js-yaml refuses in a plain or block scalar ("non-printable": C0 and C1 controls but
// tab, line feed and NEL, DEL, U+FFFE/U+FFFF, unpaired surrogates) and neighbours it accepts, put
// anywhere. The reader declines a text holding one anywhere (in comments, anchor names and quotes
// too, where js-yaml takes some of them): it finds them where it reads, not by a pass over the
// whole text, and must decline exactly the texts that pass declined.
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
const oddChar = fc.constantFrom("\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x1f", "\x7f", "\x80", "\x84", "\x85", "\x86", "\x9f", "\xa0",
  "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\ufffe", "\uffff", "\ufffd", "\u2028", "é", "\t");
const oddTexts = fc.oneof(
  fc.tuple(doc, dumpOptions).map(([d, o]) => dump(d, o)),
  fragments,
  multiLineDoc,
  fc.constantFrom("a: |\n  x\n  y\nb: >-\n  z\n", "a: [x, 'y', {k: \"v\"}]\n", "a: &n v\nb: *n\n", "# c\na: 'q' # t\n", "items:\n- a: 1 # c\n  b: [c]\n# end\n"),
);
test("property: texts with non-printable characters anywhere are declined; others are read as js-yaml reads them", () => {
  let odd = 0;
  fc.assert(
    fc.property(oddTexts, fc.array(fc.tuple(fc.nat(), oddChar), { minLength: 1, maxLength: 3 }), (base, hits) => {
      let text = base;
      for (const [at, ch] of hits) {
        const i = at % (text.length + 1);
        text = text.slice(0, i) + ch + text.slice(i);
      }
      if (NON_PRINTABLE.test(text)) {
        odd++;
        assert.equal(readBlockYaml(text), undefined, `accepted a non-printable character:\n${JSON.stringify(text)}`);
      } else agrees(text);
    }),
    { numRuns: Number(process.env.FUZZ ?? 4000) },
  );
  assert.ok(odd > 1000, `only ${odd} texts with non-printable characters`);
});

test("non-printable characters are declined in every place a text holds them", () => {
  const places = (b: string): string[] => [`a${b}: 1\n`, `a: x${b}\n`, `a: x ${b}\n`, `a: '${b}'\n`, `a: "x${b}y"\n`, `a: 'x\n  ${b}'\n`, `a: "x\n  y${b}"\n`,
    `a: |\n  x${b}\n`, `a: >\n  x\n  ${b}\n`, `a: [x${b}]\n`, `a: {k: ${b}}\n`, `a: {'${b}': v}\n`, `l:\n- x${b}\n`, `a:\n- ${b}\n`,
    `a: 1 # ${b}\n`, `# ${b}\na: 1\n`, `a: 1\n# ${b}\n`, `a: &x${b} 1\nb: *x${b}\n`, `a: | # ${b}\n  x\n`, `items:\n- a: 1\n  # ${b}\n`];
  for (const b of ["\x07", "\x7f", "\x9f", "\ud800", "\udc00", "\uffff"]) {
    for (const text of places(b)) assert.equal(readBlockYaml(text), undefined, JSON.stringify(text));
  }
  // pairs, NEL, NBSP, U+2028 and tabs are printable: read as js-yaml reads them (pairs accepted everywhere)
  for (const b of ["\x85", "\xa0", "\u2028", "\t"]) for (const text of places(b)) agrees(text);
  for (const text of places("\ud83d\ude00")) assert.ok(agrees(text), JSON.stringify(text));
});
