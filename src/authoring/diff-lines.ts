// Line diff for `kmutate apply --diff`: a longest-common-subsequence edit script between two
// texts, grouped into unified-diff hunks with context lines.

/** One line of a hunk: kept (` `), removed (`-`) or added (`+`), with its 0-based line numbers. */
export interface HunkLine {
  tag: " " | "-" | "+";
  text: string;
  /** Line in the old text (kept and removed lines). */
  a?: number;
  /** Line in the new text (kept and added lines). */
  b?: number;
}

/** A unified-diff hunk: 0-based starts and lengths in the old (`a`) and new (`b`) texts. */
export interface Hunk {
  aStart: number;
  aLength: number;
  bStart: number;
  bLength: number;
  lines: HunkLine[];
}

/** Above this many cells the middle part is diffed as one replacement (never slow, still correct). */
const maxCells = 4_000_000;

/** The edit script from `a` to `b`, line by line. */
export function editScript(a: readonly string[], b: readonly string[]): HunkLine[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const out: HunkLine[] = [];
  for (let i = 0; i < pre; i++) out.push({ tag: " ", text: a[i], a: i, b: i });
  const n = a.length - pre - suf;
  const m = b.length - pre - suf;
  if (n * m > maxCells) {
    for (let i = 0; i < n; i++) out.push({ tag: "-", text: a[pre + i], a: pre + i });
    for (let j = 0; j < m; j++) out.push({ tag: "+", text: b[pre + j], b: pre + j });
  } else {
    // lcs[i][j]: LCS length of a[pre+i..] and b[pre+j..]
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = a[pre + i] === b[pre + j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[pre + i] === b[pre + j]) {
        out.push({ tag: " ", text: a[pre + i], a: pre + i, b: pre + j });
        i++;
        j++;
      } else if (j < m && (i === n || lcs[i * w + j + 1] >= lcs[(i + 1) * w + j])) {
        out.push({ tag: "+", text: b[pre + j], b: pre + j });
        j++;
      } else {
        out.push({ tag: "-", text: a[pre + i], a: pre + i });
        i++;
      }
    }
  }
  for (let k = 0; k < suf; k++) out.push({ tag: " ", text: a[a.length - suf + k], a: a.length - suf + k, b: b.length - suf + k });
  return reorderRuns(out);
}

/** Within each run of changes, removals come before additions (as diff -u prints them). */
function reorderRuns(lines: HunkLine[]): HunkLine[] {
  const out: HunkLine[] = [];
  let run: HunkLine[] = [];
  const flush = (): void => {
    out.push(...run.filter((l) => l.tag === "-"), ...run.filter((l) => l.tag === "+"));
    run = [];
  };
  for (const l of lines) {
    if (l.tag === " ") {
      flush();
      out.push(l);
    } else run.push(l);
  }
  flush();
  return out;
}

/** Unified-diff hunks of `a` → `b` with `context` unchanged lines around each change. */
export function unifiedHunks(a: readonly string[], b: readonly string[], context = 3): Hunk[] {
  const script = editScript(a, b);
  const changed = script.map((l, i) => (l.tag === " " ? -1 : i)).filter((i) => i >= 0);
  const hunks: Hunk[] = [];
  let k = 0;
  while (k < changed.length) {
    let first = changed[k];
    let last = first;
    while (k + 1 < changed.length && changed[k + 1] - last <= 2 * context + 1) last = changed[++k];
    k++;
    first = Math.max(0, first - context);
    last = Math.min(script.length - 1, last + context);
    const lines = script.slice(first, last + 1);
    const aLines = lines.filter((l) => l.a !== undefined);
    const bLines = lines.filter((l) => l.b !== undefined);
    hunks.push({
      aStart: aLines[0]?.a ?? precedingLine(script, first, "a"),
      aLength: aLines.length,
      bStart: bLines[0]?.b ?? precedingLine(script, first, "b"),
      bLength: bLines.length,
      lines,
    });
  }
  return hunks;
}

/** For an empty side, the line after which the hunk sits (diff -u prints that line number). */
function precedingLine(script: readonly HunkLine[], index: number, side: "a" | "b"): number {
  for (let i = index - 1; i >= 0; i--) {
    const n = script[i][side];
    if (n !== undefined) return n + 1;
  }
  return 0;
}
