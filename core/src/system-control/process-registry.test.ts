import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  type CoreTimes,
  cpuLoads,
  cpuPercent,
  isReportLive,
  type ProcessReport,
  reportTtlMs,
  systemResources,
} from './process-registry';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function report(over: Partial<ProcessReport> & { id: string; reportedAt: string }): ProcessReport {
  const host = over.host ?? 'h1';
  return {
    name: `api@${host}`,
    role: 'api',
    host,
    pid: Number(over.id.split(':')[1] ?? 1),
    version: '1.0.0',
    status: 'online',
    startedAt: iso(T0 - 60_000),
    restarts: 0,
    cpu: 1,
    memory: 100,
    eventLoopLagMs: 0,
    jobsRunning: 0,
    sessions: 0,
    supervised: true,
    ttlMs: reportTtlMs(2_000),
    hostInfo: {
      host,
      disk: { path: '/', total: 10, available: 5 },
      memory: { total: 10, free: 5 },
      cpu: { currentLoad: 1, cores: [1], loadAvg: [0, 0, 0] },
      reportedAt: over.reportedAt,
    },
    ...over,
  };
}

describe('process registry rules', () => {
  test('a report lives 3 intervals after it was made', () => {
    const r = report({ id: 'h1:1', reportedAt: iso(T0) });
    expect(isReportLive(r, T0 + 5_999)).toBe(true);
    expect(isReportLive(r, T0 + 6_000)).toBe(false);
  });

  test('resources: live processes only, sorted, uptime from startedAt, self marked, latest numbers per host', () => {
    const reports = [
      report({ id: 'h1:3', role: 'worker', name: 'worker@h1', reportedAt: iso(T0) }),
      report({ id: 'h1:2', reportedAt: iso(T0 - 1_000) }),
      report({ id: 'h2:9', host: 'h2', reportedAt: iso(T0 - 10_000) }),
      report({ id: 'h1:1', role: 'embedded', name: 'embedded@h1', reportedAt: iso(T0 - 500) }),
    ];
    const r = systemResources(
      reports.filter((x) => isReportLive(x, T0)),
      T0,
      'h1:2',
    );
    expect(r.pm2Info.map((p) => p.id)).toEqual(['h1:1', 'h1:2', 'h1:3']);
    expect(r.pm2Info[1]).toMatchObject({ self: true, uptime: 60_000 });
    expect(r.pm2Info[0].self).toBe(false);
    expect(r.pm2Info[0]).not.toHaveProperty('hostInfo');
    expect(r.systemInfo).toHaveLength(1);
    expect(r.systemInfo[0]).toMatchObject({ host: 'h1', reportedAt: iso(T0) });
  });

  test('cpu percent of one core between two samples', () => {
    expect(cpuPercent({ user: 0, system: 0 }, { user: 150_000, system: 50_000 }, 1_000)).toBe(20);
    expect(cpuPercent({ user: 0, system: 0 }, { user: 1, system: 0 }, 0)).toBe(0);
    // an interval's accounting ahead of the wall clock: capped at what the cores can give
    expect(cpuPercent({ user: 0, system: 0 }, { user: 2_560_000, system: 0 }, 1_000, 2)).toBe(200);
    expect(cpuPercent({ user: 0, system: 0 }, { user: 1_500_000, system: 0 }, 1_000, 2)).toBe(150);
  });

  const times = fc.record({
    user: fc.nat(1e9),
    nice: fc.nat(1e6),
    sys: fc.nat(1e9),
    idle: fc.nat(1e9),
    irq: fc.nat(1e6),
  });
  test('core loads stay within 0–100 whatever the samples (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(times, times), { minLength: 1, maxLength: 16 }), (pairs) => {
        const prev: CoreTimes[] = pairs.map(([a]) => a);
        const cur: CoreTimes[] = pairs.map(([a, d]) => ({
          user: a.user + d.user,
          nice: a.nice + d.nice,
          sys: a.sys + d.sys,
          idle: a.idle + d.idle,
          irq: a.irq + d.irq,
        }));
        const l = cpuLoads(prev, cur);
        expect(l.cores).toHaveLength(cur.length);
        for (const x of [l.currentLoad, ...l.cores]) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  test('one busy core of two: 50 % overall', () => {
    const z = { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 };
    const l = cpuLoads(
      [z, z],
      [
        { ...z, user: 100 },
        { ...z, idle: 100 },
      ],
    );
    expect(l).toEqual({ currentLoad: 50, cores: [100, 0] });
  });
});
