// Reads a byte count as people write it in an environment variable: a whole number, optionally
// with an SI (k, M, G) or IEC (Ki, Mi, Gi) suffix, as in Kubernetes quantities.

const UNITS: Record<string, number> = { "": 1, k: 1e3, M: 1e6, G: 1e9, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };

/** The suffixes {@link parseByteCount} accepts, for messages. */
export const BYTE_COUNT_FORM = "a whole number of bytes, optionally with a suffix k, M, G (10^3, 10^6, 10^9) or Ki, Mi, Gi (2^10, 2^20, 2^30)";

/** The number of bytes `text` names (`500`, `64Mi`, `1G`), or undefined when it is not of that form. */
export function parseByteCount(text: string): number | undefined {
  const m = /^([0-9]+)(Ki|Mi|Gi|k|M|G)?$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]) * UNITS[m[2] ?? ""];
  return Number.isSafeInteger(n) ? n : undefined;
}
