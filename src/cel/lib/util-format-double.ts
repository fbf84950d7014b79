// Go's strconv.FormatFloat(d, 'g', -1, 64): the text cel-go uses for string(double).

/** Formats a double like Go's `%g` with shortest precision (`1e+06`, `1.5`, `NaN`, `+Inf`). */
export function formatDoubleG(d: number): string {
  if (Number.isNaN(d)) return "NaN";
  if (!Number.isFinite(d)) return d > 0 ? "+Inf" : "-Inf";
  if (d === 0) return Object.is(d, -0) ? "-0" : "0";
  const [mant, expS] = d.toExponential().split("e");
  const neg = mant.startsWith("-");
  const digits = mant.replace(/^-/, "").replace(".", "");
  const exp = Number(expS);
  const nd = digits.length;
  const dp = exp + 1;
  let eprec = 6;
  if (eprec > nd && nd >= dp) eprec = nd;
  let out: string;
  if (exp < -4 || exp >= eprec) {
    const e = Math.abs(exp);
    out = digits[0] + (nd > 1 ? "." + digits.slice(1) : "") + "e" + (exp < 0 ? "-" : "+") + (e < 10 ? "0" + e : String(e));
  } else if (dp <= 0) out = "0." + "0".repeat(-dp) + digits;
  else if (dp >= nd) out = digits + "0".repeat(dp - nd);
  else out = digits.slice(0, dp) + "." + digits.slice(dp);
  return (neg ? "-" : "") + out;
}
