import type { HostInfoDto, ProcessInfoDto, SystemResourcesDto } from './system-control.schemas';

/**
 * The process registry's pure rules (issue 22): every process reports itself every `intervalMs`; a report not renewed
 * within EXPIRY_INTERVALS intervals is gone (the process stopped or died). Clock injected (`now`).
 */
export const EXPIRY_INTERVALS = 3;
/** default report interval (PROCESS_REPORT_MS) */
export const PROCESS_REPORT_DEFAULT_MS = 2_000;

/** What a process stores about itself each interval. */
export type ProcessReport = Omit<ProcessInfoDto, 'uptime' | 'self'> & {
  /** the host's numbers as this process read them */
  hostInfo: HostInfoDto;
  /** the report is valid until reportedAt + ttlMs */
  ttlMs: number;
};

export function reportTtlMs(intervalMs: number): number {
  return EXPIRY_INTERVALS * intervalMs;
}

export function isReportLive(r: Pick<ProcessReport, 'reportedAt' | 'ttlMs'>, now: number): boolean {
  return Date.parse(r.reportedAt) + r.ttlMs > now;
}

const ROLE_ORDER = { embedded: 0, api: 1, worker: 2 } as const;

/**
 * The answer of getPm2Info / getSystemResources from the live reports (the store drops expired ones: Redis by its
 * TTL, so hosts' clocks need not agree): processes sorted by role, host, name, pid and, per host, its latest numbers.
 */
export function systemResources(reports: readonly ProcessReport[], now: number, selfId: string): SystemResourcesDto {
  const live = [...reports];
  live.sort(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      a.host.localeCompare(b.host) ||
      a.name.localeCompare(b.name) ||
      a.pid - b.pid,
  );
  const pm2Info: ProcessInfoDto[] = live.map(({ hostInfo: _h, ttlMs: _t, ...r }) => ({
    ...r,
    uptime: Math.max(0, now - Date.parse(r.startedAt)),
    self: r.id === selfId,
  }));
  const hosts = new Map<string, HostInfoDto>();
  for (const r of live) {
    const seen = hosts.get(r.host);
    if (!seen || Date.parse(r.hostInfo.reportedAt) > Date.parse(seen.reportedAt)) hosts.set(r.host, r.hostInfo);
  }
  const systemInfo = [...hosts.values()].sort((a, b) => a.host.localeCompare(b.host));
  return { pm2Info, systemInfo };
}

/** µs of CPU (process.cpuUsage) */
export type CpuUsage = { user: number; system: number };

/**
 * Percent of one core used between two samples `elapsedMs` apart (pm2's cpu column), one decimal. With `cores`, at
 * most 100 × cores: over a short interval the threads' CPU accounting can run ahead of the wall clock, and a reading
 * above what the machine can give is that artefact, not a load.
 */
export function cpuPercent(prev: CpuUsage, cur: CpuUsage, elapsedMs: number, cores?: number): number {
  if (elapsedMs <= 0) return 0;
  const usedUs = cur.user - prev.user + (cur.system - prev.system);
  const percent = Math.max(0, (usedUs / 1000 / elapsedMs) * 100);
  return round1(cores && cores > 0 ? Math.min(percent, 100 * cores) : percent);
}

/** ms per state of one core (os.cpus()[i].times) */
export type CoreTimes = { user: number; nice: number; sys: number; idle: number; irq: number };

function busyAndTotal(t: CoreTimes): { busy: number; total: number } {
  const busy = t.user + t.nice + t.sys + t.irq;
  return { busy, total: busy + t.idle };
}

/**
 * Load of each core and of the whole host (percent, 0–100, one decimal) between two samples of os.cpus() times.
 * A core missing from `prev` (hot-plugged) or without elapsed time counts 0.
 */
export function cpuLoads(
  prev: readonly CoreTimes[],
  cur: readonly CoreTimes[],
): { currentLoad: number; cores: number[] } {
  let busySum = 0;
  let totalSum = 0;
  const cores = cur.map((c, i) => {
    const p = prev[i];
    if (!p) return 0;
    const a = busyAndTotal(p);
    const b = busyAndTotal(c);
    const busy = Math.max(0, b.busy - a.busy);
    const total = Math.max(0, b.total - a.total);
    busySum += busy;
    totalSum += total;
    return total > 0 ? clampPercent((busy / total) * 100) : 0;
  });
  return { currentLoad: totalSum > 0 ? clampPercent((busySum / totalSum) * 100) : 0, cores };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function clampPercent(n: number): number {
  return round1(Math.min(100, Math.max(0, n)));
}
