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
