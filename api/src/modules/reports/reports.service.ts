/**
 * Dashboard and reports (spec 3 §2, §3, §6, §7; issue 19): who may see which figures (core report-access), the range
 * (core resolveReportRange), then the tickets area's aggregate shaped as reportData (core buildReportData).
 */
import {
  buildReportData,
  type DashAttendancesQuery,
  DomainError,
  dashboardScope,
  REPORT_TICKET_IDS_MAX,
  type ReportAttendancesQuery,
  type ReportData,
  type ReportRangeKind,
  type ReportScope,
  reportsScope,
  resolveReportRange,
} from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertReportRefs, ticketReport } from '../tickets/tickets.service';

function allowed<T>(r: { ok: true; value: T } | { ok: false; error: string; message?: string }): T {
  if (!r.ok) throw new DomainError(r.error as never, r.message);
  return r.value;
}

async function reportOf(
  ctx: UserCtx,
  scope: ReportScope,
  kind: ReportRangeKind,
  q: { initialDate?: string; finalDate?: string; queueIds: number[]; userIds: number[] },
): Promise<ReportData> {
  const range = allowed(resolveReportRange(q, kind, nowDate()));
  await assertReportRefs(ctx.companyId, { queueIds: q.queueIds, userIds: q.userIds });
  let userIds: number[] | null = q.userIds.length ? q.userIds : null;
  if (scope.kind === 'own') {
    // an attendant sees their own tickets only; asking for someone else's figures is refused, not widened
    if (userIds?.some((id) => id !== scope.userId)) throw new DomainError('ERR_NO_PERMISSION');
    userIds = [scope.userId];
  }
  const filter = { from: range.from, to: range.to, queueIds: q.queueIds.length ? q.queueIds : null, userIds };
  const r = await ticketReport(ctx.companyId, filter, REPORT_TICKET_IDS_MAX);
  return buildReportData({ groups: r.groups, users: r.users, queues: r.queues, ticketIds: r.ids, range });
}

/** GET /dash/attendances: the company's figures for an administrator, an attendant's own otherwise. */
export function dashAttendances(ctx: UserCtx, q: DashAttendancesQuery): Promise<ReportData> {
  const scope = allowed(dashboardScope(ctx.caps, ctx.user.id));
  return reportOf(ctx, scope, 'dash', {
    initialDate: q.initialDate || undefined,
    finalDate: q.finalDate || undefined,
    queueIds: q.currentQueue === null ? [] : [q.currentQueue],
    userIds: q.currentUser === null ? [] : [q.currentUser],
  });
}

/** GET /report/attendances: the company's figures, administration + plan enableReports. */
export function reportAttendances(ctx: UserCtx, q: ReportAttendancesQuery): Promise<ReportData> {
  const scope = allowed(reportsScope(ctx.caps));
  return reportOf(ctx, scope, 'report', {
    initialDate: q.initialDate || undefined,
    finalDate: q.finalDate || undefined,
    queueIds: q.selectedQueueIds,
    userIds: q.selectedUserIds,
  });
}
