import { describe, expect, test } from 'bun:test';
import {
  DashAttendancesQuery,
  REPORT_TEXTS,
  ReportAttendancesQuery,
  reportDayOf,
  reportDayStart,
  resolveReportRange,
  splitReportRange,
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

describe('splitReportRange', () => {
  const now = new Date('2026-11-28T09:00:00Z'); // 06:00 in São Paulo, day 28
  test('a whole year: the settled days kept, yesterday and today live', () => {
    const r = splitReportRange(new Date('2025-11-29T03:00:00Z'), new Date('2026-11-29T02:59:59.999Z'), now);
    expect(r.days).toEqual({ first: '2025-11-29', last: '2026-11-26' });
    expect(r.live).toEqual([
      { from: new Date('2026-11-27T03:00:00Z'), to: new Date('2026-11-29T02:59:59.999Z'), toInclusive: true },
    ]);
  });
  test('edges inside days are live on both sides', () => {
    const r = splitReportRange(new Date('2026-11-01T15:00:00Z'), new Date('2026-11-20T12:00:00Z'), now);
    expect(r.days).toEqual({ first: '2026-11-02', last: '2026-11-19' });
    expect(r.live).toEqual([
      { from: new Date('2026-11-01T15:00:00Z'), to: new Date('2026-11-02T03:00:00Z'), toInclusive: false },
      { from: new Date('2026-11-20T03:00:00Z'), to: new Date('2026-11-20T12:00:00Z'), toInclusive: true },
    ]);
  });
  test('a range within recent days is all live', () => {
    const from = new Date('2026-11-27T03:00:00Z');
    expect(splitReportRange(from, now, now)).toEqual({ days: null, live: [{ from, to: now, toInclusive: true }] });
  });
  test('the day of an instant in the company zone', () => {
    expect(reportDayOf(new Date('2026-11-28T02:59:59Z'))).toBe('2026-11-27');
    expect(reportDayStart('2026-11-28')).toEqual(new Date('2026-11-28T03:00:00Z'));
  });
});
