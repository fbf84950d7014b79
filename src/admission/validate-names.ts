// Name-format checks of apimachinery (`content` / `util/validation`) with their exact messages:
// label keys and values, DNS-1123 subdomains, DNS-1035 labels, path segment names.
// The patterns are fixed and anchored (no user-supplied regex), so JS RegExp is safe here.

const labelKeyFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const labelKeyErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelKeyRe = new RegExp("^" + labelKeyFmt + "$");
const labelValueFmt = "(" + labelKeyFmt + ")?";
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueRe = new RegExp("^" + labelValueFmt + "$");
const dns1123LabelFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const dns1123SubdomainFmt = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*";
const dns1123SubdomainErrMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1123SubdomainRe = new RegExp("^" + dns1123SubdomainFmt + "$");
const dns1035LabelFmt = "[a-z]([-a-z0-9]*[a-z0-9])?";
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const dns1035LabelRe = new RegExp("^" + dns1035LabelFmt + "$");

function byteLength(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** apimachinery `RegexError`: the message, examples and the pattern. */
function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(" or ")}regex used for validation is '${re}')`;
}

function maxLenError(n: number): string {
  return `must be no more than ${n} bytes`;
}

/** Messages for an invalid label key / qualified name (`content.IsLabelKey`); empty when valid. */
export function isLabelKey(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split("/");
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else for (const m of isDNS1123Subdomain(prefix)) errs.push("prefix part " + m);
  } else {
    return [
      "a valid label key " +
        regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc") +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (byteLength(name) > 63) errs.push("name part " + maxLenError(63));
  if (!labelKeyRe.test(name)) errs.push("name part " + regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc"));
  return errs;
}

/** Messages for an invalid label value (`content.IsLabelValue`); empty when valid. */
export function isLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!labelValueRe.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"));
  return errs;
}

/** Messages for an invalid lowercase RFC 1123 subdomain; empty when valid. */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxLenError(253));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, "example.com"));
  return errs;
}

/** Messages for an invalid DNS-1035 label; empty when valid. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!dns1035LabelRe.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, "my-name", "abc-123"));
  return errs;
}

/** Messages for a name that cannot be a URL path segment (`content.IsPathSegmentName`). */
export function isPathSegmentName(name: string): string[] {
  if (name === "." || name === "..") return [`may not be '${name}'`];
  const errs: string[] = [];
  if (name.includes("/")) errs.push("may not contain '/'");
  if (name.includes("%")) errs.push("may not contain '%'");
  return errs;
}
