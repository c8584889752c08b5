import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type Clock, type ClockTimer, clock as liveClock } from '../clock';
import type { Db } from '../db';
import { log } from '../log';
import { backoffDelay, normalizeOpts, type StoredJobOpts, toJsonData } from './job-opts';
import { type JobRow, type JobsRepo, jobsRepo } from './jobs.repo';
import {
  type JobHandler,
  type JobInfo,
  type JobOpts,
  type JobSettled,
  type JobState,
  type Jobs,
  type JobsFilter,
  UnrecoverableJobError,
} from './types';

export type DbJobsOptions = {
  /** namespace inside the jobs table (tests use a random one); default 'zapdesk' */
  queue?: string;
  /** database to use; default the platform's live `db` */
  db?: () => Db;
  /** the clock deciding when jobs are due, backoff and leases; default the API's clock in use (platform/clock) */
  clock?: () => Clock;
  /** how often to look for due jobs written by other processes (adds in this process wake it at once) */
  pollMs?: number;
  /** lease of a running job; renewed every lockMs/2 while the handler runs */
  lockMs?: number;
  /** how often to look for jobs whose lease expired (their process died) */
  stalledCheckMs?: number;
  /** a job found stalled more than this many times fails (BullMQ's default is 1) */
  maxStalledCount?: number;
  /** close() waits this long for running handlers; past it their leases expire and another process retakes them */
  closeTimeoutMs?: number;
  /** finished jobs are deleted after these ages */
  retention?: { completedMs: number; failedMs: number };
};

const DAY = 24 * 60 * 60 * 1000;
/** short waits get an in-process timer so they run on time instead of at the next poll */
const PRECISE_WAKE_MAX_MS = 5_000;

function toJobInfo(row: JobRow): JobInfo {
  const opts = row.opts as StoredJobOpts;
  return {
    id: row.id,
    name: row.name,
    data: row.data,
    companyId: row.companyId,
    timestamp: row.createdAt.getTime(),
    processedOn: row.processedOn ? row.processedOn.getTime() : null,
    finishedOn: row.finishedOn ? row.finishedOn.getTime() : null,
    failedReason: row.failedReason,
    attemptsMade: row.attemptsMade,
    opts: opts.backoff
      ? { attempts: opts.attempts, delay: opts.delay, backoff: opts.backoff }
      : { attempts: opts.attempts, delay: opts.delay },
    state: row.status,
  };
}

/** A return value that JSON cannot hold is not worth failing a job that succeeded: it is recorded as null. */
function jsonOrNull(v: unknown): unknown {
  try {
    return toJsonData(v);
  } catch {
    return null;
  }
}

/**
 * Embedded job runner persisted in the `jobs` table: jobs survive restarts, several processes can consume the
 * same table (claims use FOR UPDATE SKIP LOCKED plus a renewed lease), and a job whose process died is retaken
 * once its lease expires.
 */
export class DbJobs implements Jobs {
  private readonly repo: JobsRepo;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly stalledCheckMs: number;
  private readonly maxStalledCount: number;
  private readonly closeTimeoutMs: number;
  private readonly retention: { completedMs: number; failedMs: number };

  private readonly handlers = new Map<string, { handler: JobHandler; concurrency: number }>();
  private readonly settledListeners = new Set<(e: JobSettled) => void>();
  private readonly running = new Map<string, number>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly clock: () => Clock;
  private readonly timers = new Set<ClockTimer>();
  /**
   * Polling is real time (it looks for work other processes wrote); what is due, backoff, leases and the precise
   * wake-ups of short delays are clock time. A test clock moved by a day is therefore seen at the next poll, without
   * polling through the day.
   */
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private closing = false;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private lastStalledCheck = 0;
  private lastPrune = 0;
  /**
   * The async context the runner was created in (boot). Polling and handlers run in it, not in the context of the
   * request that happened to call add(): request-scoped stores (statement counter, request ids) must not leak into
   * background work nor count its queries.
   */
  private readonly root = new AsyncResource('DbJobs');

  constructor(opts: DbJobsOptions = {}) {
    this.clock = opts.clock ?? liveClock;
    this.repo = jobsRepo(opts.queue ?? 'zapdesk', opts.db, this.clock);
    this.pollMs = opts.pollMs ?? 250;
    this.lockMs = opts.lockMs ?? 30_000;
    this.stalledCheckMs = opts.stalledCheckMs ?? Math.min(5_000, this.lockMs);
    this.maxStalledCount = opts.maxStalledCount ?? 1;
    this.closeTimeoutMs = opts.closeTimeoutMs ?? 30_000;
    this.retention = opts.retention ?? { completedMs: 7 * DAY, failedMs: 30 * DAY };
  }

  async add(name: string, data: unknown, opts: JobOpts = {}): Promise<JobInfo> {
    const stored = normalizeOpts(opts);
    const row = await this.repo.insert({
      jobId: opts.jobId,
      name,
      companyId: opts.companyId ?? null,
      data: toJsonData(data),
      opts: stored,
    });
    this.wake(stored.delay);
    return toJobInfo(row);
  }

  async get(id: string): Promise<JobInfo | null> {
    const row = await this.repo.get(id);
    return row ? toJobInfo(row) : null;
  }

  async list(filter: JobsFilter & { limit?: number } = {}): Promise<JobInfo[]> {
    const rows = await this.repo.list({ companyId: filter.companyId, names: filter.names, limit: filter.limit ?? 100 });
    return rows.map(toJobInfo);
  }

  /** A running job is removed too: its handler finishes but its result is not recorded. */
  remove(id: string): Promise<boolean> {
    return this.repo.remove(id);
  }

  removeAll(filter: JobsFilter = {}): Promise<number> {
    return this.repo.removeAll(filter);
  }

  async counts(): Promise<Record<JobState, number>> {
    const out: Record<JobState, number> = { waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 };
    for (const r of await this.repo.countByStatus()) out[r.status as JobState] = Number(r.n);
    return out;
  }

  onSettled(listener: (e: JobSettled) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private settled(row: JobRow, outcome: JobSettled['outcome']): void {
    for (const listener of this.settledListeners) {
      try {
        listener({ id: row.id, name: row.name, companyId: row.companyId, outcome });
      } catch (err) {
        log.error({ err, id: row.id }, 'jobs: a settled listener failed');
      }
    }
  }

  define(name: string, handler: JobHandler, opts: { concurrency?: number } = {}): void {
    this.handlers.set(name, { handler, concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)) });
    this.wake();
  }

  async startWorkers(): Promise<void> {
    if (this.started || this.closing) return;
    this.started = true;
    this.wake();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.started = false;
    clearTimeout(this.pollTimer);
    for (const t of this.timers) t.cancel();
    this.timers.clear();
    // a tick in progress may still claim jobs: let it finish so they are in `inflight` before waiting on them
    await this.ticking;
    if (this.inflight.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((r) => {
      timer = setTimeout(() => r('timeout'), this.closeTimeoutMs);
    });
    const outcome = await Promise.race([Promise.allSettled([...this.inflight]), timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      log.warn({ running: this.inflight.size }, 'jobs: closed with handlers still running; their leases will expire');
    }
  }

  /** Look for work now (delayMs = 0) or shortly after a short delay. */
  private wake(delayMs = 0): void {
    if (!this.started || this.closing) return;
    this.root.runInAsyncScope(() => this.wakeInRoot(delayMs));
  }

  private wakeInRoot(delayMs: number): void {
    if (delayMs > 0) {
      if (delayMs > PRECISE_WAKE_MAX_MS) return;
      // + a few ms: dueness is decided in the database at ms precision; rounding must not make us arrive early
      const t = this.clock().setTimeout(() => {
        this.timers.delete(t);
        this.wake();
      }, delayMs + 5);
      this.timers.add(t);
      return;
    }
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = this.tick().finally(() => {
      this.ticking = undefined;
      if (!this.started || this.closing) return;
      if (this.tickAgain) {
        this.tickAgain = false;
        this.wake();
      } else {
        clearTimeout(this.pollTimer);
        this.pollTimer = setTimeout(() => this.wake(), this.pollMs);
      }
    });
  }

  private async tick(): Promise<void> {
    clearTimeout(this.pollTimer);
    try {
      const now = this.clock().now();
      if (now - this.lastStalledCheck >= this.stalledCheckMs) {
        this.lastStalledCheck = now;
        const reaped = await this.repo.reapStalled(this.maxStalledCount);
        if (reaped.length) log.warn({ jobs: reaped }, 'jobs: retook jobs whose lease expired');
      }
      if (now - this.lastPrune >= 10 * 60_000) {
        this.lastPrune = now;
        await this.repo.prune(this.retention.completedMs, this.retention.failedMs);
      }
      const free = [...this.handlers].filter(([name, h]) => (this.running.get(name) ?? 0) < h.concurrency);
      if (free.length === 0) return;
      const due = await this.repo.dueNames(free.map(([name]) => name));
      for (const name of due) {
        if (this.closing) return;
        const h = this.handlers.get(name);
        if (!h) continue;
        const slots = h.concurrency - (this.running.get(name) ?? 0);
        if (slots <= 0) continue;
        const rows = await this.repo.claim(name, slots, randomUUID(), this.lockMs);
        for (const row of rows) this.start(row, h.handler);
      }
    } catch (err) {
      log.error({ err }, 'jobs: poll failed');
    }
  }

  private start(row: JobRow, handler: JobHandler): void {
    this.running.set(row.name, (this.running.get(row.name) ?? 0) + 1);
    const p = this.execute(row, handler).finally(() => {
      this.running.set(row.name, (this.running.get(row.name) ?? 1) - 1);
      this.inflight.delete(p);
      this.wake();
    });
    this.inflight.add(p);
  }

  private async execute(row: JobRow, handler: JobHandler): Promise<void> {
    const token = row.lockToken as string;
    let heartbeat: ClockTimer | undefined;
    const renewLater = () => {
      heartbeat = this.clock().setTimeout(() => {
        renewLater();
        this.repo
          .extendLease(row.id, token, this.lockMs)
          .then((kept) => {
            if (!kept) log.warn({ id: row.id, name: row.name }, 'jobs: lease lost while running (removed or retaken)');
          })
          .catch((err) => log.error({ err, id: row.id }, 'jobs: lease renewal failed'));
      }, this.lockMs / 2);
    };
    renewLater();
    let result: unknown;
    let error: unknown;
    let failed = false;
    try {
      result = await handler({
        id: row.id,
        name: row.name,
        data: row.data,
        attemptsMade: row.attemptsMade,
        companyId: row.companyId,
      });
    } catch (e) {
      failed = true;
      error = e;
    } finally {
      heartbeat?.cancel();
    }
    try {
      if (!failed) {
        // not recorded (removed meanwhile, lease lost): nothing to hear
        if (await this.repo.complete(row.id, token, jsonOrNull(result))) this.settled(row, 'completed');
        return;
      }
      const opts = row.opts as StoredJobOpts;
      const attemptsMade = row.attemptsMade + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const retryable = attemptsMade < row.maxAttempts && !(error instanceof UnrecoverableJobError);
      const retryIn = retryable ? backoffDelay(opts.backoff, attemptsMade) : null;
      if (await this.repo.fail(row.id, token, reason, retryIn))
        this.settled(row, retryIn === null ? 'failed' : 'retrying');
      if (retryIn === null) log.warn({ id: row.id, name: row.name, reason }, 'jobs: job failed');
      else this.wake(retryIn);
    } catch (err) {
      // the lease expires and the job is retaken: at-least-once, like BullMQ
      log.error({ err, id: row.id }, 'jobs: could not record the outcome of a job');
    }
  }
}
