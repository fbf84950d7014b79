// plainStringQuoted: plain scalars that read as strings (core schema) but that the dumper quotes
// because YAML 1.1 readers would not read them as strings — one row per rule, and the first-character
// pre-check agreeing with what js-yaml's dumper does on plain-looking strings.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import yaml from "js-yaml";
import { dumpSchema, LOOKALIKE_FIRST, loadSchema, plainStringQuoted } from "../../../src/krm/yaml/fast-yaml-schema.js";

const rows: [string, boolean][] = [
  ["y", true], ["Y", true], ["yes", true], ["YES", true], ["on", true], ["On", true], ["off", true], ["OFF", true],
  ["n", true], ["No", true], ["1_000", true], ["+1_0", true], ["-1_0", true], [".5_0", true],
  ["12:30", true], ["_:0", true], ["1_:2_", true], ["1:02:03.5", true], ["2024-01-02", true], ["2024-01-02 10:00:00", true], ["=", true], ["<<", true],
  ["true", false], ["null", false], ["~", false], ["", false], ["1", false], ["1.5", false], ["0x1F", false],
  [".inf", false], ["-0x1F", false], ["0b101", false], ["=0", false], ["Yesterday", false], ["online", false], ["x", false], ["abc", false], ["<", false], ["a=b", false],
];
for (const [s, want] of rows) {
  test(`plainStringQuoted(${JSON.stringify(s)}) is ${want}`, () => assert.equal(plainStringQuoted(s), want));
}

/** Whether `s` as a YAML document is the string `s` (`... 0` is no document: a document end marker, then text). */
function readsAsItself(s: string): boolean {
  try {
    return yaml.load(s, { schema: loadSchema }) === s;
  } catch {
    return false;
  }
}

test("property: a plain string the dumper quotes (only a look-alike can be) starts with a look-alike character", () => {
  const unit = fc.constantFrom(..."0123456789abyYnNoOeExX_.:+-=<TZ ");
  fc.assert(fc.property(fc.string({ unit, minLength: 1, maxLength: 8 }), (s) => {
    // Strings without any other reason to be quoted: no leading indicator (`-`, `=`, `:`), no
    // leading/trailing space or colon, no ": ".
    fc.pre(!/^[\s:=-]|[\s:]$|: /.test(s));
    if (!readsAsItself(s)) return; // not a plain string
    const quoted = /^['"]/.test(yaml.dump(s, { schema: dumpSchema }));
    assert.equal(plainStringQuoted(s), quoted, s);
    if (quoted) assert.ok(LOOKALIKE_FIRST.has(s.charCodeAt(0)), s);
  }), { numRuns: 3000 });
});

test("a string that starts with the document end marker is no document of itself (the property skips it)", () => {
  assert.throws(() => yaml.load("... 0", { schema: loadSchema }), /expected a single document/);
  assert.equal(plainStringQuoted("... 0"), false);
  assert.equal(yaml.dump({ k: "... 0" }, { schema: dumpSchema }), "k: ... 0\n");
});
