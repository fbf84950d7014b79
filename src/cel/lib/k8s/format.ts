// The Kubernetes format library's named formats (`format.dns1123Label()` …): each validator
// returns the apiserver's error messages (k8s.io/apimachinery validation, kube-openapi strfmt).
import { parseRequestURI } from "./url.js";

/** A named format: its library name, the Go `Name` (equality compares it) and its validator. */
export interface NamedFormat {
  readonly key: string;
  readonly name: string;
  /** Error messages; empty when the string is valid. */
  validate(s: string): string[];
  /** Estimated regex size used by the cost model (MaxRegexSize). */
  readonly maxRegexSize: number;
}

/** The string as Go sees it: one char per UTF-8 byte, so lengths are byte lengths. */
function bytes(s: string): string {
  return Buffer.from(s, "utf8").toString("latin1");
}

function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(" or ")}regex used for validation is '${re}')`;
}

const LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const SUBDOMAIN_FMT = LABEL_FMT + "(\\." + LABEL_FMT + ")*";
const DNS1035_FMT = "[a-z]([-a-z0-9]*[a-z0-9])?";
const KEY_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const VALUE_FMT = "(" + KEY_FMT + ")?";
const re = (f: string): RegExp => new RegExp("^" + f + "$");
const LABEL_RE = re(LABEL_FMT), SUBDOMAIN_RE = re(SUBDOMAIN_FMT), DNS1035_RE = re(DNS1035_FMT);
const KEY_RE = re(KEY_FMT), VALUE_RE = re(VALUE_FMT);

const LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_MSG = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const KEY_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** validation.IsDNS1123Label (on a byte string). */
function dns1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push("must be no more than 63 characters");
  if (!LABEL_RE.test(v)) errs.push(SUBDOMAIN_RE.test(v) ? "must not contain dots" : regexError(LABEL_MSG, LABEL_FMT, "my-name", "123-abc"));
  return errs;
}
/** validation.IsDNS1123Subdomain (on a byte string). */
function dns1123Subdomain(v: string, maxLenMsg = "characters"): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(`must be no more than 253 ${maxLenMsg}`);
  if (!SUBDOMAIN_RE.test(v)) errs.push(regexError(SUBDOMAIN_MSG, SUBDOMAIN_FMT, "example.com"));
  return errs;
}
/** validation.IsDNS1035Label (on a byte string). */
function dns1035Label(v: string, maxLenMsg = "characters"): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(`must be no more than 63 ${maxLenMsg}`);
  if (!DNS1035_RE.test(v)) errs.push(regexError(DNS1035_MSG, DNS1035_FMT, "my-name", "abc-123"));
  return errs;
}
/** content.IsLabelKey (IsQualifiedName), on a byte string. */
function qualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split("/");
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    name = parts[1];
    if (parts[0].length === 0) errs.push("prefix part must be non-empty");
    else errs.push(...dns1123Subdomain(parts[0], "bytes").map((m) => "prefix part " + m));
  } else {
    return ["a valid label key " + regexError(KEY_MSG, KEY_FMT, "MyName", "my.name", "123-abc") +
      " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (name.length > 63) errs.push("name part must be no more than 63 bytes");
  if (!KEY_RE.test(name)) errs.push("name part " + regexError(KEY_MSG, KEY_FMT, "MyName", "my.name", "123-abc"));
  return errs;
}
/** content.IsLabelValue, on a byte string. */
function labelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push("must be no more than 63 bytes");
  if (!VALUE_RE.test(v)) errs.push(regexError(VALUE_MSG, VALUE_FMT, "MyValue", "my_value", "12345"));
  return errs;
}
/** maskTrailingDash of the generic name validators: drops two bytes and appends "a". */
function maskTrailingDash(v: string): string {
  return v.length > 1 && v.endsWith("-") ? v.slice(0, -2) + "a" : v;
}

const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const DATETIME_RE = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** time.Parse("2006-01-02", s) succeeds. */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

/** strfmt.IsDateTime: a date, `t`, then the time regex on the second `t`-separated piece only. */
export function isDateTime(str: string): boolean {
  if (Buffer.byteLength(str, "utf8") < 4) return false;
  const s = str.replace(/[A-Z]/g, (c) => c.toLowerCase()).split("t");
  if (s.length < 2 || !isDate(s[0])) return false;
  const m = DATETIME_RE.exec(s[1]);
  return m !== null && m[1] <= "23" && m[2] <= "59" && m[3] <= "59";
}

/**
 * apimachinery's name checks on ordinary strings, with their exact messages: what API validation
 * (metadata names, label keys and values, paramKind group/version/kind) uses. Lengths are UTF-8
 * bytes; the length messages say "bytes" as the `content` package does.
 */
export const nameChecks = {
  dns1123Subdomain: (v: string): string[] => dns1123Subdomain(bytes(v), "bytes"),
  dns1035Label: (v: string): string[] => dns1035Label(bytes(v), "bytes"),
  qualifiedName: (v: string): string[] => qualifiedName(bytes(v)),
  labelValue: (v: string): string[] => labelValue(bytes(v)),
} as const;

function fmt(key: string, name: string, maxRegexSize: number, validate: (s: string) => string[]): NamedFormat {
  return { key, name, maxRegexSize, validate };
}

/** The named formats of Kubernetes 1.36, keyed by their library name. */
export const namedFormats: ReadonlyMap<string, NamedFormat> = new Map([
  fmt("dns1123Label", "DNS1123Label", 30, (s) => dns1123Label(bytes(s))),
  fmt("dns1123Subdomain", "DNS1123Subdomain", 60, (s) => dns1123Subdomain(bytes(s))),
  fmt("dns1035Label", "DNS1035Label", 30, (s) => dns1035Label(bytes(s))),
  fmt("qualifiedName", "QualifiedName", 60, (s) => qualifiedName(bytes(s))),
  fmt("dns1123LabelPrefix", "DNS1123LabelPrefix", 30, (s) => dns1123Label(maskTrailingDash(bytes(s)))),
  fmt("dns1123SubdomainPrefix", "DNS1123SubdomainPrefix", 60, (s) => dns1123Subdomain(maskTrailingDash(bytes(s)))),
  fmt("dns1035LabelPrefix", "DNS1035LabelPrefix", 30, (s) => dns1035Label(maskTrailingDash(bytes(s)))),
  fmt("labelValue", "LabelValue", 40, (s) => labelValue(bytes(s))),
  fmt("uri", "URI", 1103, (s) => {
    const u = parseRequestURI(s);
    return "error" in u ? [u.error] : [];
  }),
  fmt("uuid", "uuid", 70, (s) => (UUID_RE.test(s) ? [] : ["does not match the UUID format"])),
  fmt("byte", "byte", 84, (s) => (BASE64_RE.test(s) ? [] : ["invalid base64"])),
  fmt("date", "date", 71, (s) => (isDate(s) ? [] : ["invalid date"])),
  fmt("datetime", "datetime", 71, (s) => (isDateTime(s) ? [] : ["invalid datetime"])),
].map((f) => [f.key, f] as const));
