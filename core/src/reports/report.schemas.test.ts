import { describe, expect, test } from 'bun:test';
import {
  DashAttendancesQuery,
  REPORT_TEXTS,
  ReportAttendancesQuery,
  resolveReportRange,
  startOfMonth,
} from './report.schemas';
import { dashboardScope, reportsScope } from './report-access';

const now = new Date('2026-11-28T09:00:00Z');

describe('report range', () => {
  test('dashboard default: start of the month (São Paulo) → now', () => {
    const r = resolveReportRange({}, 'dash', now);
    expect(r).toEqual({ ok: true, value: { from: new Date('2026-11-01T03:00:00Z'), to: now } });
  });
  test('start of month near midnight uses the company zone', () => {
    expect(startOfMonth(new Date('2026-12-01T02:00:00Z'))).toEqual(new Date('2026-11-01T03:00:00Z'));
  });
  test('reports default: the last 30 days', () => {
    const r = resolveReportRange({}, 'report', now);
    expect(r.ok && r.value.from).toEqual(new Date(now.getTime() - 30 * 86_400_000));
  });
  test('days cover the whole day', () => {
    const r = resolveReportRange({ initialDate: '2026-11-01', finalDate: '2026-11-02' }, 'report', now);
    expect(r).toEqual({
      ok: true,
      value: { from: new Date('2026-11-01T03:00:00.000Z'), to: new Date('2026-11-03T02:59:59.999Z') },
    });
  });
  test('final before initial, and more than 366 days, are refused with their texts', () => {
    expect(resolveReportRange({ initialDate: '2026-11-02', finalDate: '2026-11-01' }, 'dash', now)).toEqual({
      ok: false,
      error: 'ERR_VALIDATION',
      message: REPORT_TEXTS.finalBeforeInitial,
    });
    expect(resolveReportRange({ initialDate: '2025-01-01', finalDate: '2026-11-01' }, 'dash', now)).toMatchObject({
      ok: false,
      message: REPORT_TEXTS.rangeTooLong,
    });
    expect(resolveReportRange({ initialDate: '2025-11-01', finalDate: '2026-10-31' }, 'dash', now).ok).toBe(true);
  });
  test('queries', () => {
    expect(DashAttendancesQuery.parse({ currentQueue: '', currentUser: '7' })).toEqual({
      currentQueue: null,
      currentUser: 7,
    });
    expect(ReportAttendancesQuery.parse({ selectedQueueIds: '[1,2]' })).toMatchObject({
      selectedQueueIds: [1, 2],
      selectedUserIds: [],
    });
    expect(DashAttendancesQuery.safeParse({ initialDate: '28/11/2026' }).success).toBe(false);
  });
});

describe('who sees which figures', () => {
  const base = { dashboardInPlan: true, viewDashboard: false, viewOwnDashboard: false };
  test('dashboard', () => {
    expect(dashboardScope({ ...base, viewDashboard: true, viewOwnDashboard: true }, 1)).toEqual({
      ok: true,
      value: { kind: 'company' },
    });
    expect(dashboardScope({ ...base, viewOwnDashboard: true }, 9)).toEqual({
      ok: true,
      value: { kind: 'own', userId: 9 },
    });
    expect(dashboardScope(base, 9)).toMatchObject({ ok: false, error: 'ERR_NO_PERMISSION' });
    expect(dashboardScope({ ...base, dashboardInPlan: false, viewDashboard: true }, 9)).toMatchObject({
      ok: false,
      error: 'ERR_PLAN_FEATURE_DISABLED',
    });
  });
  test('reports', () => {
    expect(reportsScope({ administration: true, reportsInPlan: true }).ok).toBe(true);
    expect(reportsScope({ administration: false, reportsInPlan: true })).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(reportsScope({ administration: true, reportsInPlan: false })).toMatchObject({
      error: 'ERR_PLAN_FEATURE_DISABLED',
    });
  });
});
