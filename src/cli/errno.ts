// What a failed file-system call says: its errno code (`ENOENT`, `EPIPE`), and the short text the
// commands put after "cannot read:" or "cannot write:" (the code, else the error's message).

/** The errno code of an error thrown by `fs`, if any. */
export function errnoCode(e: unknown): string | undefined {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;
}

/** The errno code of `e`, else its message. */
export function errnoText(e: unknown): string {
  return errnoCode(e) ?? (e instanceof Error ? e.message : String(e));
}
