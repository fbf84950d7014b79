// metav1.Time and metav1.MicroTime as the apiserver decodes and prints them: Go's time.Parse with
// the RFC 3339 layouts (its error texts included), printed back in UTC; the zero time is null.

/** Go's `time.RFC3339` layout. */
const RFC3339 = "2006-01-02T15:04:05Z07:00";
/** metav1's `RFC3339Micro` layout. */
const RFC3339_MICRO = "2006-01-02T15:04:05.000000Z07:00";

/** A parsed instant: milliseconds since the epoch (UTC) and the sub-millisecond nanoseconds. */
interface Instant {
  ms: number;
  /** Nanoseconds within the second (0 … 999,999,999). */
  nanos: number;
}

const quote = (s: string): string => JSON.stringify(s);
const DIGIT = /[0-9]/;

/** The error of one layout element, as Go's time.ParseError prints it. */
function bad(layout: string, value: string, layoutElem: string, valueElem: string): { error: string } {
  return { error: `parsing time ${quote(value)} as ${quote(layout)}: cannot parse ${quote(valueElem)} as ${quote(layoutElem)}` };
}

function outOfRange(value: string, what: string): { error: string } {
  return { error: `parsing time ${quote(value)}: ${what} out of range` };
}

function isLeap(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

/**
 * Parses `value` with one of the two RFC 3339 layouts the way Go's time.Parse walks them:
 * 4-digit year, 2-digit month and day, 1–2 digit hour, 2-digit minute and second, optional
 * fraction (exactly six digits for the micro layout), `Z` or `±hh:mm`.
 */
function parseLayout(value: string, micro: boolean): Instant | { error: string } {
  const layout = micro ? RFC3339_MICRO : RFC3339;
  let rest = value;
  const num = (elem: string, min: number, max: number): number | { error: string } => {
    let n = 0;
    while (n < max && n < rest.length && DIGIT.test(rest[n])) n++;
    if (n < min) return bad(layout, value, elem, rest);
    const v = Number(rest.slice(0, n));
    rest = rest.slice(n);
    return v;
  };
  const lit = (s: string): { error: string } | undefined => {
    if (!rest.startsWith(s)) return bad(layout, value, s, rest);
    rest = rest.slice(s.length);
    return undefined;
  };
  const year = num("2006", 4, 4);
  if (typeof year !== "number") return year;
  let e = lit("-");
  if (e) return e;
  const month = num("01", 2, 2);
  if (typeof month !== "number") return month;
  if (month < 1 || month > 12) return outOfRange(value, "month");
  if ((e = lit("-"))) return e;
  const day = num("02", 2, 2);
  if (typeof day !== "number") return day;
  if ((e = lit("T"))) return e;
  const hour = num("15", 1, 2);
  if (typeof hour !== "number") return hour;
  if (hour >= 24) return outOfRange(value, "hour");
  if ((e = lit(":"))) return e;
  const minute = num("04", 2, 2);
  if (typeof minute !== "number") return minute;
  if (minute >= 60) return outOfRange(value, "minute");
  if ((e = lit(":"))) return e;
  const second = num("05", 2, 2);
  if (typeof second !== "number") return second;
  if (second >= 60) return outOfRange(value, "second");
  let nanos = 0;
  if (micro) {
    if (rest.length < 7 || (rest[0] !== "." && rest[0] !== ",") || !/^[0-9]{6}/.test(rest.slice(1))) return bad(layout, value, ".000000", rest);
    nanos = Number(rest.slice(1, 7)) * 1000;
    rest = rest.slice(7);
  } else if (rest.length >= 2 && (rest[0] === "." || rest[0] === ",") && DIGIT.test(rest[1])) {
    let n = 1;
    while (n < rest.length && DIGIT.test(rest[n])) n++;
    nanos = Number(rest.slice(1, Math.min(n, 10)).padEnd(9, "0"));
    rest = rest.slice(n);
  }
  let offsetMinutes = 0;
  if (rest.startsWith("Z")) rest = rest.slice(1);
  else {
    const m = /^([+-])([0-9]{2}):([0-9]{2})/.exec(rest);
    if (rest.length < 6 || m === null) return bad(layout, value, "Z07:00", rest);
    const hh = Number(m[2]);
    const mm = Number(m[3]);
    if (hh > 24) return outOfRange(value, "time zone offset hour");
    if (mm > 60) return outOfRange(value, "time zone offset minute");
    offsetMinutes = (m[1] === "-" ? -1 : 1) * (hh * 60 + mm);
    rest = rest.slice(6);
  }
  if (rest.length > 0) return { error: `parsing time ${quote(value)}: extra text: ${quote(rest)}` };
  if (day < 1 || day > monthDays(month, year)) return outOfRange(value, "day");
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute - offsetMinutes, second, 0);
  return { ms: d.getTime(), nanos };
}

function monthDays(month: number, year: number): number {
  return month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The Go zero time (0001-01-01T00:00:00Z) in epoch milliseconds. */
const ZERO_MS = (() => {
  const d = new Date(0);
  d.setUTCFullYear(1, 0, 1);
  return d.getTime();
})();

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** `YYYY-MM-DDTHH:MM:SS` of an instant in UTC. */
function dateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
}

/**
 * A metav1.Time JSON string as the apiserver prints it back: UTC, whole seconds; null for the
 * zero time. An error is time.Parse's text.
 */
export function goTime(value: string): string | null | { error: string } {
  const t = parseLayout(value, false);
  if ("error" in t) return t;
  if (t.ms === ZERO_MS && t.nanos === 0) return null;
  return `${dateTime(t.ms)}Z`;
}

/** A metav1.MicroTime JSON string printed back: UTC with six fraction digits; null for zero. */
export function goMicroTime(value: string): string | null | { error: string } {
  const t = parseLayout(value, true);
  if ("error" in t) return t;
  if (t.ms === ZERO_MS && t.nanos === 0) return null;
  return `${dateTime(t.ms)}.${pad(Math.floor(t.nanos / 1000), 6)}Z`;
}
