// Name-format checks of apimachinery (`content` / `util/validation`) with their exact messages:
// label keys and values, DNS-1123 subdomains, DNS-1035 labels (the CEL format library's checks,
// one implementation), and path segment names.
import { nameChecks } from "../../cel/index.js";

/** Messages for an invalid label key / qualified name (`content.IsLabelKey`); empty when valid. */
export const isLabelKey: (value: string) => string[] = nameChecks.qualifiedName;
/** Messages for an invalid label value (`content.IsLabelValue`); empty when valid. */
export const isLabelValue: (value: string) => string[] = nameChecks.labelValue;
/** Messages for an invalid lowercase RFC 1123 subdomain; empty when valid. */
export const isDNS1123Subdomain: (value: string) => string[] = nameChecks.dns1123Subdomain;
/** Messages for an invalid DNS-1035 label; empty when valid. */
export const isDNS1035Label: (value: string) => string[] = nameChecks.dns1035Label;

/** Messages for a name that cannot be a URL path segment (`content.IsPathSegmentName`). */
export function isPathSegmentName(name: string): string[] {
  if (name === "." || name === "..") return [`may not be '${name}'`];
  const errs: string[] = [];
  if (name.includes("/")) errs.push("may not contain '/'");
  if (name.includes("%")) errs.push("may not contain '%'");
  return errs;
}
