/**
 * Query of `GET /dash/attendances` (initialDate, finalDate, currentQueue, currentUser) and `GET /report/attendances`
 * (initialDate, finalDate, selectedQueueIds, selectedUserIds), spec 3 §7, and the range they answer: dates as
 * 'YYYY-MM-DD' (the whole day in the company's zone) or a full ISO date-time (taken as is); absent → the defaults of
 * spec 3 §9 (dashboard: start of the month → now; reports: the last 30 days → now).
 */
import { z } from 'zod';
import { type ErrorCode, ok, type Result, refuse } from '../errors';
import { IdList, IdValue } from '../lists/page-query';
import { DateParam, dayEnd, dayStart } from '../tickets/ticket.schemas';

export const REPORT_TEXTS = {
  finalBeforeInitial: 'A data final deve ser posterior à data inicial',
  rangeTooLong: 'O período máximo é de 366 dias',
} as const;

/** The longest range answered (a leap year and a day): a year's report is the biggest a manager asks for. */
export const REPORT_MAX_DAYS = 366;

const OptionalDate = z.union([z.literal(''), DateParam]).optional();
/** one id, or nothing ('' / 'null' / absent: every queue or user) */
const OptionalId = z
  .union([z.literal(''), z.literal('null'), z.literal('undefined'), IdValue])
  .optional()
  .transform((v) => (v === '' || v === 'null' || v === 'undefined' || v === undefined ? null : Number(v)));

export const DashAttendancesQuery = z.object({
  initialDate: OptionalDate,
  finalDate: OptionalDate,
  currentQueue: OptionalId,
  currentUser: OptionalId,
});
export type DashAttendancesQuery = z.output<typeof DashAttendancesQuery>;

export const ReportAttendancesQuery = z.object({
  initialDate: OptionalDate,
  finalDate: OptionalDate,
  selectedQueueIds: IdList,
  selectedUserIds: IdList,
});
export type ReportAttendancesQuery = z.output<typeof ReportAttendancesQuery>;

export type ReportRangeKind = 'dash' | 'report';

/** Midnight of the first day of `now`'s month in a fixed-offset zone (Brazil: -03:00, no DST since 2019). */
export function startOfMonth(now: Date, offsetMinutes = -180): Date {
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMinutes * 60_000);
}

/** The range a query answers, or ERR_VALIDATION with the text to show. */
export function resolveReportRange(
  q: { initialDate?: string; finalDate?: string },
  kind: ReportRangeKind,
  now: Date,
): Result<{ from: Date; to: Date }, ErrorCode> {
  const to = q.finalDate ? dayEnd(q.finalDate) : now;
  const from = q.initialDate
    ? dayStart(q.initialDate)
    : kind === 'dash'
      ? startOfMonth(to)
      : new Date(to.getTime() - 30 * 86_400_000);
  if (to.getTime() < from.getTime()) return refuse('ERR_VALIDATION', REPORT_TEXTS.finalBeforeInitial);
  if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * 86_400_000) {
    return refuse('ERR_VALIDATION', REPORT_TEXTS.rangeTooLong);
  }
  return ok({ from, to });
}

const DAY_MS = 86_400_000;

/** The company-local calendar day ('YYYY-MM-DD') of an instant (fixed offset, as the date filters). */
export function reportDayOf(d: Date, offsetMinutes = -180): string {
  return new Date(d.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The instant a company-local day starts. */
export function reportDayStart(day: string, offsetMinutes = -180): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - offsetMinutes * 60_000);
}

/** Days that are settled enough to keep their sums (the day before yesterday and older): today's and yesterday's
 * tickets change all the time and are always summed live. */
export const REPORT_LIVE_DAYS = 2;

export type ReportRangeSplit = {
  /** whole local days inside the range, old enough to be kept summed per day (inclusive bounds), or null */
  days: { first: string; last: string } | null;
  /** the rest, summed live from the tickets: `from <= createdAt < to` (the range's own end is inclusive: `toIncl`) */
  live: { from: Date; to: Date; toInclusive: boolean }[];
};

/**
 * Splits a report range into the whole days summed once and kept (ticket_report_days) and the edges summed live:
 * [from, first day) and [day after the last, to]. Days from yesterday on (company zone) are always live.
 */
export function splitReportRange(from: Date, to: Date, now: Date, offsetMinutes = -180): ReportRangeSplit {
  let firstDay = reportDayOf(from, offsetMinutes);
  if (reportDayStart(firstDay, offsetMinutes).getTime() < from.getTime()) {
    firstDay = reportDayOf(new Date(reportDayStart(firstDay, offsetMinutes).getTime() + DAY_MS), offsetMinutes);
  }
  // the last whole day: the one ending at or before `to` (days end at the next day's start, `to` is inclusive)
  const toDay = reportDayOf(to, offsetMinutes);
  const toDayEnd = reportDayStart(toDay, offsetMinutes).getTime() + DAY_MS;
  let lastDay = to.getTime() + 1 >= toDayEnd ? toDay : reportDayOf(new Date(toDayEnd - 2 * DAY_MS), offsetMinutes);
  const settled = reportDayOf(new Date(now.getTime() - REPORT_LIVE_DAYS * DAY_MS), offsetMinutes);
  if (lastDay > settled) lastDay = settled;
  if (firstDay > lastDay) return { days: null, live: [{ from, to, toInclusive: true }] };
  const firstStart = reportDayStart(firstDay, offsetMinutes);
  const afterLast = new Date(reportDayStart(lastDay, offsetMinutes).getTime() + DAY_MS);
  const live: ReportRangeSplit['live'] = [];
  if (from.getTime() < firstStart.getTime()) live.push({ from, to: firstStart, toInclusive: false });
  if (afterLast.getTime() <= to.getTime()) live.push({ from: afterLast, to, toInclusive: true });
  return { days: { first: firstDay, last: lastDay }, live };
}
