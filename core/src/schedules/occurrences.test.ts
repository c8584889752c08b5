import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  catchUp,
  daysInMonth,
  instantOf,
  nextOccurrenceAfter,
  type OccurrenceRule,
  occurrenceAt,
  occurrencesDueIn,
  offsetAt,
  seriesLength,
  type WallTime,
  wallTimeAt,
} from './occurrences';
import type { TypeSchedule } from './schedule.schemas';

/** zones with and without daylight saving, north and south, whole and fractional offsets */
const ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'Europe/Lisbon',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'UTC',
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const runs = { numRuns: 60 };

const zoneArb = fc.constantFrom(...ZONES);
/** a wall time outside the small hours, where every listed zone changes its clocks */
const wallArb = fc.record({
  year: fc.integer({ min: 2015, max: 2035 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 31 }),
  hour: fc.integer({ min: 4, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  second: fc.integer({ min: 0, max: 59 }),
  millisecond: fc.constant(0),
});
const clampDay = (w: WallTime): WallTime => ({ ...w, day: Math.min(w.day, daysInMonth(w.year, w.month)) });

const rule = (
  origin: number,
  typeSchedule: TypeSchedule,
  timeZone: string,
  repeatCount: number | null = null,
): OccurrenceRule => ({
  origin,
  typeSchedule,
  timeZone,
  repeatCount,
});

const civilDays = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day) / DAY;
const timeOf = (w: WallTime) => [w.hour, w.minute, w.second];

describe('time zones', () => {
  test('known offsets: São Paulo -3 all year (no DST since 2019), New York and Lisbon with DST, Manaus -4', () => {
    const jan = Date.UTC(2026, 0, 15, 12);
    const jul = Date.UTC(2026, 6, 15, 12);
    expect(offsetAt(jan, 'America/Sao_Paulo')).toBe(-3 * HOUR);
    expect(offsetAt(jul, 'America/Sao_Paulo')).toBe(-3 * HOUR);
    expect(offsetAt(jan, 'America/Manaus')).toBe(-4 * HOUR);
    expect(offsetAt(jan, 'America/New_York')).toBe(-5 * HOUR);
    expect(offsetAt(jul, 'America/New_York')).toBe(-4 * HOUR);
    expect(offsetAt(jan, 'Europe/Lisbon')).toBe(0);
    expect(offsetAt(jul, 'Europe/Lisbon')).toBe(HOUR);
    // São Paulo had DST in 2018 (-2 in January)
    expect(offsetAt(Date.UTC(2018, 0, 15, 12), 'America/Sao_Paulo')).toBe(-2 * HOUR);
  });

  test('any instant read as a wall time and back is the same instant (or the earlier twin of a repeated hour)', () => {
    fc.assert(
      fc.property(zoneArb, fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2050, 0, 1) }), (tz, t) => {
        const w = wallTimeAt(t, tz);
        const back = instantOf(w, tz);
        expect(wallTimeAt(back, tz)).toEqual(w);
        expect(back).toBeLessThanOrEqual(t);
        expect(t - back).toBeLessThanOrEqual(HOUR);
        if (back !== t) expect(t - back).toBe(offsetAt(back, tz) - offsetAt(t, tz));
      }),
      { numRuns: 400 },
    );
  });

  test('a wall time skipped by the clocks moving forward moves forward by the gap; a repeated one is the first', () => {
    // New York, 2026-03-08: 02:00 → 03:00; 02:30 does not exist
    const gap = instantOf(
      { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0, millisecond: 0 },
      'America/New_York',
    );
    expect(new Date(gap).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeAt(gap, 'America/New_York')).toMatchObject({ hour: 3, minute: 30 });
    // 2026-11-01: 02:00 → 01:00; 01:30 happens twice (EDT first)
    const twin = instantOf(
      { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0, millisecond: 0 },
      'America/New_York',
    );
    expect(new Date(twin).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('occurrences (issue 14 acceptance 1)', () => {
  test('weekly: no drift over 24 months — same wall time, exactly 7 days apart in the zone, at any clock', () => {
    fc.assert(
      fc.property(zoneArb, wallArb, (tz, w0) => {
        const w = clampDay(w0);
        const r = rule(instantOf(w, tz), 'Recorrente Semanal', tz);
        const start = wallTimeAt(r.origin, tz);
        let previous = r.origin;
        for (let k = 1; k <= 105; k++) {
          const at = occurrenceAt(r, k) as number;
          const wk = wallTimeAt(at, tz);
          expect(timeOf(wk)).toEqual(timeOf(start));
          expect(civilDays(wk) - civilDays(start)).toBe(7 * (k - 1));
          if (k > 1) expect(Math.abs(at - previous - 7 * DAY)).toBeLessThanOrEqual(HOUR);
          previous = at;
        }
      }),
      runs,
    );
  });

  test('monthly: computed from the original date — the month’s last day when the day does not exist, back after', () => {
    fc.assert(
      fc.property(zoneArb, wallArb, (tz, w0) => {
        const w = clampDay(w0);
        const r = rule(instantOf(w, tz), 'Recorrente Mensal', tz);
        for (let k = 1; k <= 25; k++) {
          const wk = wallTimeAt(occurrenceAt(r, k) as number, tz);
          const months = w.year * 12 + w.month - 1 + (k - 1);
          expect([wk.year, wk.month]).toEqual([Math.floor(months / 12), (months % 12) + 1]);
          expect(wk.day).toBe(Math.min(w.day, daysInMonth(wk.year, wk.month)));
          expect(timeOf(wk)).toEqual(timeOf(w));
        }
      }),
      runs,
    );
  });

  test('monthly from Jan 31 09:00 in São Paulo: 31, 28, 31, 30, …, 29 in a leap February', () => {
    const r = rule(Date.parse('2027-01-31T12:00:00Z'), 'Recorrente Mensal', 'America/Sao_Paulo', 14);
    const days = Array.from({ length: 14 }, (_, i) => {
      const w = wallTimeAt(occurrenceAt(r, i + 1) as number, 'America/Sao_Paulo');
      return `${w.year}-${w.month}-${w.day} ${w.hour}h`;
    });
    expect(days).toEqual([
      '2027-1-31 9h',
      '2027-2-28 9h',
      '2027-3-31 9h',
      '2027-4-30 9h',
      '2027-5-31 9h',
      '2027-6-30 9h',
      '2027-7-31 9h',
      '2027-8-31 9h',
      '2027-9-30 9h',
      '2027-10-31 9h',
      '2027-11-30 9h',
      '2027-12-31 9h',
      '2028-1-31 9h',
      '2028-2-29 9h',
    ]);
  });

  test('weekly 09:00 in New York stays 09:00 across the March change (13 h UTC → 14 h → 13 h)', () => {
    const r = rule(Date.parse('2026-02-26T14:00:00Z'), 'Recorrente Semanal', 'America/New_York', 3);
    expect([1, 2, 3].map((k) => new Date(occurrenceAt(r, k) as number).toISOString())).toEqual([
      '2026-02-26T14:00:00.000Z',
      '2026-03-05T14:00:00.000Z',
      '2026-03-12T13:00:00.000Z',
    ]);
    expect(occurrenceAt(r, 4)).toBeNull();
  });

  test('repetitions counted exactly: n occurrences for n repetitions, 1 for Único, endless for forever', () => {
    fc.assert(
      fc.property(
        zoneArb,
        wallArb,
        fc.constantFrom<TypeSchedule>('Recorrente Semanal', 'Recorrente Mensal'),
        fc.integer({ min: 1, max: 40 }),
        (tz, w0, type, n) => {
          const r = rule(instantOf(clampDay(w0), tz), type, tz, n);
          const all = occurrencesDueIn(r, r.origin - 1, r.origin + 5 * 366 * DAY);
          expect(all.map((o) => o.k)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
          expect(seriesLength(r)).toBe(n);
          expect(nextOccurrenceAfter(r, all[n - 1].at)).toBeNull();
          const once = rule(r.origin, 'Único', tz, n);
          expect(occurrencesDueIn(once, r.origin - 1, r.origin + 5 * 366 * DAY)).toEqual([{ k: 1, at: r.origin }]);
          const forever = rule(r.origin, type, tz, null);
          const twoYears = occurrencesDueIn(forever, r.origin - 1, occurrenceAt(forever, 60) as number);
          expect(twoYears).toHaveLength(60);
        },
      ),
      runs,
    );
  });

  test('"next after t" and "due in (a, b]" agree with the list of occurrences, at any clock', () => {
    fc.assert(
      fc.property(
        zoneArb,
        wallArb,
        fc.constantFrom<TypeSchedule>('Único', 'Recorrente Semanal', 'Recorrente Mensal'),
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
        fc.integer({ min: -40 * DAY, max: 800 * DAY }),
        fc.integer({ min: 0, max: 120 * DAY }),
        (tz, w0, type, n, dt, span) => {
          const r = rule(instantOf(clampDay(w0), tz), type, tz, n);
          const list: { k: number; at: number }[] = [];
          for (let k = 1; k <= Math.min(seriesLength(r), 60); k++) list.push({ k, at: occurrenceAt(r, k) as number });
          for (let i = 1; i < list.length; i++) expect(list[i].at).toBeGreaterThan(list[i - 1].at);
          const t = r.origin + dt;
          const horizonOk = list.length === seriesLength(r) || t + span < list[list.length - 1].at;
          if (!horizonOk) return;
          expect(nextOccurrenceAfter(r, t)).toEqual(list.find((o) => o.at > t) ?? null);
          expect(occurrencesDueIn(r, t, t + span)).toEqual(list.filter((o) => o.at > t && o.at <= t + span));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('catch-up after downtime', () => {
  const tz = 'America/Sao_Paulo';
  const weekly = rule(Date.parse('2026-03-02T12:00:00Z'), 'Recorrente Semanal', tz, 5);
  const GRACE = 24 * HOUR;

  test('on time: the occurrence itself goes, the next is planned', () => {
    const at2 = occurrenceAt(weekly, 2) as number;
    expect(catchUp(weekly, 2, at2, GRACE)).toEqual({
      missed: null,
      send: { k: 2, at: at2 },
      next: { k: 3, at: occurrenceAt(weekly, 3) as number },
    });
  });

  test('down across two occurrences: the latest goes if within grace, the older is missed', () => {
    const at3 = occurrenceAt(weekly, 3) as number;
    expect(catchUp(weekly, 2, at3 + 2 * HOUR, GRACE)).toEqual({
      missed: { from: 2, to: 2 },
      send: { k: 3, at: at3 },
      next: { k: 4, at: occurrenceAt(weekly, 4) as number },
    });
    // past the grace: both missed, nothing sent
    expect(catchUp(weekly, 2, at3 + 25 * HOUR, GRACE)).toEqual({
      missed: { from: 2, to: 3 },
      send: null,
      next: { k: 4, at: occurrenceAt(weekly, 4) as number },
    });
  });

  test('not due yet: nothing; series over: nothing', () => {
    const at2 = occurrenceAt(weekly, 2) as number;
    expect(catchUp(weekly, 2, at2 - 1, GRACE)).toEqual({ missed: null, send: null, next: { k: 2, at: at2 } });
    expect(catchUp(weekly, 6, at2, GRACE)).toEqual({ missed: null, send: null, next: null });
  });

  test('property: at most one send, every due occurrence handled exactly once, the next one in the future', () => {
    fc.assert(
      fc.property(
        zoneArb,
        wallArb,
        fc.constantFrom<TypeSchedule>('Único', 'Recorrente Semanal', 'Recorrente Mensal'),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 400 * DAY }),
        fc.integer({ min: 0, max: 3 * DAY }),
        (zone, w0, type, n, fromK0, dt, grace) => {
          const r = rule(instantOf(clampDay(w0), zone), type, zone, n);
          const fromK = Math.min(fromK0, seriesLength(r));
          const from = occurrenceAt(r, fromK) as number;
          const now = from + dt;
          const c = catchUp(r, fromK, now, grace);
          const handled = [
            ...(c.missed ? Array.from({ length: c.missed.to - c.missed.from + 1 }, (_, i) => c.missed!.from + i) : []),
            ...(c.send ? [c.send.k] : []),
          ].sort((a, b) => a - b);
          const due = occurrencesDueIn(r, from - 1, now).map((o) => o.k);
          expect(handled).toEqual(due);
          if (c.send) {
            expect(now - c.send.at).toBeLessThanOrEqual(grace);
            expect(c.send.k).toBe(due[due.length - 1]);
          }
          expect(c.next).toEqual(nextOccurrenceAfter(r, now));
          if (c.next) expect(c.next.at).toBeGreaterThan(now);
        },
      ),
      { numRuns: 300 },
    );
  });
});
