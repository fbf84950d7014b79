// Standard library: timestamp and duration accessors (getFullYear … getMilliseconds), with an
// optional time zone argument (IANA name or `±HH:MM`).
import type { Overload } from "../types.js";
import { isCelError, timeFields, type CelError, type CelTimestamp, type CelDuration, type TimeFields } from "../values/index.js";
import { T, member } from "./sig.js";

type Field = (f: TimeFields) => number;
const tsFields: [string, Field][] = [
  ["getFullYear", (f) => f.year], ["getMonth", (f) => f.month - 1], ["getDate", (f) => f.day],
  ["getDayOfMonth", (f) => f.day - 1], ["getDayOfYear", (f) => f.dayOfYear], ["getDayOfWeek", (f) => f.dayOfWeek],
  ["getHours", (f) => f.hours], ["getMinutes", (f) => f.minutes], ["getSeconds", (f) => f.seconds],
  ["getMilliseconds", (f) => f.millis],
];
function accessor(get: Field): [(t: CelTimestamp) => bigint | CelError, (t: CelTimestamp, tz: string) => bigint | CelError] {
  const run = (t: CelTimestamp, tz?: string): bigint | CelError => {
    const f = timeFields(t, tz);
    return isCelError(f) ? f : BigInt(get(f));
  };
  return [(t) => run(t), (t, tz) => run(t, tz)];
}
const durationFields: [string, bigint][] = [["getHours", 3600000000000n], ["getMinutes", 60000000000n], ["getSeconds", 1000000000n], ["getMilliseconds", 1000000n]];

function rows(): Overload[] {
  const out: Overload[] = [];
  for (const [name, get] of tsFields) {
    const [utc, zoned] = accessor(get);
    out.push(member(name, [T.timestamp], T.int, utc), member(name, [T.timestamp, T.string], T.int, zoned));
  }
  for (const [name, unit] of durationFields) out.push(member(name, [T.duration], T.int, (d: CelDuration) => d.nanos / unit));
  return out;
}

/** Timestamp and duration accessors. */
export const stdTime: Overload[] = rows();
