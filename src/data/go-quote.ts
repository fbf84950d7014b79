// Go's strconv.Quote (the `%q` verb), used where Kubernetes error messages quote user input,
// so kmutate's messages match the apiserver's byte for byte.

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
 * Quotes `s` the way Go's `strconv.Quote` does: `"` and `\` escaped, printable runes kept,
 * `\a \b \f \n \r \t \v` by name, other ASCII controls as `\xNN`, other non-printable runes as
 * `\uNNNN` / `\UNNNNNNNN`. Unicode tables are the JS engine's (Go may use a different Unicode version).
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case "\\": out += "\\\\"; continue;
      case "\x07": out += "\\a"; continue;
      case "\b": out += "\\b"; continue;
      case "\f": out += "\\f"; continue;
      case "\n": out += "\\n"; continue;
      case "\r": out += "\\r"; continue;
      case "\t": out += "\\t"; continue;
      case "\v": out += "\\v"; continue;
    }
    if (cp < 0x80) {
      out += cp < 0x20 || cp === 0x7f ? "\\x" + hex(cp, 2) : ch;
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      out += "\\ufffd"; // a lone surrogate cannot come from valid UTF-8; Go would see U+FFFD
    } else if (PRINTABLE.test(ch)) {
      out += ch;
    } else if (cp < 0x10000) {
      out += "\\u" + hex(cp, 4);
    } else {
      out += "\\U" + hex(cp, 8);
    }
  }
  return out + '"';
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}
