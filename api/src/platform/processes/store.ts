import { isReportLive, type ProcessReport } from '@zapdesk/core';
import Redis from 'ioredis';
import { clock } from '../clock';
import {
  unsafeCountProcessStart,
  unsafeLiveProcessReports,
  unsafePutProcessReport,
  unsafeRemoveProcessReport,
  unsafeSetRestartRequested,
  unsafeTakeRestartRequest,
} from './processes.repo';

/**
 * Where the processes report themselves (issue 22). Redis with REDIS_URL (keys with a TTL: N API + M workers on any
 * number of hosts see each other); the database with DATABASE_URL alone (API + workers on the jobs table); in memory
 * in embedded mode (one process). A report not renewed within its ttl is gone. Restart requests reach a process
 * through the store too: it takes them at its next report.
 */
export interface ProcessStore {
  readonly kind: 'redis' | 'database' | 'memory';
  put(report: ProcessReport): Promise<void>;
  remove(id: string): Promise<void>;
  /** live reports only */
  list(): Promise<ProcessReport[]>;
  /** counts a start of the process named `name`; answers how many times it started before (its restarts) */
  countStart(name: string): Promise<number>;
  requestRestart(id: string): Promise<void>;
  /** true once per request: the process then restarts */
  takeRestartRequest(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** how long a restart request waits for its process (it takes it at its next report) */
const RESTART_REQUEST_TTL_MS = 60_000;
/** a name not seen starting for this long begins again at 0 restarts */
const STARTS_TTL_S = 30 * 24 * 3600;

/** One process's store (embedded mode and tests); expiry on the shared clock. */
export class MemoryProcessStore implements ProcessStore {
  readonly kind = 'memory' as const;
  private readonly reports = new Map<string, ProcessReport>();
  private readonly starts = new Map<string, number>();
  private readonly restarts = new Map<string, number>();

  async put(report: ProcessReport): Promise<void> {
    this.reports.set(report.id, report);
  }
  async remove(id: string): Promise<void> {
    this.reports.delete(id);
  }
  async list(): Promise<ProcessReport[]> {
    const now = clock().now();
    for (const [id, r] of this.reports) if (!isReportLive(r, now)) this.reports.delete(id);
    return [...this.reports.values()];
  }
  async countStart(name: string): Promise<number> {
    const n = this.starts.get(name) ?? 0;
    this.starts.set(name, n + 1);
    return n;
  }
  async requestRestart(id: string): Promise<void> {
    this.restarts.set(id, clock().now() + RESTART_REQUEST_TTL_MS);
  }
  async takeRestartRequest(id: string): Promise<boolean> {
    const until = this.restarts.get(id);
    this.restarts.delete(id);
    return until !== undefined && until > clock().now();
  }
  async close(): Promise<void> {}
}

/**
 * Keys (under the deployment's REDIS_PREFIX): `<p>:proc:<id>` the report (PX = its ttl), `<p>:proc-starts:<name>`
 * the start counter, `<p>:proc-restart:<id>` a pending restart request. Listing uses SCAN (never KEYS).
 */
export class RedisProcessStore implements ProcessStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectionName: 'process-registry' });
    this.redis.on('error', () => {}); // a report that fails is retried at the next interval
  }

  private key(kind: 'proc' | 'proc-starts' | 'proc-restart', id: string): string {
    return `${this.prefix}:${kind}:${id}`;
  }

  async put(report: ProcessReport): Promise<void> {
    await this.redis.set(this.key('proc', report.id), JSON.stringify(report), 'PX', report.ttlMs);
  }
  async remove(id: string): Promise<void> {
    await this.redis.del(this.key('proc', id));
  }
  async list(): Promise<ProcessReport[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}:proc:*`, 'COUNT', 200);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (!keys.length) return [];
    const values = await this.redis.mget(...keys);
    const out: ProcessReport[] = [];
    for (const v of values) {
      if (!v) continue; // expired between SCAN and MGET
      try {
        out.push(JSON.parse(v) as ProcessReport);
      } catch {
        // a foreign or truncated value: not a process
      }
    }
    return out;
  }
  async countStart(name: string): Promise<number> {
    const key = this.key('proc-starts', name);
    const [[, n]] = (await this.redis.multi().incr(key).expire(key, STARTS_TTL_S).exec()) as [[unknown, number]];
    return Math.max(0, Number(n) - 1);
  }
  async requestRestart(id: string): Promise<void> {
    await this.redis.set(this.key('proc-restart', id), '1', 'PX', RESTART_REQUEST_TTL_MS);
  }
  async takeRestartRequest(id: string): Promise<boolean> {
    return (await this.redis.del(this.key('proc-restart', id))) === 1;
  }
  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** DATABASE_URL without Redis: the `system_processes` table of the platform's database */
export class DbProcessStore implements ProcessStore {
  readonly kind = 'database' as const;
  put(report: ProcessReport): Promise<void> {
    return unsafePutProcessReport(report);
  }
  remove(id: string): Promise<void> {
    return unsafeRemoveProcessReport(id);
  }
  list(): Promise<ProcessReport[]> {
    return unsafeLiveProcessReports();
  }
  countStart(name: string): Promise<number> {
    return unsafeCountProcessStart(name);
  }
  requestRestart(id: string): Promise<void> {
    return unsafeSetRestartRequested(id);
  }
  takeRestartRequest(id: string): Promise<boolean> {
    return unsafeTakeRestartRequest(id);
  }
  async close(): Promise<void> {}
}
