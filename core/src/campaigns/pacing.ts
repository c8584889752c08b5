/**
 * Campaign pacing as framework-free functions (issue 15; the product owner's design). Pure: `now`, the history and
 * a seed are parameters; nothing here reads a clock, a database or Math.random.
 *
 * The model (docs/DECISIONS.md `## Campaigns`):
 * - A DISPATCH is one contact: its greeting at `greetingAt`, then (typing presence shown meanwhile) its message at
 *   `messageAt = greetingAt + wait`, wait ∈ [tMin, tMax] seconds.
 * - One dispatch in flight per connection: the next one on a connection starts `gap` after the previous one FINISHED,
 *   gap = interval ± jitter (intervalJitterPct % of it).
 * - The connections of the setup share the list: the connection that can start soonest takes the next dispatch;
 *   ties go round-robin (the one after the connection that started last).
 * - The plan's `campaignSendLimitPerHour` bounds the company's dispatch STARTS in every sliding hour [t, t+1h), all
 *   campaigns and connections together; 0 = no plan limit.
 * - Warm-up: a connection aged d whole days (since `connectedSince`) starts at most `perDay` dispatches per local day
 *   (company time zone) of the last warm-up tier with fromDay ≤ d.
 * - Sending window (company time zone, start === end = all day; may cross midnight): both the greeting and the
 *   message fall inside one opening [open, close); otherwise the dispatch waits for the next opening.
 * - Randomness is a hash of (seed, connection, the connection's last finish), so recomputing a decision (another
 *   worker, a restart) gives the same instant, and a connection's candidate does not depend on which dispatch it gets.
 */
import { instantOf, type WallTime, wallTimeAt } from '../schedules/occurrences';
import { type DispatchStatus, minutesOfDay, type WarmupTier } from './campaign.schemas';

export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** How many local days ahead a placement may look for an opening / a day under the warm-up cap. */
const SEARCH_DAYS = 10;

export type PacingSettings = {
  tMin: number;
  tMax: number;
  interval: number;
  intervalJitterPct: number;
  sendWindowStart: string;
  sendWindowEnd: string;
  warmup: readonly WarmupTier[];
};

export type PacingConnection = {
  id: number;
  /** when the connection was first connected (its warm-up age); null = a new number */
  connectedSince: number | null;
  /**
   * Greeting instants of the dispatches started on this connection (every campaign), at least since
   * `historySince(now)`; claimed rows count (a reservation).
   */
  starts: readonly number[];
  /** when its last dispatch finished (message sent, failed, released): the gap counts from here; null = never */
  lastFinishedAt: number | null;
  /** a dispatch is claimed and in flight on it: it takes nothing else */
  busy: boolean;
};

export type PacingInput = {
  settings: PacingSettings;
  /** the company's IANA time zone */
  timeZone: string;
  /** the plan's campaignSendLimitPerHour; 0 = no plan limit */
  planLimitPerHour: number;
  /** the setup's usable connections, in the setup's order (disconnected ones left out by the caller) */
  connections: readonly PacingConnection[];
  /** the company's dispatch starts (every campaign, every connection) since at least `historySince(now)` */
  companyStarts: readonly number[];
  /** the next pending dispatch in list order, or null */
  nextDispatchId: number | null;
  /** the campaign's random seed (stored on the campaign) */
  seed: number;
  now: number;
};

/** What pushed a start later than `now`. */
export type Hold = 'pace' | 'window' | 'warmup' | 'hourLimit';

export type NextAction =
  | {
      kind: 'send';
      dispatchId: number;
      connectionId: number;
      greetingAt: number;
      messageAt: number;
      waitMs: number;
      heldBy: Hold[];
    }
  | { kind: 'idle'; reason: 'noPending' | 'noConnection' | 'allBusy' | 'blocked' };

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------------------------

function mix32(h: number): number {
  let x = h | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A uniform number in [0, 1) from a seed and integer keys (same inputs, same number). */
export function hashUnit(seed: number, ...keys: number[]): number {
  let h = mix32((seed | 0) ^ 0x9e3779b9);
  for (const k of keys) {
    const lo = k % 0x1_0000_0000;
    const hi = Math.floor(k / 0x1_0000_0000);
    h = mix32(h ^ mix32(lo | 0));
    h = mix32(h ^ mix32((hi | 0) + 0x7f4a7c15));
  }
  return h / 0x1_0000_0000;
}

/** A seeded PRNG (mulberry32) for callers that need a stream (tests, seed creation). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

const intIn = (u: number, lo: number, hi: number) => lo + Math.min(hi - lo, Math.floor(u * (hi - lo + 1)));

/** The gap bounds between a finish and the next start on one connection (ms, inclusive). */
export function gapBounds(s: Pick<PacingSettings, 'interval' | 'intervalJitterPct'>): { min: number; max: number } {
  const base = s.interval * 1000;
  const j = Math.round((base * s.intervalJitterPct) / 100);
  return { min: base - j, max: base + j };
}

/** The wait bounds between greeting and message (ms, inclusive). */
export function waitBounds(s: Pick<PacingSettings, 'tMin' | 'tMax'>): { min: number; max: number } {
  return { min: s.tMin * 1000, max: s.tMax * 1000 };
}

function drawGap(s: PacingSettings, seed: number, connId: number, lastFinishedAt: number | null): number {
  const { min, max } = gapBounds(s);
  return intIn(hashUnit(seed, 1, connId, lastFinishedAt ?? 0), min, max);
}

function drawWait(s: PacingSettings, seed: number, connId: number, lastFinishedAt: number | null): number {
  const { min, max } = waitBounds(s);
  return intIn(hashUnit(seed, 2, connId, lastFinishedAt ?? 0), min, max);
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers (company time zone)
// ---------------------------------------------------------------------------------------------------------------

type LocalDate = { year: number; month: number; day: number };

function localDate(t: number, tz: string): LocalDate {
  const w = wallTimeAt(t, tz);
  return { year: w.year, month: w.month, day: w.day };
}

function addDays(d: LocalDate, n: number): LocalDate {
  const x = new Date(Date.UTC(2000, 0, 1));
  x.setUTCFullYear(d.year, d.month - 1, d.day + n);
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
}

function at(d: LocalDate, minutes: number, tz: string): number {
  const w: WallTime = {
    ...d,
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
    second: 0,
    millisecond: 0,
  };
  return instantOf(w, tz);
}

/**
 * The company's calendar for one settings object, memoised: local days and window openings are computed once per
 * local date (Intl formatting is the planner's cost; a 100,000-dispatch plan touches a few hundred dates).
 */
class ZoneCalendar {
  private days = new Map<string, { start: number; end: number; date: LocalDate }>();
  private openings = new Map<string, { open: number; close: number }>();
  private last: { start: number; end: number; date: LocalDate } | null = null;
  constructor(
    readonly s: Pick<PacingSettings, 'sendWindowStart' | 'sendWindowEnd'>,
    readonly tz: string,
  ) {}

  private static key(d: LocalDate) {
    return `${d.year}-${d.month}-${d.day}`;
  }

  /** The local day [start, end) containing t. */
  dayOf(t: number): { start: number; end: number; date: LocalDate } {
    const l = this.last;
    if (l && t >= l.start && t < l.end) return l;
    const date = localDate(t, this.tz);
    const k = ZoneCalendar.key(date);
    let day = this.days.get(k);
    if (!day) {
      day = { start: at(date, 0, this.tz), end: at(addDays(date, 1), 0, this.tz), date };
      this.days.set(k, day);
    }
    this.last = day;
    return day;
  }

  /** The window's opening [open, close) that begins on local date d. */
  openingOn(d: LocalDate): { open: number; close: number } {
    const k = ZoneCalendar.key(d);
    let o = this.openings.get(k);
    if (!o) {
      const a = minutesOfDay(this.s.sendWindowStart);
      const b = minutesOfDay(this.s.sendWindowEnd);
      o = { open: at(d, a, this.tz), close: at(b > a ? d : addDays(d, 1), b, this.tz) };
      this.openings.set(k, o);
    }
    return o;
  }

  inWindow(t: number): boolean {
    if (isAllDay(this.s)) return true;
    const d = this.dayOf(t).date;
    for (const k of [-1, 0]) {
      const o = this.openingOn(addDays(d, k));
      if (t >= o.open && t < o.close) return true;
    }
    return false;
  }

  windowFit(t: number, need: number): number | null {
    if (isAllDay(this.s)) return t;
    const d = this.dayOf(t).date;
    for (let k = -1; k <= SEARCH_DAYS; k++) {
      const o = this.openingOn(addDays(d, k));
      const start = Math.max(o.open, t);
      if (start + need < o.close) return start;
    }
    return null;
  }
}

/** The local day [start, end) containing t (its midnight may be moved forward by a DST gap). */
export function localDayBounds(t: number, tz: string): { start: number; end: number } {
  const { start, end } = new ZoneCalendar({ sendWindowStart: '00:00', sendWindowEnd: '00:00' }, tz).dayOf(t);
  return { start, end };
}

export const isAllDay = (s: Pick<PacingSettings, 'sendWindowStart' | 'sendWindowEnd'>) =>
  minutesOfDay(s.sendWindowStart) === minutesOfDay(s.sendWindowEnd);

/** Whether instant t is inside the sending window. */
export function inWindow(t: number, s: PacingSettings, tz: string): boolean {
  return new ZoneCalendar(s, tz).inWindow(t);
}

/** The earliest t' ≥ t with [t', t' + need] inside one opening; null if none within SEARCH_DAYS. */
export function windowFit(t: number, need: number, s: PacingSettings, tz: string): number | null {
  return new ZoneCalendar(s, tz).windowFit(t, need);
}

/**
 * From when the worker must load starts for `nextAction` at `now`: the hourly limit looks back one hour, the warm-up
 * counts the current local day (a decision is never earlier than now).
 */
export function historySince(now: number, timeZone: string): number {
  return Math.min(now - HOUR_MS, localDayBounds(now, timeZone).start);
}

/** The warm-up cap of a connection at instant t (dispatches per local day). */
export function warmupCap(tiers: readonly WarmupTier[], connectedSince: number | null, t: number): number {
  const age = connectedSince === null ? 0 : Math.max(0, Math.floor((t - connectedSince) / DAY_MS));
  let cap = tiers[0]?.perDay ?? Number.POSITIVE_INFINITY;
  for (const tier of tiers) if (tier.fromDay <= age) cap = tier.perDay;
  return cap;
}

/** When the connection reaches the next tier whose cap exceeds `used` (after t), or null. */
function nextTierAt(tiers: readonly WarmupTier[], connectedSince: number | null, t: number, used: number) {
  if (connectedSince === null) return null;
  const age = Math.max(0, Math.floor((t - connectedSince) / DAY_MS));
  const tier = tiers.find((x) => x.fromDay > age && x.perDay > used);
  return tier ? Math.max(t + 1, connectedSince + tier.fromDay * DAY_MS) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Sorted-array helpers
// ---------------------------------------------------------------------------------------------------------------

/** first index i with a[i] >= x */
function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** first index i with a[i] > x */
function upperBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(a: number[], x: number): void {
  a.splice(upperBound(a, x), 0, x);
}

/**
 * The earliest t' ≥ t at which one more start keeps every sliding hour [x, x+1h) at ≤ limit starts, given the
 * sorted starts `s` (which may include reserved future ones). limit 0 = no limit.
 */
export function hourLimitFit(s: readonly number[], limit: number, t: number): number {
  if (limit <= 0) return t;
  let cur = t;
  for (;;) {
    const lo = upperBound(s, cur - HOUR_MS);
    const hi = upperBound(s, cur);
    let next = cur;
    if (hi === s.length) {
      // nothing after cur: the fullest hour containing cur is (cur-1h, cur]
      if (s.length - lo >= limit) next = (s[s.length - limit] as number) + HOUR_MS;
    } else {
      // an hour [x, x+1h) with x ∈ (cur-1h, cur] holding `limit` starts already contains cur: move past it
      for (let i = lo; i < hi; i++) {
        const x = s[i] as number;
        if (lowerBound(s, x + HOUR_MS) - i >= limit) next = Math.max(next, x + HOUR_MS);
      }
      // the hour starting at cur itself holds `limit` reserved starts: any instant up to the first of them is in it
      const first = lowerBound(s, cur);
      if (lowerBound(s, cur + HOUR_MS) - first >= limit) next = Math.max(next, (s[first] as number) + 1);
    }
    if (next === cur) return cur;
    cur = next;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Placement
// ---------------------------------------------------------------------------------------------------------------

type Ctx = {
  settings: PacingSettings;
  tz: string;
  cal: ZoneCalendar;
  limit: number;
  seed: number;
  now: number;
  /** company starts, ascending */
  company: number[];
};

type ConnState = { id: number; connectedSince: number | null; starts: number[]; lastFinishedAt: number | null };

export type Candidate = { connectionId: number; greetingAt: number; messageAt: number; waitMs: number; heldBy: Hold[] };

function countIn(a: readonly number[], from: number, to: number): number {
  return lowerBound(a, to) - lowerBound(a, from);
}

/** The earliest start of the next dispatch on one connection, or null when nothing fits within the search horizon. */
function candidateFor(ctx: Ctx, c: ConnState): Candidate | null {
  const { settings } = ctx;
  const held = new Set<Hold>();
  let t = ctx.now;
  if (c.lastFinishedAt !== null) {
    const paced = c.lastFinishedAt + drawGap(settings, ctx.seed, c.id, c.lastFinishedAt);
    if (paced > t) {
      t = paced;
      held.add('pace');
    }
  }
  const wait = drawWait(settings, ctx.seed, c.id, c.lastFinishedAt);
  const horizon = ctx.now + (SEARCH_DAYS + 2) * DAY_MS + Math.max(0, t - ctx.now);
  for (let guard = 0; guard < 10_000 && t <= horizon; guard++) {
    const w = ctx.cal.windowFit(t, wait);
    if (w === null) return null;
    if (w > t) held.add('window');
    t = w;
    const day = ctx.cal.dayOf(t);
    const used = countIn(c.starts, day.start, day.end);
    if (used >= warmupCap(settings.warmup, c.connectedSince, t)) {
      // wait for the next local day, or sooner for the moment the connection's age reaches a tier that allows more
      held.add('warmup');
      let next = Math.max(day.end, t + 1);
      const grows = nextTierAt(settings.warmup, c.connectedSince, t, used);
      if (grows !== null && grows < next) next = grows;
      t = next;
      continue;
    }
    const h = hourLimitFit(ctx.company, ctx.limit, t);
    if (h > t) {
      held.add('hourLimit');
      t = h;
      continue;
    }
    return { connectionId: c.id, greetingAt: t, messageAt: t + wait, waitMs: wait, heldBy: [...held] };
  }
  return null;
}

/** Earliest candidate; ties go to the first connection after `lastStarted` in the setup's order. */
function pick(cands: readonly (Candidate | null)[], order: readonly number[], lastStarted: number | null) {
  const n = order.length;
  const from = lastStarted === null ? 0 : (order.indexOf(lastStarted) + 1) % n;
  let best: Candidate | null = null;
  for (let k = 0; k < n; k++) {
    const c = cands[(from + k) % n];
    if (c && (best === null || c.greetingAt < best.greetingAt)) best = c;
  }
  return best;
}

const sortedCopy = (a: readonly number[]) => [...a].sort((x, y) => x - y);

/**
 * The connection whose latest start is the latest — of equal ones the last in the setup's order; round-robin ties
 * begin after it. Derived from the data only, so the live worker and the planner agree.
 */
function lastStartedOf(states: readonly ConnState[]): number | null {
  let id: number | null = null;
  let latest = Number.NEGATIVE_INFINITY;
  for (const s of states) {
    if (!s.starts.length) continue;
    const m = s.starts[s.starts.length - 1] as number;
    if (m >= latest) {
      latest = m;
      id = s.id;
    }
  }
  return id;
}

/**
 * The engine's next decision: which pending dispatch goes to which connection, when its greeting and its message go.
 * The worker claims it (atomic state change) when `greetingAt` is due and asks again after every finish; a decision
 * in the future is a wake-up time. Idle reasons: no pending dispatch, no connection, every connection in flight, or
 * nothing fits within the search horizon (blocked).
 */
export function nextAction(input: PacingInput): NextAction {
  if (input.nextDispatchId === null) return { kind: 'idle', reason: 'noPending' };
  if (input.connections.length === 0) return { kind: 'idle', reason: 'noConnection' };
  const free = input.connections.filter((c) => !c.busy);
  if (free.length === 0) return { kind: 'idle', reason: 'allBusy' };
  const ctx: Ctx = {
    settings: input.settings,
    tz: input.timeZone,
    cal: new ZoneCalendar(input.settings, input.timeZone),
    limit: input.planLimitPerHour,
    seed: input.seed,
    now: input.now,
    company: sortedCopy(input.companyStarts),
  };
  const states = input.connections.map((c) => ({
    id: c.id,
    connectedSince: c.connectedSince,
    starts: sortedCopy(c.starts),
    lastFinishedAt: c.lastFinishedAt,
  }));
  const cands = input.connections.map((c, i) => (c.busy ? null : candidateFor(ctx, states[i] as ConnState)));
  const lastStarted = lastStartedOf(states);
  const best = pick(
    cands,
    input.connections.map((c) => c.id),
    lastStarted,
  );
  if (!best) return { kind: 'idle', reason: 'blocked' };
  return { kind: 'send', dispatchId: input.nextDispatchId, ...best };
}

// ---------------------------------------------------------------------------------------------------------------
// Whole-campaign simulation
// ---------------------------------------------------------------------------------------------------------------

export type PlannedDispatch = {
  dispatchId: number;
  connectionId: number;
  greetingAt: number;
  messageAt: number;
  heldBy: Hold[];
};

export type CampaignPlan = {
  dispatches: PlannedDispatch[];
  /** the last message's instant, null when nothing was planned */
  finishedAt: number | null;
  /** dispatches that could not be placed (nothing fits within the search horizon) */
  unplaced: number;
};

export type PlanInput = {
  settings: PacingSettings;
  timeZone: string;
  planLimitPerHour: number;
  /**
   * The setup's connections; for a running campaign's ETA also their live state (`starts` since `historySince`,
   * `lastFinishedAt`; a connection in flight: its expected finish), as `nextAction` gets them.
   */
  connections: readonly {
    id: number;
    connectedSince: number | null;
    starts?: readonly number[];
    lastFinishedAt?: number | null;
  }[];
  /** how many dispatches (ids 1…count unless `dispatchIds` is given) */
  count: number;
  dispatchIds?: readonly number[];
  /** the company's earlier starts (other campaigns) that still count against the hourly limit */
  companyStarts?: readonly number[];
  seed: number;
  start: number;
};

/**
 * Simulates a whole campaign with the same placement as `nextAction`, every send taken as instantaneous (a
 * connection finishes at its message's instant). For the property tests and the manager's ETA.
 */
export function planCampaign(input: PlanInput): CampaignPlan {
  const ids = input.dispatchIds ?? Array.from({ length: input.count }, (_, i) => i + 1);
  const ctx: Ctx = {
    settings: input.settings,
    tz: input.timeZone,
    cal: new ZoneCalendar(input.settings, input.timeZone),
    limit: input.planLimitPerHour,
    seed: input.seed,
    now: input.start,
    company: sortedCopy(input.companyStarts ?? []),
  };
  const states: ConnState[] = input.connections.map((c) => ({
    id: c.id,
    connectedSince: c.connectedSince,
    starts: sortedCopy(c.starts ?? []),
    lastFinishedAt: c.lastFinishedAt ?? null,
  }));
  const order = states.map((s) => s.id);
  const dispatches: PlannedDispatch[] = [];
  if (states.length === 0) return { dispatches, finishedAt: null, unplaced: ids.length };
  const cands: (Candidate | null)[] = states.map((s) => candidateFor(ctx, s));
  let lastStarted = lastStartedOf(states);
  let finishedAt: number | null = null;
  for (let k = 0; k < ids.length; k++) {
    const best = pick(cands, order, lastStarted);
    if (!best) return { dispatches, finishedAt, unplaced: ids.length - k };
    const i = order.indexOf(best.connectionId);
    const st = states[i] as ConnState;
    dispatches.push({
      dispatchId: ids[k] as number,
      connectionId: st.id,
      greetingAt: best.greetingAt,
      messageAt: best.messageAt,
      heldBy: best.heldBy,
    });
    insertSorted(st.starts, best.greetingAt);
    insertSorted(ctx.company, best.greetingAt);
    st.lastFinishedAt = best.messageAt;
    finishedAt = Math.max(finishedAt ?? best.messageAt, best.messageAt);
    lastStarted = lastStartedOf(states);
    cands[i] = candidateFor(ctx, st);
    // another connection's candidate stays valid unless the new start filled an hour it falls in
    for (let j = 0; j < states.length; j++) {
      const c = cands[j];
      if (j === i || !c) continue;
      if (hourLimitFit(ctx.company, ctx.limit, c.greetingAt) !== c.greetingAt) {
        cands[j] = candidateFor(ctx, states[j] as ConnState);
      }
    }
  }
  return { dispatches, finishedAt, unplaced: 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Circuit breaker
// ---------------------------------------------------------------------------------------------------------------

/** A finished dispatch's outcome on a connection, oldest first. */
export type SendOutcome = 'sent' | 'failed' | 'noWhatsapp';

/** Failures in a row at the end of a connection's outcomes; a number without WhatsApp neither counts nor resets. */
export function consecutiveFailures(outcomes: readonly SendOutcome[]): number {
  let n = 0;
  for (let i = outcomes.length - 1; i >= 0; i--) {
    const o = outcomes[i];
    if (o === 'noWhatsapp') continue;
    if (o === 'failed') n++;
    else break;
  }
  return n;
}

export type BreakerDecision = { pause: false } | { pause: true; whatsappId: number; failures: number };

/** After `threshold` consecutive failures on any connection the campaign pauses (0 = breaker off). */
export function breakerDecision(
  threshold: number,
  outcomesByConnection: readonly { whatsappId: number; outcomes: readonly SendOutcome[] }[],
): BreakerDecision {
  if (threshold <= 0) return { pause: false };
  for (const c of outcomesByConnection) {
    const failures = consecutiveFailures(c.outcomes);
    if (failures >= threshold) return { pause: true, whatsappId: c.whatsappId, failures };
  }
  return { pause: false };
}

/** The campaign's pauseReason when the breaker trips. */
export function breakerPauseReason(failures: number, connectionName: string): string {
  return `Pausada automaticamente: ${failures} falhas seguidas na conexão ${connectionName}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Message choice and completion
// ---------------------------------------------------------------------------------------------------------------

/**
 * Which of the campaign's messages (0-based, in the creator's order) a dispatch gets: spread evenly and
 * deterministically over the list (seeded by the campaign), so identical texts do not go out back to back.
 */
export function messageIndexFor(seed: number, dispatchId: number, messageCount: number): number {
  if (messageCount <= 1) return 0;
  return Math.min(messageCount - 1, Math.floor(hashUnit(seed, 3, dispatchId) * messageCount));
}

/** Dispatch counts by status (the manager's counters and the concluded webhook's summary). */
export type DispatchCounts = Partial<Record<DispatchStatus, number>>;

/** A running campaign is complete when nothing is pending or claimed (uncertain rows wait for an admin, not for us). */
export function campaignIsComplete(counts: DispatchCounts): boolean {
  return (counts.pending ?? 0) === 0 && (counts.claimed ?? 0) === 0;
}
