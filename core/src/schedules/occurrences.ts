import type { TypeSchedule } from './schedule.schemas';

/**
 * When a schedule's messages go out (issue 14): pure, no clock read — every "now" is a parameter.
 *
 * A series is its ORIGIN (the send date the user entered, an instant), its type and its company's IANA time zone.
 * Occurrence k (1-based) is the origin's wall-clock date and time in that zone moved k-1 weeks (Recorrente Semanal) or
 * k-1 months (Recorrente Mensal), turned back into an instant in the same zone. Every occurrence is computed from the
 * origin, never from the previous one, so nothing drifts: a monthly series from the 31st falls on the 30th, the 28th
 * or 29th in shorter months and on the 31st again when the month has one; 09:00 stays 09:00 across daylight-saving
 * changes. A wall time that does not exist on the day (the hour skipped when clocks go forward) moves forward by the
 * gap; one that exists twice (clocks go back) is the first of the two.
 */

export type OccurrenceRule = {
  /** the series' origin, ms since the epoch */
  origin: number;
  typeSchedule: TypeSchedule;
  /** occurrences in the series; null = Único (1) or, for a recurring one, forever */
  repeatCount: number | null;
  /** IANA time zone */
  timeZone: string;
};

/** A wall-clock date and time (month 1–12). */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a time zone. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const yearOfEra = Number(parts.year);
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra;
  return {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

/** The wall time read as if it were UTC (ms): the arithmetic of civil dates. */
function civilMs(w: WallTime): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, w.millisecond);
  return d.getTime();
}

/** The zone's offset from UTC at an instant (ms, east positive). */
export function offsetAt(instant: number, timeZone: string): number {
  return civilMs(wallTimeAt(instant, timeZone)) - instant;
}

const DAY_MS = 86_400_000;

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year &&
  a.month === b.month &&
  a.day === b.day &&
  a.hour === b.hour &&
  a.minute === b.minute &&
  a.second === b.second;

/**
 * The instant of a wall time in a zone. Of two instants showing it (clocks went back) the earlier; none (clocks went
 * forward over it): the wall time read with the offset before the change, i.e. moved forward by the gap.
 */
export function instantOf(w: WallTime, timeZone: string): number {
  const local = civilMs(w);
  const before = local - offsetAt(local - DAY_MS, timeZone);
  const after = local - offsetAt(local + DAY_MS, timeZone);
  const valid = [before, after].filter((t) => sameWall(wallTimeAt(t, timeZone), w));
  if (valid.length) return Math.min(...valid);
  // a gap: also try the offset at the guess itself (a zone with two changes within a day)
  const guess = local - offsetAt(local, timeZone);
  if (sameWall(wallTimeAt(guess, timeZone), w)) return guess;
  return before;
}

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

/** Occurrences in the series: 1 for Único, repeatCount for a finite recurring one, Infinity for forever. */
export function seriesLength(rule: Pick<OccurrenceRule, 'typeSchedule' | 'repeatCount'>): number {
  if (rule.typeSchedule === 'Único') return 1;
  return rule.repeatCount && rule.repeatCount > 0 ? rule.repeatCount : Number.POSITIVE_INFINITY;
}

/** The wall time of occurrence k (1-based), before the series' length is considered. */
function wallOf(rule: OccurrenceRule, k: number): WallTime {
  const w = wallTimeAt(rule.origin, rule.timeZone);
  if (rule.typeSchedule === 'Recorrente Semanal') {
    const d = new Date(0);
    d.setUTCFullYear(w.year, w.month - 1, w.day + 7 * (k - 1));
    return { ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  if (rule.typeSchedule === 'Recorrente Mensal') {
    const months = w.year * 12 + (w.month - 1) + (k - 1);
    const year = Math.floor(months / 12);
    const month = months - year * 12 + 1;
    return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
  }
  return w;
}

/** The instant of occurrence k (1-based), or null when the series has no such occurrence. */
export function occurrenceAt(rule: OccurrenceRule, k: number): number | null {
  if (!Number.isInteger(k) || k < 1 || k > seriesLength(rule)) return null;
  if (k === 1) return rule.origin;
  return instantOf(wallOf(rule, k), rule.timeZone);
}

/** A first guess of the occurrence around instant t (never past it by more than one step). */
function estimate(rule: OccurrenceRule, t: number): number {
  if (t <= rule.origin) return 1;
  if (rule.typeSchedule === 'Recorrente Semanal') return Math.max(1, Math.floor((t - rule.origin) / (7 * DAY_MS)));
  if (rule.typeSchedule === 'Recorrente Mensal') {
    const a = wallTimeAt(rule.origin, rule.timeZone);
    const b = wallTimeAt(t, rule.timeZone);
    return Math.max(1, (b.year - a.year) * 12 + (b.month - a.month) - 1);
  }
  return 1;
}

/** The first occurrence strictly after instant t: its number and instant, or null when the series is over by then. */
export function nextOccurrenceAfter(rule: OccurrenceRule, t: number): { k: number; at: number } | null {
  const length = seriesLength(rule);
  let k = Math.min(estimate(rule, t), Number.isFinite(length) ? length : Number.MAX_SAFE_INTEGER);
  // step back while the guess is already after t (it is at most a step or two ahead)
  while (k > 1 && (occurrenceAt(rule, k - 1) as number) > t) k--;
  for (; k <= length; k++) {
    const at = occurrenceAt(rule, k);
    if (at === null) return null;
    if (at > t) return { k, at };
  }
  return null;
}

/** The occurrences due in (a, b], in order. */
export function occurrencesDueIn(rule: OccurrenceRule, a: number, b: number): { k: number; at: number }[] {
  const out: { k: number; at: number }[] = [];
  for (let next = nextOccurrenceAfter(rule, a); next && next.at <= b; ) {
    out.push(next);
    const at = occurrenceAt(rule, next.k + 1);
    next = at === null ? null : { k: next.k + 1, at };
  }
  return out;
}

/**
 * What to do at instant `now` when occurrences from `fromK` on have not been handled (the job of `fromK` runs, or the
 * server starts after being down). Of the occurrences already due, only the latest may still go, and only if it is
 * at most `graceMs` late; every earlier one is missed — never several stale copies. `next` is the first occurrence
 * not yet due (null when the series is over).
 */
export function catchUp(
  rule: OccurrenceRule,
  fromK: number,
  now: number,
  graceMs: number,
): {
  missed: { from: number; to: number } | null;
  send: { k: number; at: number } | null;
  next: { k: number; at: number } | null;
} {
  const first = occurrenceAt(rule, fromK);
  if (first === null) return { missed: null, send: null, next: null };
  if (first > now) return { missed: null, send: null, next: { k: fromK, at: first } };
  // the latest due occurrence ≥ fromK
  const upcoming = nextOccurrenceAfter(rule, now);
  // no upcoming one: a finite series, wholly due
  const lastDue = upcoming ? upcoming.k - 1 : seriesLength(rule);
  const lastAt = occurrenceAt(rule, lastDue) as number;
  const late = now - lastAt;
  if (late <= graceMs) {
    return {
      missed: lastDue > fromK ? { from: fromK, to: lastDue - 1 } : null,
      send: { k: lastDue, at: lastAt },
      next: upcoming,
    };
  }
  return { missed: { from: fromK, to: lastDue }, send: null, next: upcoming };
}
