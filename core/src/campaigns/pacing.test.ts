import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { INTERVAL_OPTIONS, T_MAX_OPTIONS, T_MIN_OPTIONS, type WarmupTier } from './campaign.schemas';
import {
  breakerDecision,
  breakerPauseReason,
  type CampaignPlan,
  campaignIsComplete,
  consecutiveFailures,
  gapBounds,
  HOUR_MS,
  hashUnit,
  historySince,
  hourLimitFit,
  inWindow,
  localDayBounds,
  messageIndexFor,
  nextAction,
  type PacingConnection,
  type PacingSettings,
  planCampaign,
  warmupCap,
  windowFit,
} from './pacing';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 25, 11, 0, 0); // 08:00 in São Paulo (UTC-3)

const base: PacingSettings = {
  tMin: 2,
  tMax: 10,
  interval: 30,
  intervalJitterPct: 20,
  sendWindowStart: '00:00',
  sendWindowEnd: '00:00',
  warmup: [{ fromDay: 0, perDay: 100_000 }],
};

// ---------------------------------------------------------------------------------------------------------------
// The checker: every rule, verified on a plan independently of how the planner works
// ---------------------------------------------------------------------------------------------------------------

type Conn = { id: number; connectedSince: number | null };

function checkPlan(
  plan: CampaignPlan,
  s: PacingSettings,
  tz: string,
  limit: number,
  conns: readonly Conn[],
  start: number,
  count: number,
) {
  const ds = plan.dispatches;
  expect(ds.length + plan.unplaced).toBe(count);
  // each dispatch once, in list order by start instant
  expect(new Set(ds.map((d) => d.dispatchId)).size).toBe(ds.length);
  for (let i = 1; i < ds.length; i++) {
    expect((ds[i] as (typeof ds)[0]).greetingAt).toBeGreaterThanOrEqual((ds[i - 1] as (typeof ds)[0]).greetingAt);
  }
  const gap = gapBounds(s);
  const byConn = new Map<number, typeof ds>();
  for (const d of ds) {
    expect(d.greetingAt).toBeGreaterThanOrEqual(start);
    // tMin ≤ wait ≤ tMax
    const wait = d.messageAt - d.greetingAt;
    expect(wait).toBeGreaterThanOrEqual(s.tMin * 1000);
    expect(wait).toBeLessThanOrEqual(s.tMax * 1000);
    // both sends inside the window
    expect(inWindow(d.greetingAt, s, tz)).toBe(true);
    expect(inWindow(d.messageAt, s, tz)).toBe(true);
    expect(conns.some((c) => c.id === d.connectionId)).toBe(true);
    const list = byConn.get(d.connectionId) ?? [];
    list.push(d);
    byConn.set(d.connectionId, list);
  }
  for (const [id, list] of byConn) {
    const conn = conns.find((c) => c.id === id) as Conn;
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1] as (typeof ds)[0];
      const cur = list[i] as (typeof ds)[0];
      // one in flight per connection, and interval - jitter at least between a finish and the next start
      const g = cur.greetingAt - prev.messageAt;
      expect(g).toBeGreaterThanOrEqual(gap.min);
      // a start held by nothing but the pace is exactly within interval ± jitter
      if (cur.heldBy.length === 1 && cur.heldBy[0] === 'pace') expect(g).toBeLessThanOrEqual(gap.max);
    }
    // warm-up: per local day, never more starts than the cap at any start
    const perDay = new Map<number, number>();
    for (const d of list) {
      const day = localDayBounds(d.greetingAt, tz).start;
      const n = (perDay.get(day) ?? 0) + 1;
      perDay.set(day, n);
      expect(n).toBeLessThanOrEqual(warmupCap(s.warmup, conn.connectedSince, d.greetingAt));
    }
  }
  // the plan limit in EVERY sliding hour [x, x+1h): it suffices to check the hours starting at each start
  if (limit > 0) {
    const starts = ds.map((d) => d.greetingAt).sort((a, b) => a - b);
    let j = 0;
    for (let i = 0; i < starts.length; i++) {
      if (j < i) j = i;
      while (j < starts.length && (starts[j] as number) < (starts[i] as number) + HOUR_MS) j++;
      expect(j - i).toBeLessThanOrEqual(limit);
    }
  }
}

const settingsArb: fc.Arbitrary<PacingSettings> = fc
  .record({
    tMax: fc.constantFrom(...T_MAX_OPTIONS),
    tMin: fc.constantFrom(...T_MIN_OPTIONS),
    interval: fc.constantFrom(...INTERVAL_OPTIONS),
    intervalJitterPct: fc.integer({ min: 0, max: 50 }),
    windowOn: fc.boolean(),
    ws: fc.integer({ min: 0, max: 23 }),
    wlen: fc.integer({ min: 1, max: 23 }),
    wm: fc.constantFrom(0, 15, 30, 45),
    warmup: fc.constantFrom<WarmupTier[]>(
      [{ fromDay: 0, perDay: 100_000 }],
      [
        { fromDay: 0, perDay: 5 },
        { fromDay: 1, perDay: 8 },
      ],
      [
        { fromDay: 0, perDay: 20 },
        { fromDay: 3, perDay: 50 },
        { fromDay: 7, perDay: 100 },
      ],
      [{ fromDay: 0, perDay: 3 }],
    ),
  })
  .map((r) => {
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:${String(r.wm).padStart(2, '0')}`;
    return {
      tMax: r.tMax,
      tMin: r.tMin,
      interval: r.interval,
      intervalJitterPct: r.intervalJitterPct,
      sendWindowStart: r.windowOn ? hh(r.ws) : '00:00',
      sendWindowEnd: r.windowOn ? hh(r.ws + r.wlen) : '00:00',
      warmup: r.warmup,
    };
  });

const zoneArb = fc.constantFrom('America/Sao_Paulo', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe');

describe('pacing properties (issue 15 acceptance 1)', () => {
  test('for any setup, plan limit and number of connections, the plan respects every rule', () => {
    fc.assert(
      fc.property(
        settingsArb,
        zoneArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 250 }),
        fc.integer(),
        fc.integer({ min: 0, max: 2 * 365 * DAY }),
        (s, tz, limit, n, ages, count, seed, offset) => {
          const start = Date.UTC(2018, 0, 1) + offset;
          const conns = Array.from({ length: n }, (_, i) => ({
            id: 10 + i,
            connectedSince: ages[i] === null ? null : start - (ages[i] as number) * DAY,
          }));
          const plan = planCampaign({
            settings: s,
            timeZone: tz,
            planLimitPerHour: limit,
            connections: conns,
            count,
            seed,
            start,
          });
          expect(plan.unplaced).toBe(0);
          checkPlan(plan, s, tz, limit, conns, start, count);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  test('the hourly limit counts the company’s other campaigns too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: -HOUR_MS, max: 0 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer(),
        (limit, earlierOffsets, count, seed) => {
          const earlier = earlierOffsets.map((o) => T0 + o);
          const plan = planCampaign({
            settings: { ...base, interval: 5, tMin: 1, tMax: 10 },
            timeZone: 'UTC',
            planLimitPerHour: limit,
            connections: [
              { id: 1, connectedSince: null },
              { id: 2, connectedSince: null },
            ],
            count,
            companyStarts: earlier,
            seed,
            start: T0,
          });
          const all = [...earlier, ...plan.dispatches.map((d) => d.greetingAt)].sort((a, b) => a - b);
          for (let i = 0; i < all.length; i++) {
            const inHour = all.filter((x) => x >= (all[i] as number) && x < (all[i] as number) + HOUR_MS).length;
            // the earlier starts alone may already exceed the limit; what we add never makes an hour worse than that
            const earlierInHour = earlier.filter(
              (x) => x >= (all[i] as number) && x < (all[i] as number) + HOUR_MS,
            ).length;
            expect(inHour).toBeLessThanOrEqual(Math.max(limit, earlierInHour));
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  test('hourLimitFit with reserved future starts: one more start never overfills any hour, and it is the earliest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 * HOUR_MS }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 4 * HOUR_MS }),
        (raw, limit, t) => {
          // build a valid set first (each element placed with the function itself)
          const s: number[] = [];
          for (const x of raw) {
            const at = hourLimitFit(s, limit, x);
            s.push(at);
            s.sort((a, b) => a - b);
          }
          const worst = (arr: number[]) => {
            let m = 0;
            for (const x of arr) m = Math.max(m, arr.filter((y) => y >= x && y < x + HOUR_MS).length);
            return m;
          };
          expect(worst(s)).toBeLessThanOrEqual(limit);
          const at = hourLimitFit(s, limit, t);
          expect(at).toBeGreaterThanOrEqual(t);
          expect(worst([...s, at].sort((a, b) => a - b))).toBeLessThanOrEqual(limit);
          // earliest: one millisecond before would overfill an hour (unless it is t itself)
          if (at > t) expect(worst([...s, at - 1].sort((a, b) => a - b))).toBeGreaterThan(limit);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  test('the same inputs give the same plan (seeded), another seed another one', () => {
    const input = {
      settings: base,
      timeZone: 'UTC',
      planLimitPerHour: 0,
      connections: [{ id: 1, connectedSince: null }],
      count: 20,
      start: T0,
    };
    const a = planCampaign({ ...input, seed: 7 });
    expect(planCampaign({ ...input, seed: 7 })).toEqual(a);
    expect(planCampaign({ ...input, seed: 8 })).not.toEqual(a);
    // hashUnit is uniform enough: its mean over many keys is near 1/2
    let sum = 0;
    for (let i = 0; i < 10_000; i++) sum += hashUnit(3, i, T0 + i * 1000);
    expect(Math.abs(sum / 10_000 - 0.5)).toBeLessThan(0.02);
  });

  test('the connections share the list (round-robin when they are equal)', () => {
    const plan = planCampaign({
      settings: { ...base, intervalJitterPct: 0, tMin: 5, tMax: 5 },
      timeZone: 'UTC',
      planLimitPerHour: 0,
      connections: [
        { id: 1, connectedSince: null },
        { id: 2, connectedSince: null },
        { id: 3, connectedSince: null },
      ],
      count: 9,
      seed: 1,
      start: T0,
    });
    expect(plan.dispatches.map((d) => d.connectionId)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3]);
    // 3 at once, then every 35 s (5 s wait + 30 s interval)
    expect(plan.dispatches.map((d) => (d.greetingAt - T0) / 1000)).toEqual([0, 0, 0, 35, 35, 35, 70, 70, 70]);
    expect(plan.finishedAt).toBe(T0 + 75_000);
  });
});

describe('a running campaign resumes its plan', () => {
  test('property: planning the rest from the live state gives the same instants as the whole plan', () => {
    fc.assert(
      fc.property(
        settingsArb,
        zoneArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 })),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 120 }),
        fc.integer(),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (s, tz, limit, n, count, seed, cut) => {
          const start = T0;
          const conns = Array.from({ length: n }, (_, i) => ({ id: i + 1, connectedSince: start - i * 5 * DAY }));
          const common = { settings: s, timeZone: tz, planLimitPerHour: limit, seed };
          const whole = planCampaign({ ...common, connections: conns, count, start });
          const k = Math.max(1, Math.floor(count * cut));
          const done = whole.dispatches.slice(0, k);
          const last = done[done.length - 1];
          if (!last) return;
          // what the worker would load from Postgres after dispatch k: each connection's starts and last finish
          const live = conns.map((c) => {
            const mine = done.filter((d) => d.connectionId === c.id);
            return {
              ...c,
              starts: mine.map((d) => d.greetingAt),
              lastFinishedAt: mine.length ? (mine[mine.length - 1] as (typeof mine)[0]).messageAt : null,
            };
          });
          const rest = planCampaign({
            ...common,
            connections: live,
            companyStarts: done.map((d) => d.greetingAt),
            dispatchIds: whole.dispatches.slice(k).map((d) => d.dispatchId),
            count: count - k,
            start: last.greetingAt,
          });
          const strip = (d: (typeof done)[0]) => ({
            id: d.dispatchId,
            c: d.connectionId,
            g: d.greetingAt,
            m: d.messageAt,
          });
          expect(rest.dispatches.map(strip)).toEqual(whole.dispatches.slice(k).map(strip));
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);

  test('property: stepping nextAction like the live worker reproduces planCampaign (the tested rules hold live)', () => {
    fc.assert(
      fc.property(
        settingsArb,
        zoneArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer(),
        (s, tz, limit, n, count, seed) => {
          const conns = Array.from({ length: n }, (_, i) => ({ id: i + 1, connectedSince: T0 - i * 4 * DAY }));
          const common = { settings: s, timeZone: tz, planLimitPerHour: limit, seed };
          const plan = planCampaign({ ...common, connections: conns, count, start: T0 });
          const live = new Map(
            conns.map((c) => [c.id, { starts: [] as number[], lastFinishedAt: null as number | null }]),
          );
          const company: number[] = [];
          let now = T0;
          for (let id = 1; id <= count; id++) {
            const a = nextAction({
              ...common,
              connections: conns.map((c) => ({
                ...c,
                ...(live.get(c.id) as { starts: number[]; lastFinishedAt: number | null }),
                busy: false,
              })),
              companyStarts: company,
              nextDispatchId: id,
              now,
            });
            if (a.kind !== 'send') throw new Error(`idle ${a.reason}`);
            const p = plan.dispatches[id - 1];
            expect({ c: a.connectionId, g: a.greetingAt, m: a.messageAt }).toEqual({
              c: p?.connectionId,
              g: p?.greetingAt,
              m: p?.messageAt,
            });
            const st = live.get(a.connectionId) as { starts: number[]; lastFinishedAt: number | null };
            st.starts.push(a.greetingAt);
            st.lastFinishedAt = a.messageAt;
            company.push(a.greetingAt);
            now = a.greetingAt; // the worker wakes at the decided instant
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  test('a 100,000-dispatch ETA is cheap (the manager can show it)', () => {
    const t = performance.now();
    const plan = planCampaign({
      settings: { ...base, sendWindowStart: '08:00', sendWindowEnd: '20:00' },
      timeZone: 'America/Sao_Paulo',
      planLimitPerHour: 500,
      connections: [
        { id: 1, connectedSince: T0 - 60 * DAY },
        { id: 2, connectedSince: T0 - 60 * DAY },
      ],
      count: 100_000,
      seed: 1,
      start: T0,
    });
    expect(plan.unplaced).toBe(0);
    expect(plan.dispatches).toHaveLength(100_000);
    expect(performance.now() - t).toBeLessThan(5000);
  }, 60_000);
});

describe('message choice and completion', () => {
  test('messages are spread over the list, deterministically', () => {
    const counts = [0, 0, 0];
    for (let id = 1; id <= 3000; id++) counts[messageIndexFor(5, id, 3)]++;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
    expect(messageIndexFor(5, 17, 3)).toBe(messageIndexFor(5, 17, 3));
    expect(messageIndexFor(5, 17, 1)).toBe(0);
  });

  test('complete when nothing is pending or claimed; uncertain rows do not hold it open', () => {
    expect(campaignIsComplete({ sent: 10, uncertain: 1, sentFail: 2 })).toBe(true);
    expect(campaignIsComplete({ sent: 10, claimed: 1 })).toBe(false);
    expect(campaignIsComplete({ pending: 1 })).toBe(false);
  });
});

describe('pacing edge cases', () => {
  test('a plan limit smaller than the number of connections', () => {
    const conns = [1, 2, 3, 4, 5].map((id) => ({ id, connectedSince: null }));
    const plan = planCampaign({
      settings: base,
      timeZone: 'UTC',
      planLimitPerHour: 2,
      connections: conns,
      count: 7,
      seed: 42,
      start: T0,
    });
    checkPlan(plan, base, 'UTC', 2, conns, T0, 7);
    const starts = plan.dispatches.map((d) => d.greetingAt - T0);
    expect(starts).toEqual([0, 0, HOUR_MS, HOUR_MS, 2 * HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS]);
    expect(plan.dispatches[2]?.heldBy).toContain('hourLimit');
  });

  test('a window crossing midnight (22:00–02:00, São Paulo): nothing between 02:00 and 22:00', () => {
    const s = { ...base, sendWindowStart: '22:00', sendWindowEnd: '02:00', interval: 60 as const, tMax: 60 };
    const start = Date.UTC(2026, 10, 25, 15); // 12:00 local
    const plan = planCampaign({
      settings: s,
      timeZone: 'America/Sao_Paulo',
      planLimitPerHour: 0,
      connections: [{ id: 1, connectedSince: null }],
      count: 300,
      seed: 5,
      start,
    });
    checkPlan(plan, s, 'America/Sao_Paulo', 0, [{ id: 1, connectedSince: null }], start, 300);
    // first at the opening: 22:00 local = 01:00 UTC next day
    expect(plan.dispatches[0]?.greetingAt).toBe(Date.UTC(2026, 10, 26, 1));
    expect(plan.dispatches[0]?.heldBy).toEqual(['window']);
    // a night holds 4 h / (≤ 132 s per contact) ≥ 109 contacts, so 300 need 2 nights and only 2
    const nights = new Set(plan.dispatches.map((d) => Math.floor((d.greetingAt - Date.UTC(2026, 10, 26, 1)) / DAY)));
    expect([...nights]).toEqual([0, 1]);
    for (const d of plan.dispatches) {
      const h = new Date(d.greetingAt - 3 * HOUR_MS).getUTCHours(); // São Paulo has no DST since 2019
      expect(h >= 22 || h < 2).toBe(true);
    }
    expect(windowFit(Date.UTC(2026, 10, 26, 4, 59, 30), 60_000, s, 'America/Sao_Paulo')).toBe(
      Date.UTC(2026, 10, 27, 1),
    );
  });

  test('historical DST in São Paulo: 2018-11-04 had no midnight (00:00 → 01:00)', () => {
    const tz = 'America/Sao_Paulo';
    // the local day of 4 Nov 2018 begins at 01:00 -02 = 03:00 UTC
    const day = localDayBounds(Date.UTC(2018, 10, 4, 12), tz);
    expect(day.start).toBe(Date.UTC(2018, 10, 4, 3));
    expect(day.end - day.start).toBe(23 * HOUR_MS);
    // a window 23:00–00:30 crosses the missing midnight: its end does not exist that night and moves forward by the
    // gap like every wall time of ours (schedules too): 23:00 -03 → 01:30 -02
    const s = { ...base, sendWindowStart: '23:00', sendWindowEnd: '00:30' };
    expect(inWindow(Date.UTC(2018, 10, 4, 1, 59), s, tz)).toBe(false); // 22:59 -03
    expect(inWindow(Date.UTC(2018, 10, 4, 2, 10), s, tz)).toBe(true); // 23:10 -03
    expect(inWindow(Date.UTC(2018, 10, 4, 3, 10), s, tz)).toBe(true); // 01:10 -02
    expect(inWindow(Date.UTC(2018, 10, 4, 3, 30), s, tz)).toBe(false); // 01:30 -02
    expect(inWindow(Date.UTC(2018, 10, 5, 2, 10), s, tz)).toBe(true); // 23:10 -02 the next night
    // warm-up cap 3 a day: the 4th dispatch waits for the (shifted) local midnight
    const w = { ...base, warmup: [{ fromDay: 0, perDay: 3 }], interval: 5 as const };
    const start = Date.UTC(2018, 10, 3, 23); // 20:00 -03 on the 3rd
    const plan = planCampaign({
      settings: w,
      timeZone: tz,
      planLimitPerHour: 0,
      connections: [{ id: 1, connectedSince: null }],
      count: 7,
      seed: 9,
      start,
    });
    checkPlan(plan, w, tz, 0, [{ id: 1, connectedSince: null }], start, 7);
    expect(plan.dispatches[3]?.greetingAt).toBe(Date.UTC(2018, 10, 4, 3));
    expect(plan.dispatches[3]?.heldBy).toContain('warmup');
    expect(plan.dispatches[6]?.greetingAt).toBe(Date.UTC(2018, 10, 5, 2)); // midnight -02 now
  });

  test('New York DST: the window 08:00–20:00 follows local time across the March change', () => {
    const tz = 'America/New_York';
    const s = { ...base, sendWindowStart: '08:00', sendWindowEnd: '20:00', warmup: [{ fromDay: 0, perDay: 2 }] };
    const start = Date.UTC(2026, 2, 7, 12); // Sat 7 Mar 07:00 EST
    const plan = planCampaign({
      settings: s,
      timeZone: tz,
      planLimitPerHour: 0,
      connections: [{ id: 1, connectedSince: null }],
      count: 6,
      seed: 3,
      start,
    });
    checkPlan(plan, s, tz, 0, [{ id: 1, connectedSince: null }], start, 6);
    const firstOfDay = plan.dispatches.filter((_, i) => i % 2 === 0).map((d) => d.greetingAt);
    // 08:00 EST (13:00 UTC) on the 7th; 08:00 EDT (12:00 UTC) on the 8th and 9th
    expect(firstOfDay).toEqual([Date.UTC(2026, 2, 7, 13), Date.UTC(2026, 2, 8, 12), Date.UTC(2026, 2, 9, 12)]);
    // a window inside the skipped hour (02:00–03:00 on 8 Mar) does not exist that day: the next day's opening
    const gapWin = { ...base, sendWindowStart: '02:00', sendWindowEnd: '03:00' };
    expect(windowFit(Date.UTC(2026, 2, 8, 6), 10_000, gapWin, tz)).toBe(Date.UTC(2026, 2, 9, 6));
  });

  test('a connection that reaches a higher warm-up tier during the day may go on that same day', () => {
    const s = {
      ...base,
      interval: 5 as const,
      warmup: [
        { fromDay: 0, perDay: 2 },
        { fromDay: 3, perDay: 4 },
      ],
    };
    const since = Date.UTC(2026, 10, 22, 15); // 3 days old at 15:00 UTC on the 25th
    const plan = planCampaign({
      settings: s,
      timeZone: 'UTC',
      planLimitPerHour: 0,
      connections: [{ id: 1, connectedSince: since }],
      count: 4,
      seed: 2,
      start: T0,
    });
    checkPlan(plan, s, 'UTC', 0, [{ id: 1, connectedSince: since }], T0, 4);
    expect(plan.dispatches[2]?.greetingAt).toBe(Date.UTC(2026, 10, 25, 15));
    expect(plan.dispatches[2]?.heldBy).toContain('warmup');
  });

  test('warm-up caps grow with the connection’s age', () => {
    const tiers = [
      { fromDay: 0, perDay: 20 },
      { fromDay: 3, perDay: 50 },
      { fromDay: 30, perDay: 1000 },
    ];
    expect(warmupCap(tiers, null, T0)).toBe(20);
    expect(warmupCap(tiers, T0 - 2 * DAY - 1, T0)).toBe(20);
    expect(warmupCap(tiers, T0 - 3 * DAY, T0)).toBe(50);
    expect(warmupCap(tiers, T0 - 31 * DAY, T0)).toBe(1000);
    expect(warmupCap(tiers, T0 + DAY, T0)).toBe(20); // clock skew: a future date is a new number
  });
});

describe('nextAction (the live engine’s decision)', () => {
  const conn = (over: Partial<PacingConnection> = {}): PacingConnection => ({
    id: 1,
    connectedSince: null,
    starts: [],
    lastFinishedAt: null,
    busy: false,
    ...over,
  });
  const input = {
    settings: base,
    timeZone: 'UTC',
    planLimitPerHour: 0,
    companyStarts: [] as number[],
    nextDispatchId: 99,
    seed: 1,
    now: T0,
  };

  test('idle reasons', () => {
    expect(nextAction({ ...input, connections: [conn()], nextDispatchId: null })).toEqual({
      kind: 'idle',
      reason: 'noPending',
    });
    expect(nextAction({ ...input, connections: [] })).toEqual({ kind: 'idle', reason: 'noConnection' });
    expect(nextAction({ ...input, connections: [conn({ busy: true })] })).toEqual({ kind: 'idle', reason: 'allBusy' });
  });

  test('a busy connection takes nothing; a free one starts now', () => {
    const a = nextAction({ ...input, connections: [conn({ id: 1, busy: true }), conn({ id: 2 })] });
    expect(a).toMatchObject({ kind: 'send', dispatchId: 99, connectionId: 2, greetingAt: T0, heldBy: [] });
    if (a.kind !== 'send') throw new Error();
    expect(a.messageAt - a.greetingAt).toBe(a.waitMs);
    expect(a.waitMs).toBeGreaterThanOrEqual(2000);
    expect(a.waitMs).toBeLessThanOrEqual(10_000);
  });

  test('recomputing gives the same instant (another worker, a restart), and agrees with the plan', () => {
    const plan = planCampaign({
      settings: base,
      timeZone: 'UTC',
      planLimitPerHour: 0,
      connections: [{ id: 1, connectedSince: null }],
      count: 2,
      seed: 1,
      start: T0,
    });
    const [first, second] = plan.dispatches;
    if (!first || !second) throw new Error();
    const state = conn({ starts: [first.greetingAt], lastFinishedAt: first.messageAt });
    const a = nextAction({ ...input, connections: [state], companyStarts: [first.greetingAt], now: first.messageAt });
    const b = nextAction({
      ...input,
      connections: [state],
      companyStarts: [first.greetingAt],
      now: first.messageAt + 1000,
    });
    expect(a).toEqual(b);
    expect(a).toMatchObject({ greetingAt: second.greetingAt, messageAt: second.messageAt, heldBy: ['pace'] });
  });

  test('the per-hour limit holds across workers: the company’s starts of the last hour are counted', () => {
    const starts = [T0 - 50 * 60_000, T0 - 10 * 60_000];
    const a = nextAction({ ...input, planLimitPerHour: 2, companyStarts: starts, connections: [conn({ id: 3 })] });
    expect(a).toMatchObject({ kind: 'send', greetingAt: starts[0] + HOUR_MS, heldBy: ['hourLimit'] });
  });

  test('historySince: one hour back, or the local midnight when it is earlier', () => {
    // 08:00 in São Paulo → the local midnight (03:00 UTC) is earlier than 07:00
    expect(historySince(T0, 'America/Sao_Paulo')).toBe(Date.UTC(2026, 10, 25, 3));
    // 00:30 local → one hour back (23:30 the day before)
    const halfPast = Date.UTC(2026, 10, 25, 3, 30);
    expect(historySince(halfPast, 'America/Sao_Paulo')).toBe(halfPast - HOUR_MS);
  });

  test('ties go round-robin after the connection that started last', () => {
    const a = nextAction({
      ...input,
      connections: [conn({ id: 1 }), conn({ id: 2, starts: [T0 - 5 * 60_000] }), conn({ id: 3 })],
    });
    expect(a).toMatchObject({ connectionId: 3 });
  });
});

describe('circuit breaker', () => {
  test('K consecutive failures on a connection pause the campaign; numbers without WhatsApp do not count', () => {
    expect(consecutiveFailures(['sent', 'failed', 'noWhatsapp', 'failed'])).toBe(2);
    expect(consecutiveFailures(['failed', 'sent'])).toBe(0);
    expect(breakerDecision(3, [{ whatsappId: 1, outcomes: ['failed', 'failed', 'noWhatsapp'] }])).toEqual({
      pause: false,
    });
    expect(
      breakerDecision(3, [
        { whatsappId: 1, outcomes: ['sent'] },
        { whatsappId: 2, outcomes: ['failed', 'noWhatsapp', 'failed', 'failed'] },
      ]),
    ).toEqual({ pause: true, whatsappId: 2, failures: 3 });
    expect(breakerDecision(0, [{ whatsappId: 1, outcomes: Array(50).fill('failed') }])).toEqual({ pause: false });
    expect(breakerPauseReason(5, 'Vendas')).toBe('Pausada automaticamente: 5 falhas seguidas na conexão Vendas');
  });

  test('property: it trips exactly when the trailing failures (ignoring no-WhatsApp) reach the threshold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('sent' as const, 'failed' as const, 'noWhatsapp' as const), { maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        (outcomes, k) => {
          const real = outcomes.filter((o) => o !== 'noWhatsapp');
          let trailing = 0;
          while (trailing < real.length && real[real.length - 1 - trailing] === 'failed') trailing++;
          expect(breakerDecision(k, [{ whatsappId: 1, outcomes }]).pause).toBe(trailing >= k);
        },
      ),
    );
  });
});
