// SMD validation errors: a path and a message, prefixed while unwinding, and rendered as
// `<path>: <message>` (several as an `errors:` block, one per indented line).

/** One error at a path (`.spec.containers[name="a"].image`). */
export interface SmdError {
  path: string;
  message: string;
}

/** No errors: shared by every walker that found none (so lists of errors are never appended to). */
export const NO_ERRS: SmdError[] = [];

/** A single error without a path. */
export function smdError(message: string): SmdError[] {
  return [{ path: "", message }];
}

/** Prefixes every error's path (in place) and returns the list. */
export function withPrefix(errs: SmdError[], prefix: string): SmdError[] {
  for (const e of errs) e.path = prefix + e.path;
  return errs;
}

/** SMD `ValidationErrors.Error()`. */
export function formatSmdErrors(errs: readonly SmdError[]): string {
  const one = (e: SmdError): string => (e.path === "" ? e.message : `${e.path}: ${e.message}`);
  if (errs.length === 1) return one(errs[0]);
  return ["errors:", ...errs.map((e) => "  " + one(e))].join("\n");
}
