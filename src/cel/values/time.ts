// CEL timestamp and duration values: nanosecond precision, cel-go ranges, RFC 3339 and Go duration
// text, and calendar fields in a time zone (fixed offsets and IANA names via Intl).
import { celError, errText, type CelError } from "./error.js";
import { INT64_MAX, INT64_MIN } from "./numeric.js";
import { goFloatF } from "../../data/index.js";

/** Smallest timestamp second (0001-01-01T00:00:00Z). */
export const MIN_UNIX = -62135596800;
/** Largest timestamp second (9999-12-31T23:59:59Z). */
export const MAX_UNIX = 253402300799;

/**
 * A CEL timestamp: the instant as Unix seconds (integral) and nanoseconds in [0, 1e9), and the UTC
 * offset in seconds it was written with (cel-go keeps Go's time.Time location: `string()` and JSON
 * print it; comparisons and accessors use the instant).
 */
export interface CelTimestamp {
  readonly kind: 7;
  readonly sec: number;
  readonly nanos: number;
  readonly offset: number;
}
/** A CEL duration: a signed int64 count of nanoseconds. */
export interface CelDuration {
  readonly kind: 8;
  readonly nanos: bigint;
}

class TimestampImpl implements CelTimestamp {
  readonly kind = 7 as const;
  constructor(readonly sec: number, readonly nanos: number, readonly offset: number) {}
}
class DurationImpl implements CelDuration {
  readonly kind = 8 as const;
  constructor(readonly nanos: bigint) {}
}

/** A timestamp, or `timestamp overflow` outside year 1..9999 (UTC). Nanos are normalised; `offset`: seconds east of UTC. */
export function celTimestamp(sec: number, nanos = 0, offset = 0): CelTimestamp | CelError {
  if (nanos < 0 || nanos >= 1e9) {
    const carry = Math.floor(nanos / 1e9);
    sec += carry;
    nanos -= carry * 1e9;
  }
  if (sec < MIN_UNIX || sec > MAX_UNIX) return celError(errText.timestampOverflow);
  return new TimestampImpl(sec, nanos, offset);
}
/** True when `v` is a timestamp. */
export function isCelTimestamp(v: unknown): v is CelTimestamp {
  return v instanceof TimestampImpl;
}
/** A duration, or `duration overflow` outside int64 nanoseconds. */
export function celDuration(nanos: bigint): CelDuration | CelError {
  if (nanos < INT64_MIN || nanos > INT64_MAX) return celError(errText.durationOverflow);
  return new DurationImpl(nanos);
}
/** True when `v` is a duration. */
export function isCelDuration(v: unknown): v is CelDuration {
  return v instanceof DurationImpl;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Calendar fields of a day number: [year, month 1-12, day 1-31]. */
export function civilFromDays(z: number): [number, number, number] {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/** Parses RFC 3339 text as Go's time.RFC3339 layout accepts it (upper-case `T` and `Z` only), keeping its offset. */
export function parseTimestamp(s: string): CelTimestamp | CelError {
  const m = RFC3339.exec(s);
  const bad = (): CelError => celError(`timestamp("${s}") parse error: cannot parse as RFC 3339`);
  if (!m) return bad();
  const [y, mo, d, h, mi, se] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || se > 59) return bad();
  let sec = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
  let offset = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return bad();
    offset = (m[9] === "-" ? -1 : 1) * (oh * 3600 + om * 60);
    sec -= offset;
  }
  const nanos = m[7] ? Number(m[7].padEnd(9, "0")) : 0;
  return celTimestamp(sec, nanos, offset);
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

const pad = (n: number, w: number): string => String(n).padStart(w, "0");

/** RFC 3339 text at the timestamp's own offset (`Z` for UTC), trailing fraction zeros trimmed (Go's RFC3339Nano). */
export function formatTimestamp(t: CelTimestamp): string {
  const local = t.sec + t.offset;
  const days = Math.floor(local / 86400);
  const rem = local - days * 86400;
  const [y, mo, d] = civilFromDays(days);
  let s = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(Math.floor(rem / 3600), 2)}:${pad(Math.floor(rem / 60) % 60, 2)}:${pad(rem % 60, 2)}`;
  if (t.nanos) s += "." + pad(t.nanos, 9).replace(/0+$/, "");
  if (t.offset === 0) return s + "Z";
  const a = Math.abs(t.offset);
  return `${s}${t.offset < 0 ? "-" : "+"}${pad(Math.floor(a / 3600), 2)}:${pad(Math.floor(a / 60) % 60, 2)}`;
}

/** cel-go's `string(duration)`: seconds as a float in fixed notation plus `s` (`1.5s`). */
export function formatDuration(d: CelDuration): string {
  const sec = d.nanos / 1000000000n;
  const ns = d.nanos % 1000000000n;
  return goFloatF(Number(sec) + Number(ns) / 1e9) + "s";
}

const UNIT_NS: Record<string, bigint> = { ns: 1n, us: 1000n, "µs": 1000n, "μs": 1000n, ms: 1000000n, s: 1000000000n, m: 60000000000n, h: 3600000000000n };

/** Parses Go duration text (`1h2m3.5s`, `-1.5ms`, `0`). */
export function parseDuration(s: string): CelDuration | CelError {
  const bad = (): CelError => celError(`time: invalid duration "${s}"`);
  let i = 0;
  let neg = false;
  if (s[0] === "-" || s[0] === "+") { neg = s[0] === "-"; i = 1; }
  if (s.slice(i) === "0") return celDuration(0n);
  if (i >= s.length) return bad();
  let total = 0n;
  const re = /(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/y;
  re.lastIndex = i;
  while (i < s.length) {
    const m = re.exec(s);
    if (!m || m.index !== i || (m[1] === "" && (m[2] ?? "") === "")) return bad();
    const unit = UNIT_NS[m[3]];
    let v = BigInt(m[1] || "0") * unit;
    if (m[2]) v += (BigInt(m[2]) * unit) / 10n ** BigInt(m[2].length);
    total += v;
    if (total > 9223372036854775808n) return bad();
    i = re.lastIndex;
  }
  return celDuration(neg ? -total : total);
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset in seconds east of UTC of zone `tz` at Unix second `sec`, or an error for an unknown zone. */
export function zoneOffset(tz: string, sec: number): number | CelError {
  const colon = tz.indexOf(":");
  if (colon >= 0) {
    const h = Number.parseInt(tz.slice(0, colon), 10);
    const mi = Number.parseInt(tz.slice(colon + 1), 10);
    if (!/^[+-]?\d+$/.test(tz.slice(0, colon)) || !/^\d+$/.test(tz.slice(colon + 1))) return celError(`unknown time zone ${tz}`);
    if (mi < 0 || mi > 59) return celError(`timezone offset minutes out of range [0, 59]: ${tz}`);
    return (tz[0] === "-" ? h * 60 - mi : h * 60 + mi) * 60;
  }
  if (tz === "" || tz === "UTC") return 0;
  let f = zoneFormatters.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", era: "short" });
    } catch {
      return celError(`unknown time zone ${tz}`);
    }
    zoneFormatters.set(tz, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(sec * 1000))) parts[p.type] = p.value;
  let y = Number(parts.year);
  if (parts.era === "BC" || parts.era === "B") y = 1 - y;
  const local = daysFromCivil(y, Number(parts.month), Number(parts.day)) * 86400 + Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return local - sec;
}

/** Calendar fields of a timestamp in a zone. */
export interface TimeFields { year: number; month: number; day: number; dayOfYear: number; dayOfWeek: number; hours: number; minutes: number; seconds: number; millis: number }

/** The calendar fields of `t` in zone `tz` (UTC when undefined). */
export function timeFields(t: CelTimestamp, tz?: string): TimeFields | CelError {
  let off = 0;
  if (tz !== undefined) {
    const o = zoneOffset(tz, t.sec);
    if (typeof o !== "number") return o;
    off = o;
  }
  const local = t.sec + off;
  const days = Math.floor(local / 86400);
  const rem = local - days * 86400;
  const [year, month, day] = civilFromDays(days);
  return {
    year, month, day,
    dayOfYear: days - daysFromCivil(year, 1, 1),
    dayOfWeek: (((days + 4) % 7) + 7) % 7,
    hours: Math.floor(rem / 3600), minutes: Math.floor(rem / 60) % 60, seconds: rem % 60,
    millis: Math.floor(t.nanos / 1e6),
  };
}

/** Adds a duration to a timestamp (cel-go's checked arithmetic). */
export function addTimestamp(t: CelTimestamp, d: bigint): CelTimestamp | CelError {
  const dsec = d / 1000000000n;
  const dns = Number(d % 1000000000n);
  const sec = BigInt(t.sec) + dsec;
  if (sec < BigInt(MIN_UNIX) - 1n || sec > BigInt(MAX_UNIX) + 1n) return celError(errText.timestampOverflow);
  return celTimestamp(Number(sec), t.nanos + dns, t.offset);
}

/** Difference of two timestamps as a duration (`integer overflow` past int64 nanoseconds, as cel-go words it). */
export function subtractTimestamps(a: CelTimestamp, b: CelTimestamp): CelDuration | CelError {
  const d = BigInt(a.sec - b.sec) * 1000000000n + BigInt(a.nanos - b.nanos);
  return d < INT64_MIN || d > INT64_MAX ? celError(errText.intOverflow) : celDuration(d);
}
