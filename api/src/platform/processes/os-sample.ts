import * as fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type CoreTimes, type CpuUsage, cpuLoads, cpuPercent, type HostInfoDto } from '@zapdesk/core';

/**
 * OS numbers for the process monitor, read with Node's os/fs/perf_hooks APIs (checked under Bun 1.4.5:
 * statfsSync, os.cpus() times, process.cpuUsage, monitorEventLoopDelay). CPU loads are deltas between two samples,
 * so each sampler keeps its previous reading; the first sample measures from the sampler's creation.
 */
function coreTimes(): CoreTimes[] {
  return os.cpus().map((c) => ({ ...c.times }));
}

/** MemAvailable (what can be handed out without swapping) where /proc says it; os.freemem() elsewhere */
async function availableMemory(): Promise<number> {
  try {
    const m = /^MemAvailable:\s+(\d+) kB$/m.exec(await readFile('/proc/meminfo', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return os.freemem();
}

type StatFs = { blocks: number; bsize: number; bavail: number };
/** fs.statfsSync (Node ≥ 18.15, Bun): missing from the Node types this workspace pins */
const statfsSync = (fs as unknown as { statfsSync?: (path: string) => StatFs }).statfsSync;

function disk(path: string): HostInfoDto['disk'] {
  try {
    if (!statfsSync) throw new Error('no statfs');
    const s = statfsSync(path);
    return { path, total: s.blocks * s.bsize, available: s.bavail * s.bsize };
  } catch {
    return { path, total: 0, available: 0 };
  }
}

export class HostSampler {
  private prev = coreTimes();
  constructor(private readonly diskPath: string) {}

  async sample(reportedAt: string): Promise<HostInfoDto> {
    const cur = coreTimes();
    const loads = cpuLoads(this.prev, cur);
    this.prev = cur;
    const [a, b, c] = os.loadavg();
    return {
      host: os.hostname(),
      disk: disk(this.diskPath),
      memory: { total: os.totalmem(), free: await availableMemory() },
      cpu: { ...loads, loadAvg: [round2(a), round2(b), round2(c)] },
      reportedAt,
    };
  }
}

export type ProcessSample = { cpu: number; memory: number; eventLoopLagMs: number };

export class ProcessSampler {
  private prevUsage: CpuUsage = process.cpuUsage();
  private prevAt = performance.now();
  private readonly delay: ReturnType<typeof monitorEventLoopDelay> | undefined;

  constructor() {
    try {
      this.delay = monitorEventLoopDelay({ resolution: 20 });
      this.delay.enable();
    } catch {
      this.delay = undefined;
    }
  }

  sample(): ProcessSample {
    const usage = process.cpuUsage();
    const at = performance.now();
    const cpu = cpuPercent(this.prevUsage, usage, at - this.prevAt, os.cpus().length);
    this.prevUsage = usage;
    this.prevAt = at;
    // ns by which the 20 ms probe timer fired late, averaged over the interval
    const mean = this.delay && Number.isFinite(this.delay.mean) ? this.delay.mean / 1e6 : 0;
    this.delay?.reset();
    return { cpu, memory: process.memoryUsage().rss, eventLoopLagMs: round2(mean) };
  }

  stop(): void {
    this.delay?.disable();
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
