// The one-line stderr form of a KRM result, shared by `apply` and fn mode (kept apart from
// apply.ts so fn mode does not load the apply command).
import type { KrmResult } from "../admission/index.js";

/** One stderr line for a result: `severity: file[#index]: Kind namespace/name: message`. */
export function resultLine(r: KrmResult): string {
  const parts: string[] = [r.severity];
  if (r.file) parts.push(r.file.index === undefined ? r.file.path : `${r.file.path}#${r.file.index}`);
  if (r.resourceRef) parts.push(`${r.resourceRef.kind} ${r.resourceRef.namespace ? r.resourceRef.namespace + "/" : ""}${r.resourceRef.name}`);
  if (r.field && !r.message.startsWith(r.field.path + ":")) parts.push(r.field.path);
  return `${parts.join(": ")}: ${r.message}\n`;
}
