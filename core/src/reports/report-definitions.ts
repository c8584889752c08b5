/**
 * Dashboard and report figures (spec 3 §3 "Report data", issue 19), defined once. Pure.
 *
 * - TME (tempo médio de espera, average wait): per ticket, from the moment it started waiting for a person
 *   (`queuedAt`: its creation, or a bot/flow/platform handing it to a queue) to its FIRST acceptance by an attendant.
 *   Counted for tickets accepted with a recorded waiting start; a ticket an attendant started, or one a person took
 *   while a bot was talking, never waited and is left out (not counted as 0).
 * - TMA (tempo médio de atendimento, average service): per ticket, from the first acceptance to its resolution, minus
 *   the time it sat closed before a reopen. Counted for closed tickets that were accepted; a ticket closed without
 *   ever being accepted had no service and is left out.
 * - Which tickets: those CREATED in the range (the conversation's start), with their state now. Per attendant: the
 *   ticket's current attendant (`userId`); per queue: its current queue (null = "Sem fila").
 * Times are whole seconds in the answer; averages are the sum over the counted tickets divided by their number,
 * rounded to the second.
 */

import type { TicketStatus } from '../tickets/ticket.types';
import type { TicketInstants } from '../tickets/ticket-instants';
import { reportDayOf, reportDayStart } from './report.schemas';

/** The wait of one ticket in seconds (TME's term), or null when it does not count. */
export function ticketWaitSeconds(i: Pick<TicketInstants, 'queuedAt' | 'acceptedAt'>): number | null {
  if (i.queuedAt === null || i.acceptedAt === null) return null;
  const ms = i.acceptedAt.getTime() - i.queuedAt.getTime();
  return ms < 0 ? null : ms / 1000;
}

/** The service of one ticket in seconds (TMA's term), or null when it does not count. */
export function ticketServiceSeconds(
  status: TicketStatus,
  i: Pick<TicketInstants, 'acceptedAt' | 'closedAt' | 'closedGapMs'>,
): number | null {
  if (status !== 'closed' || i.acceptedAt === null || i.closedAt === null) return null;
  const ms = i.closedAt.getTime() - i.acceptedAt.getTime();
  if (ms < 0) return null;
  return Math.max(0, ms - i.closedGapMs) / 1000;
}

/** Sums of one group of tickets (the whole range, one attendant or one queue): what SQL or `sumTickets` computes. */
export type ReportSums = {
  tickets: number;
  pending: number;
  open: number;
  closed: number;
  /** tickets whose TMA counted, and the sum of their service seconds */
  tmaCount: number;
  tmaSeconds: number;
  /** tickets whose TME counted, and the sum of their wait seconds */
  tmeCount: number;
  tmeSeconds: number;
  /** tickets whose instants were estimated from their history (created before the instants were recorded) */
  estimated: number;
};

export const EMPTY_SUMS: ReportSums = {
  tickets: 0,
  pending: 0,
  open: 0,
  closed: 0,
  tmaCount: 0,
  tmaSeconds: 0,
  tmeCount: 0,
  tmeSeconds: 0,
  estimated: 0,
};

/** One ticket as the report reads it. */
export type ReportTicket = TicketInstants & {
  id: number;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  createdAt: Date;
  estimated?: boolean;
};

function addTicket(s: ReportSums, t: ReportTicket): ReportSums {
  const wait = ticketWaitSeconds(t);
  const service = ticketServiceSeconds(t.status, t);
  return {
    tickets: s.tickets + 1,
    pending: s.pending + (t.status === 'pending' ? 1 : 0),
    open: s.open + (t.status === 'open' ? 1 : 0),
    closed: s.closed + (t.status === 'closed' ? 1 : 0),
    tmaCount: s.tmaCount + (service === null ? 0 : 1),
    tmaSeconds: s.tmaSeconds + (service ?? 0),
    tmeCount: s.tmeCount + (wait === null ? 0 : 1),
    tmeSeconds: s.tmeSeconds + (wait ?? 0),
    estimated: s.estimated + (t.estimated ? 1 : 0),
  };
}

export type ReportGroups = {
  total: ReportSums;
  byUser: Map<number | null, ReportSums>;
  byQueue: Map<number | null, ReportSums>;
  /** per company-local day of creation ('YYYY-MM-DD', reportDayOf) */
  byDay: Map<string, ReportSums>;
};

/** The sums of a set of tickets (the reference the SQL aggregation is tested against). */
export function sumTickets(ts: readonly ReportTicket[]): ReportGroups {
  const byUser = new Map<number | null, ReportSums>();
  const byQueue = new Map<number | null, ReportSums>();
  const byDay = new Map<string, ReportSums>();
  let total = EMPTY_SUMS;
  for (const t of ts) {
    total = addTicket(total, t);
    byUser.set(t.userId, addTicket(byUser.get(t.userId) ?? EMPTY_SUMS, t));
    byQueue.set(t.queueId, addTicket(byQueue.get(t.queueId) ?? EMPTY_SUMS, t));
    const day = reportDayOf(t.createdAt);
    byDay.set(day, addTicket(byDay.get(day) ?? EMPTY_SUMS, t));
  }
  return { total, byUser, byQueue, byDay };
}

/** `dataUsers[]` of spec 3 §3 (+ `id`, the user's id). Times in seconds. */
export type ReportUser = {
  id: number;
  name: string;
  qtdAtendimentos: number;
  porcentagemAtendimentos: number;
  tmaTotalUser: number;
  tma: number;
  tmeTotalUser: number;
  tme: number;
  countOpen: number;
  countClosed: number;
};

/** `dataQueuesWitchPercent[]` of spec 3 §3 (+ `id` and `color`; id null = tickets without a queue). */
export type ReportQueue = {
  id: number | null;
  queue: string;
  color: string | null;
  qtdAtendimentos: number;
  percent: number;
};

/**
 * One company-local day of the range (beyond spec 3 §3, docs/DECISIONS.md "Dashboard per-day series"): the tickets
 * CREATED that day (the same tickets the totals count) and how many of them are closed now.
 */
export type ReportDay = { day: string; tickets: number; closed: number };

/**
 * Report data of spec 3 §3, the answer of `GET /dash/attendances` and `GET /report/attendances`. Times are whole
 * seconds (format them with `formatDuration`). Beyond the spec: the counts behind each average (`countTma`,
 * `countTme`), how many tickets have estimated instants (`countEstimated`), the per-day series (`daily`: every local
 * day of the range, oldest first, zeros included), the range answered, and whether `tickets`
 * (the ids of the counted tickets, newest first) was cut at REPORT_TICKET_IDS_MAX (1,000).
 */
export type ReportData = {
  totalTickets: number;
  countPending: number;
  countOpenGeneral: number;
  countClosed: number;
  tmaTotalMoment: number;
  tmaTotalMedioMoment: number;
  tmeTotalMoment: number;
  tmeTotalMedioMoment: number;
  dataUsers: ReportUser[];
  dataQueuesWitchPercent: ReportQueue[];
  tickets: number[];
  countTma: number;
  countTme: number;
  countEstimated: number;
  ticketsTruncated: boolean;
  daily: ReportDay[];
  initialDate: string;
  finalDate: string;
};

/**
 * The ids listed in `tickets` at most (the counts are always exact): the newest thousand are what a screen can link
 * to; with a filter, reading the newest 10,000 matching ids walked most of a big company's index (bench:dash).
 */
export const REPORT_TICKET_IDS_MAX = 1_000;

/** The queue name of tickets without a queue. */
export const REPORT_NO_QUEUE = 'Sem fila';

const avg = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/**
 * The answer's shape from the groups' sums. Attendants: those with tickets in the range (a ticket without an
 * attendant is in the totals and its queue only), most tickets first. Queues: every queue with tickets, "Sem fila"
 * included, so the percents add up to 100.
 */
export function buildReportData(input: {
  groups: ReportGroups;
  users: ReadonlyMap<number, string>;
  queues: ReadonlyMap<number, { name: string; color: string | null }>;
  ticketIds: readonly number[];
  range: { from: Date; to: Date };
}): ReportData {
  const { total } = input.groups;
  const dataUsers: ReportUser[] = [];
  for (const [id, s] of input.groups.byUser) {
    if (id === null || s.tickets === 0) continue;
    dataUsers.push({
      id,
      name: input.users.get(id) ?? '',
      qtdAtendimentos: s.tickets,
      porcentagemAtendimentos: pct(s.tickets, total.tickets),
      tmaTotalUser: Math.round(s.tmaSeconds),
      tma: avg(s.tmaSeconds, s.tmaCount),
      tmeTotalUser: Math.round(s.tmeSeconds),
      tme: avg(s.tmeSeconds, s.tmeCount),
      countOpen: s.open,
      countClosed: s.closed,
    });
  }
  dataUsers.sort((a, b) => b.qtdAtendimentos - a.qtdAtendimentos || a.name.localeCompare(b.name) || a.id - b.id);
  const dataQueuesWitchPercent: ReportQueue[] = [];
  for (const [id, s] of input.groups.byQueue) {
    if (s.tickets === 0) continue;
    const q = id === null ? undefined : input.queues.get(id);
    dataQueuesWitchPercent.push({
      id,
      queue: id === null ? REPORT_NO_QUEUE : (q?.name ?? ''),
      color: q?.color ?? null,
      qtdAtendimentos: s.tickets,
      percent: pct(s.tickets, total.tickets),
    });
  }
  dataQueuesWitchPercent.sort(
    (a, b) => b.qtdAtendimentos - a.qtdAtendimentos || a.queue.localeCompare(b.queue) || (a.id ?? 0) - (b.id ?? 0),
  );
  return {
    totalTickets: total.tickets,
    countPending: total.pending,
    countOpenGeneral: total.open,
    countClosed: total.closed,
    tmaTotalMoment: Math.round(total.tmaSeconds),
    tmaTotalMedioMoment: avg(total.tmaSeconds, total.tmaCount),
    tmeTotalMoment: Math.round(total.tmeSeconds),
    tmeTotalMedioMoment: avg(total.tmeSeconds, total.tmeCount),
    dataUsers,
    dataQueuesWitchPercent,
    tickets: input.ticketIds.slice(0, REPORT_TICKET_IDS_MAX),
    countTma: total.tmaCount,
    countTme: total.tmeCount,
    countEstimated: total.estimated,
    ticketsTruncated: total.tickets > REPORT_TICKET_IDS_MAX,
    daily: dailySeries(input.groups.byDay, input.range),
    initialDate: input.range.from.toISOString(),
    finalDate: input.range.to.toISOString(),
  };
}

/** Every company-local day from the range's first to its last (≤ 367 with REPORT_MAX_DAYS), with its sums or 0. */
export function dailySeries(byDay: ReadonlyMap<string, ReportSums>, range: { from: Date; to: Date }): ReportDay[] {
  const out: ReportDay[] = [];
  const last = reportDayOf(range.to);
  for (let day = reportDayOf(range.from); day <= last && out.length <= 400; ) {
    const s = byDay.get(day);
    out.push({ day, tickets: s?.tickets ?? 0, closed: s?.closed ?? 0 });
    day = reportDayOf(new Date(reportDayStart(day).getTime() + 86_400_000));
  }
  return out;
}

/** The parts of a duration: days (never wrapped), hours 0–23, minutes 0–59, seconds 0–59. */
export function durationParts(totalSeconds: number): { d: number; h: number; min: number; s: number } {
  const t = Math.max(0, Math.round(totalSeconds));
  return { d: Math.floor(t / 86_400), h: Math.floor((t % 86_400) / 3600), min: Math.floor((t % 3600) / 60), s: t % 60 };
}

/**
 * "2 d 3 h 4 min 5 s": the units read the same in pt-BR, en and es; zero units are left out (0 → "0 s"); days keep
 * counting past 24 h (26 h → "1 d 2 h"), never wrapping. `maxUnits` keeps the largest units only ("1 d 2 h").
 */
export function formatDuration(totalSeconds: number | null | undefined, maxUnits = 4): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return '—';
  const p = durationParts(totalSeconds);
  const parts: string[] = [];
  if (p.d) parts.push(`${p.d} d`);
  if (p.h) parts.push(`${p.h} h`);
  if (p.min) parts.push(`${p.min} min`);
  if (p.s) parts.push(`${p.s} s`);
  return parts.length ? parts.slice(0, Math.max(1, maxUnits)).join(' ') : '0 s';
}
