// The fast block-YAML writer writes exactly js-yaml's `dump` with the same options: strings that
// are written plain as they are (by a character table), quoted or as literal blocks, in both
// quoting types, for keys and values.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import yaml from "js-yaml";
import type { JsonValue } from "../../../src/data/index.js";
import { blockDumpOptions, emitItems, type EmitHooks } from "../../../src/krm/yaml/emit-items.js";

/** Strings near the plain/quoted boundary: reserved words, indicators, `#`, `:`, spaces at the ends. */
const tricky = fc.constantFrom("y", "Y", "n", "no", "NO", "on", "Off", "yes", "true", "False", "null", "NULL", "~", "nullx", "yess",
  "a b", "a b ", " a", "a#b", "a #b", "a:b", "a: b", "a:", "_x", "/x", "_x y", "/x y", "x.y-z", "-x", ".x", "1x", "x1", "é", "xé",
  "a\tb", "a\x7fb", "a\nb", "a\n", "it's", 'say "hi"', "x,y", "x[0]", "{x}", "x|y", "x>y", "x!", "x%", "x@y", "x`y", "x?", "x*", "x&y", "=", "<<");
/** Short strings over characters where the writer's rules differ. */
const chars = fc.constantFrom(..."aZ_/.-09 #:'\"\t\n!%&*,>?@[]`{|}~\x7fé");
const str = fc.oneof(tricky, fc.string({ unit: chars, maxLength: 6 }), fc.string({ maxLength: 5 }));
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(str, str, fc.integer(), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(str, tie("v"), { maxKeys: 3 }) as fc.Arbitrary<JsonValue>),
})).v;

const hooksFor = (quotingType: "'" | '"'): EmitHooks => ({ quotingType, keyText: () => undefined, verbatim: () => undefined });

for (const quote of ["'", '"'] as const) {
  test(`property: emitItems writes what js-yaml's dump writes (quotingType ${quote})`, () => {
    fc.assert(
      fc.property(value, (v) => {
        const fast = emitItems(v, hooksFor(quote));
        if (fast === undefined) return; // left to js-yaml
        assert.equal(fast, yaml.dump(v, { ...blockDumpOptions, quotingType: quote }));
      }),
      { numRuns: 3000 },
    );
  });
}

test("each tricky string, as a value and as a key, is written as js-yaml writes it", () => {
  const words = ["y", "on", "Off", "true", "null", "~", "nullx", "a b", "a b ", " a", "a#b", "a #b", "a:b", "a: b", "_x y", "/x y", "x.y-z", "-x", "xé", "a\x7fb", "=", "<<", "x"];
  for (const w of words) {
    for (const quote of ["'", '"'] as const) {
      const v = { [w]: w, list: [w] };
      assert.equal(emitItems(v, hooksFor(quote)), yaml.dump(v, { ...blockDumpOptions, quotingType: quote }), JSON.stringify(w));
    }
  }
});
