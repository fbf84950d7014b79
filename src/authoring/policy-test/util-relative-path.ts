// Resolves a path written in a test file against the test file's folder, `/`-separated and
// normalised (`.` and `..` segments folded), without Node's path module.

/** `rel` resolved against the folder of `file` (an absolute `rel` is kept as it is). */
export function relativeTo(file: string, rel: string): string {
  if (rel.startsWith("/")) return normalise(rel);
  const slash = file.lastIndexOf("/");
  return normalise(slash < 0 ? rel : file.slice(0, slash + 1) + rel);
}

function normalise(path: string): string {
  const absolute = path.startsWith("/");
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (seg !== ".." || !absolute) out.push(seg);
  }
  const joined = out.join("/");
  return absolute ? "/" + joined : joined === "" ? "." : joined;
}
