// Table-driven parser tests: AST shape (s-expression with node ids), literals, macros incl.
// two-variable and optional forms, syntax errors in cel-go's display format (the "literal closers" and "recovery" rows are
// facts printed by the CEL oracle, cel-go v0.26.0), limits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "../../src/cel/parse.js";
import type { ParseOptions } from "../../src/cel/parse.js";
import { formatIssues } from "../../src/cel/errors-format.js";
import { sexpr } from "./parse-helpers.js";

const shapes: { name: string; expr: string; want: string }[] = [
  { name: "precedence: * over +, left-assoc", expr: "1 + 2 * 3 - 4", want: "(_-_#6 (_+_#2 1#1 (_*_#4 2#3 3#5)) 4#7)" },
  { name: "relations are left-assoc, `in`", expr: "a in b == c", want: "(_==_#4 (@in#2 a#1 b#3) c#5)" },
  { name: "ternary right-assoc", expr: "a ? b : c ? d : e", want: "(_?_:_#2 a#1 b#3 (_?_:_#5 c#4 d#6 e#7))" },
  { name: "|| balanced tree", expr: "a || b || c || d", want: "(_||_#5 (_||_#3 a#1 b#2) (_||_#7 c#4 d#6))" },
  { name: "negative literal vs negate", expr: "-1 + -a", want: "(_+_#2 -1#1 (-_#3 a#4))" },
  { name: "double minus cancels", expr: "--a", want: "a#1" },
  { name: "int64 min literal", expr: "-9223372036854775808", want: "-9223372036854775808#1" },
  { name: "hex and uint literals", expr: "[0x1F, 0x1Fu, 7u]", want: "[#1 31#2 31u#3 7u#4]" },
  { name: "doubles", expr: "[.5, 1e3, 1.5e-2, 2.0]", want: "[#1 0.5d#2 1000d#3 0.015d#4 2d#5]" },
  { name: "member call, index, select", expr: "a.b(c)[0].d", want: "(.#6 (_[_]#4 (.b#2 a#1 c#3) 0#5) d)" },
  { name: "backtick field", expr: "a.`b-c`", want: "(.#2 a#1 b-c)" },
  { name: "leading-dot ident and call", expr: ".a + .f(1)", want: "(_+_#2 .a#1 (.f#3 1#4))" },
  { name: "qualified struct name", expr: "Object.spec.containers{name: 'x', ?image: y}", want: "Object.spec.containers{#1 name:\"x\"#3#2 ?image:y#5#4}" },
  { name: "leading-dot struct name", expr: ".pkg.Type{}", want: ".pkg.Type{#1}" },
  { name: "map literal with optional entry, trailing comma", expr: "{'a': 1, ?'b': x,}", want: "{#1 \"a\"#3:1#4#2 ?\"b\"#6:x#7#5}" },
  { name: "list with optional element", expr: "[?x, y]", want: "[#1 ?x#2 y#3]" },
  { name: "optional select and index", expr: "a.?b[?'k']", want: "(_[?_]#4 (_?._#3 a#1 \"b\"#2) \"k\"#5)" },
  { name: "has", expr: "has(a.b)", want: "(has#4 a#2 b)" },
  { name: "exists", expr: "l.exists(x, x > 0)", want: "(fold#14 x l#1 @result false#7 (@not_strictly_false#10 (!_#9 @result#8)) (_||_#12 @result#11 (_>_#5 x#4 0#6)) @result#13)" },
  { name: "map 3-arg", expr: "l.map(x, x > 0, x)", want: "(fold#16 x l#1 @result [#8] true#9 (_?_:_#14 (_>_#5 x#4 0#6) (_+_#12 @result#10 [#11 x#7]) @result#13) @result#15)" },
  { name: "two-var all", expr: "m.all(k, v, k == v)", want: "(fold#14 k,v m#1 @result true#8 (@not_strictly_false#10 @result#9) (_&&_#12 @result#11 (_==_#6 k#5 v#7)) @result#13)" },
  { name: "transformMapEntry with filter", expr: "m.transformMapEntry(k, v, v > 0, {v: k})", want: "(fold#19 k,v m#1 @result {#16} true#17 (_?_:_#15 (_>_#6 v#5 0#7) (cel.@mapInsert#13 @result#12 {#8 v#10:k#11#9}) @result#14) @result#18)" },
  { name: "transformMap", expr: "m.transformMap(k, v, v)", want: "(fold#12 k,v m#1 @result {#9} true#10 (cel.@mapInsert#8 @result#6 k#7 v#5) @result#11)" },
  { name: "optMap", expr: "o.optMap(x, x + 1)", want: "(_?_:_#16 (.hasValue#7 o#1) (optional.of#14 (fold#13 #unused [#8] x (.value#10 o#9) false#11 x#12 (_+_#5 x#4 1#6))) (optional.none#15))" },
  { name: "string escapes", expr: "'\\a\\b\\f\\n\\r\\t\\v\\\\\\'\\\"\\`\\?\\101\\x41\\u00e9\\U0001F600'", want: "\"\\u0007\\b\\f\\n\\r\\t\\u000b\\\\'\\\"`?AAé😀\"#1" },
  { name: "bytes escapes are bytes", expr: "b'\\xff\\377é'", want: "b[255,255,195,169]#1" },
  { name: "raw string keeps backslashes", expr: "r'a\\nb'", want: "\"a\\\\nb\"#1" },
  { name: "triple-quoted string spans lines", expr: "'''a\nb'''", want: "\"a\\nb\"#1" },
  { name: "CRLF in string is normalised", expr: "'''a\r\nb'''", want: "\"a\\nb\"#1" },
  { name: "comment is skipped", expr: "1 // one\n + 2", want: "(_+_#2 1#1 2#3)" },
];

for (const c of shapes) {
  test(`parse shape: ${c.name}`, () => {
    const r = parse(c.expr);
    assert.ok("parsed" in r, "errors" in r ? formatIssues(c.expr, r.errors) : "");
    assert.equal(sexpr(r.parsed.expr), c.want);
  });
}

test("parse shape: macro call recorded with the comprehension id", () => {
  const r = parse("l.all(x, x)");
  assert.ok("parsed" in r);
  const call = r.parsed.sourceInfo.macroCalls.get(r.parsed.expr.id);
  assert.ok(call && call.kind === "call" && call.fn === "all" && call.args.length === 2);
});

test("parse shape: positions are UTF-16 offsets of each node", () => {
  const r = parse("'é😀' + x");
  assert.ok("parsed" in r);
  const e = r.parsed.expr;
  assert.ok(e.kind === "call");
  assert.equal(r.parsed.sourceInfo.positions.get(e.id), 6);
  assert.equal(r.parsed.sourceInfo.positions.get(e.args[1]!.id), 8);
});

const errors: { name: string; expr: string; want: string; options?: ParseOptions }[] = [
  { name: "trailing dot", expr: "object.spec.", want: "ERROR: <input>:1:13: Syntax error: no viable alternative at input '.'\n | object.spec.\n | ............^" },
  { name: "missing operand", expr: "a +", want: "ERROR: <input>:1:4: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | a +\n | ...^" },
  { name: "missing colon in map", expr: "{a}", want: "ERROR: <input>:1:3: Syntax error: mismatched input '}' expecting ':'\n | {a}\n | ..^" },
  { name: "unterminated string", expr: "'abc", want: "ERROR: <input>:1:1: Syntax error: token recognition error at: ''abc'\n | 'abc\n | ^\nERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 'abc\n | ....^" },
  { name: "trailing dot after a number is not a double", expr: "1.", want: "ERROR: <input>:1:3: Syntax error: no viable alternative at input '.'\n | 1.\n | ..^" },
  { name: "reserved identifier", expr: "if", want: "ERROR: <input>:1:1: reserved identifier: if\n | if\n | ^" },
  { name: "int out of range", expr: "9223372036854775808", want: "ERROR: <input>:1:1: invalid int literal\n | 9223372036854775808\n | ^" },
  { name: "uint out of range", expr: "18446744073709551616u", want: "ERROR: <input>:1:1: invalid uint literal\n | 18446744073709551616u\n | ^" },
  { name: "\\u in bytes", expr: "b'\\u00ff'", want: "ERROR: <input>:1:1: unable to unescape string\n | b'\\u00ff'\n | ^" },
  { name: "surrogate code point", expr: "'\\ud800'", want: "ERROR: <input>:1:1: invalid unicode code point\n | '\\ud800'\n | ^" },
  { name: "has on non-select", expr: "has(a)", want: "ERROR: <input>:1:5: invalid argument to has() macro\n | has(a)\n | ....^" },
  { name: "duplicate two-var names", expr: "m.all(k, k, true)", want: "ERROR: <input>:1:10: duplicate variable name: k\n | m.all(k, k, true)\n | .........^" },
  { name: "optMap variable", expr: "o.optMap(a.b, 1)", want: "ERROR: <input>:1:11: optMap() variable name must be a simple identifier\n | o.optMap(a.b, 1)\n | ..........^" },
  { name: "error on second line, tabs shown as spaces", expr: "a &&\n\tb c", want: "ERROR: <input>:2:4: Syntax error: extraneous input 'c' expecting <EOF>\n |  b c\n | ...^" },
  { name: "literal closers as ANTLR recovers: unclosed map in a message literal", expr: "Object{metadata: Object.metadata{labels: {\"k\": \"v\"}}", want: "ERROR: <input>:1:53: Syntax error: mismatched input '<EOF>' expecting {'}', ','}\n | Object{metadata: Object.metadata{labels: {\"k\": \"v\"}}\n | ....................................................^" },
  { name: "literal closers as ANTLR recovers: unclosed list", expr: "[1, 2", want: "ERROR: <input>:1:6: Syntax error: mismatched input '<EOF>' expecting {']', ','}\n | [1, 2\n | .....^" },
  { name: "literal closers as ANTLR recovers: unclosed map", expr: "{\"a\": 1", want: "ERROR: <input>:1:8: Syntax error: mismatched input '<EOF>' expecting {'}', ','}\n | {\"a\": 1\n | .......^" },
  { name: "literal closers as ANTLR recovers: unclosed call", expr: "f(1, 2", want: "ERROR: <input>:1:7: Syntax error: missing ')' at '<EOF>'\n | f(1, 2\n | ......^" },
  { name: "literal closers as ANTLR recovers: list elements without a comma (one deleted)", expr: "[1 2]", want: "ERROR: <input>:1:4: Syntax error: extraneous input '2' expecting {']', ','}\n | [1 2]\n | ...^" },
  { name: "literal closers as ANTLR recovers: list elements without a comma", expr: "[1 2 3]", want: "ERROR: <input>:1:4: Syntax error: mismatched input '2' expecting {']', ','}\n | [1 2 3]\n | ...^" },
  { name: "literal closers as ANTLR recovers: map entries without a comma", expr: "{'a': 1 'b': 2}", want: "ERROR: <input>:1:9: Syntax error: mismatched input ''b'' expecting {'}', ','}\n | {'a': 1 'b': 2}\n | ........^" },
  { name: "literal closers as ANTLR recovers: trailing comma then end", expr: "[1, 2,", want: "ERROR: <input>:1:7: Syntax error: missing ']' at '<EOF>'\n | [1, 2,\n | ......^" },
  { name: "literal closers as ANTLR recovers: empty list element", expr: "[1,,2]", want: "ERROR: <input>:1:4: Syntax error: mismatched input ',' expecting ']'\n | [1,,2]\n | ...^" },
  { name: "literal closers as ANTLR recovers: doubled trailing comma in a map", expr: "{\"a\": 1,,}", want: "ERROR: <input>:1:9: Syntax error: extraneous input ',' expecting '}'\n | {\"a\": 1,,}\n | ........^" },
  { name: "literal closers as ANTLR recovers: list closed by a brace", expr: "[1, 2}", want: "ERROR: <input>:1:6: Syntax error: mismatched input '}' expecting {']', ','}\n | [1, 2}\n | .....^" },
  { name: "literal closers as ANTLR recovers: message fields without a comma", expr: "Object{spec: 1 2}", want: "ERROR: <input>:1:16: Syntax error: extraneous input '2' expecting {'}', ','}\n | Object{spec: 1 2}\n | ...............^" },
  { name: "recovery as ANTLR: a failed match skips to the enclosing rules' follow (no second error)", expr: "sign(x:1))", want: "ERROR: <input>:1:7: Syntax error: mismatched input ':' expecting ')'\n | sign(x:1))\n | ......^" },
  { name: "recovery as ANTLR: a failed sync ends the literal", expr: "[1} 2, 3]", want: "ERROR: <input>:1:3: Syntax error: mismatched input '}' expecting {']', ','}\n | [1} 2, 3]\n | ..^" },
  { name: "recovery as ANTLR: an extraneous closer deleted inside a map value", expr: "{1: [2, 3}, 4: 5}", want: "ERROR: <input>:1:10: Syntax error: extraneous input '}' expecting {']', ','}\n | {1: [2, 3}, 4: 5}\n | .........^\nERROR: <input>:1:13: Syntax error: mismatched input '4' expecting ']'\n | {1: [2, 3}, 4: 5}\n | ............^" },
  {
    name: "recovery as ANTLR: a map key's failed conditional resyncs at the same token without skipping it",
    expr: "{a ? b ? c : d : e: 1}",
    want: "ERROR: <input>:1:8: Syntax error: mismatched input '?' expecting ':'\n | {a ? b ? c : d : e: 1}\n | .......^\nERROR: <input>:1:16: Syntax error: mismatched input ':' expecting <EOF>\n | {a ? b ? c : d : e: 1}\n | ...............^",
  },
  {
    name: "recovery as ANTLR: the map's closer is conjured and the enclosing conditional parsed",
    expr: "({a ? b ? c : d : e: 1})",
    want: "ERROR: <input>:1:9: Syntax error: mismatched input '?' expecting ':'\n | ({a ? b ? c : d : e: 1})\n | ........^\nERROR: <input>:1:17: Syntax error: mismatched input ':' expecting ')'\n | ({a ? b ? c : d : e: 1})\n | ................^",
  },
  { name: "optional syntax off", expr: "a.?b", options: { enableOptionalSyntax: false }, want: "ERROR: <input>:1:2: unsupported syntax '.?'\n | a.?b\n | .^" },
  { name: "size limit", expr: "1 + 1", options: { maxExpressionLength: 3 }, want: "ERROR: <input>:-1:0: expression code point size exceeds limit: size: 5, limit 3" },
];

for (const c of errors) {
  test(`parse error: ${c.name}`, () => {
    const r = parse(c.expr, c.options);
    assert.ok("errors" in r, "expected an error");
    assert.equal(formatIssues(c.expr, r.errors), c.want);
  });
}

const limits: { name: string; expr: string; want: string }[] = [
  { name: "10,000 nested lists", expr: "[".repeat(10_000) + "]".repeat(10_000), want: "ERROR: <input>:-1:0: expression recursion limit exceeded: 250" },
  { name: "10,000 nested parens", expr: "(".repeat(10_000) + "1" + ")".repeat(10_000), want: "ERROR: <input>:-1:0: expression recursion limit exceeded: 250" },
  { name: "10,000 unary minus on a call", expr: "-".repeat(9_999) + "f()", want: "" },
  { name: "300 chained selects", expr: "a" + ".b".repeat(300), want: "ERROR: <input>:-1:0: max recursion depth exceeded" },
  { name: "300 additions", expr: Array.from({ length: 301 }, (_, i) => String(i)).join(" + "), want: "ERROR: <input>:-1:0: max recursion depth exceeded" },
  { name: "20,000 || terms are balanced, not deep", expr: Array.from({ length: 20_000 }, () => "a").join(" || "), want: "" },
];

// The first parse counts only `expr`'s nesting (no other rule nests more than 3 times per `expr`);
// past a third of the limit the expression is parsed again counting every rule. Nestings around
// the limit must come out as with exact counting all along.
const nest = (n: number, open: string, inner: string, close: string): string => open.repeat(n) + inner + close.repeat(n);
const nearLimit: { name: string; expr: string; maxDepth: number; want: string }[] = [
  { name: "100 parens at limit 250 (re-parsed exactly, fine)", expr: nest(100, "(", "1", ")"), maxDepth: 250, want: "" },
  { name: "249 parens at limit 250", expr: nest(249, "(", "1", ")"), maxDepth: 250, want: "" },
  { name: "250 parens at limit 250", expr: nest(250, "(", "1", ")"), maxDepth: 250, want: "ERROR: <input>:-1:0: expression recursion limit exceeded: 250" },
  { name: "9 lists at limit 10", expr: nest(9, "[", "1", "]"), maxDepth: 10, want: "" },
  { name: "10 lists at limit 10", expr: nest(10, "[", "1", "]"), maxDepth: 10, want: "ERROR: <input>:-1:0: expression recursion limit exceeded: 10" },
  { name: "4 ternaries at limit 4", expr: "a ? b : ".repeat(4) + "c", maxDepth: 4, want: "ERROR: <input>:-1:0: expression recursion limit exceeded: 4" },
  { name: "3 ternaries at limit 4", expr: "a ? b : ".repeat(3) + "c", maxDepth: 4, want: "" },
  // calc nests 3 times per level here (the `+` operand, the `*` operand, the rule itself): the bound is tight.
  { name: "2 calls with arithmetic at limit 9", expr: nest(2, "f(1 + 2 * ", "3", ")"), maxDepth: 9, want: "" },
  { name: "3 calls with arithmetic at limit 9", expr: nest(3, "f(1 + 2 * ", "3", ")"), maxDepth: 9, want: "ERROR: <input>:-1:0: expression recursion limit exceeded: 9" },
];
for (const c of nearLimit) {
  test(`parse limit near the bound: ${c.name}`, () => {
    const r = parse(c.expr, { maxRecursionDepth: c.maxDepth });
    if (c.want === "") assert.ok("parsed" in r, "errors" in r ? formatIssues(c.expr, r.errors).slice(0, 300) : "");
    else {
      assert.ok("errors" in r);
      assert.equal(formatIssues(c.expr, r.errors).split("\n")[0], c.want);
    }
  });
}

for (const c of limits) {
  test(`parse limit: ${c.name}`, () => {
    const r = parse(c.expr);
    if (c.want === "") assert.ok("parsed" in r, "errors" in r ? formatIssues(c.expr, r.errors).slice(0, 300) : "");
    else {
      assert.ok("errors" in r);
      assert.equal(formatIssues(c.expr, r.errors).split("\n")[0], c.want);
    }
  });
}
