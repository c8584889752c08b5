import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { log } from '../log';
import { isUnavailableError, rootMessage } from '../unavailable';
import { normalizeOpts, toJsonData } from './job-opts';
import {
  type Backoff,
  type JobHandler,
  type JobInfo,
  type JobOpts,
  type JobSettled,
  type JobState,
  type Jobs,
  type JobsFilter,
  UnrecoverableJobError,
} from './types';

export type BullJobsOptions = {
  /** redis://… */
  url: string;
  /** Redis key prefix (tests use a random one so they never see each other's jobs); default 'zapdesk' */
  prefix?: string;
  /** BullMQ queue name; default 'jobs' */
  queueName?: string;
  /** finished jobs are deleted after these ages (ms) */
  retention?: { completedMs: number; failedMs: number };
};

/** What we store as BullMQ job data: the payload plus its company, so lists can be filtered per company. */
type Envelope = { companyId: number | null; payload: unknown };

const DAY = 24 * 60 * 60 * 1000;
/** a job that met an unreachable database runs again after this long, without spending an attempt */
export const UNAVAILABLE_RETRY_MS = Number(process.env.JOBS_UNAVAILABLE_RETRY_MS) || 2_000;

function toBackoff(b: JobOpts['backoff'] | number | { type: string; delay?: number } | undefined): Backoff | undefined {
  if (b === undefined || b === null) return undefined;
  if (typeof b === 'number') return { type: 'fixed', delay: b };
  return { type: b.type === 'exponential' ? 'exponential' : 'fixed', delay: b.delay ?? 0 };
}

function toState(s: string): JobState | null {
  switch (s) {
    case 'completed':
    case 'failed':
    case 'active':
    case 'delayed':
      return s;
    case 'unknown':
      return null;
    default:
      // waiting, wait, prioritized, paused, waiting-children: not running yet, nothing scheduled
      return 'waiting';
  }
}

function toJobInfo(job: Job, state: JobState): JobInfo {
  const env = (job.data ?? {}) as Partial<Envelope>;
  const backoff = toBackoff(job.opts.backoff as never);
  return {
    id: String(job.id),
    name: job.name,
    data: env.payload ?? null,
    companyId: env.companyId ?? null,
    timestamp: job.timestamp,
    processedOn: job.processedOn ?? null,
    finishedOn: job.finishedOn ?? null,
    failedReason: job.failedReason || null,
    attemptsMade: job.attemptsMade ?? 0,
    opts: {
      attempts: job.opts.attempts ?? 1,
      delay: job.opts.delay ?? 0,
      ...(backoff ? { backoff } : {}),
    },
    state,
  };
}

/**
 * Jobs on BullMQ (REDIS_URL): one Queue and, once startWorkers() is called, one Worker dispatching by job name.
 *
 * BullMQ has no per-company index, so we keep two sorted sets next to the queue (score = creation time): all
 * jobs, and the jobs of each company. They serve list() newest first and removeAll({companyId}); entries of jobs
 * BullMQ already deleted (retention) are pruned when met and trimmed by age on every add.
 */
export class BullJobs implements Jobs {
  private readonly conn: Redis;
  private readonly queue: Queue;
  private readonly url: string;
  private readonly prefix: string;
  private readonly queueName: string;
  private readonly retention: { completedMs: number; failedMs: number };
  private readonly handlers = new Map<string, { handler: JobHandler; concurrency: number }>();
  private readonly settledListeners = new Set<(e: JobSettled) => void>();
  private worker: Worker | undefined;
  private workerConn: Redis | undefined;
  private closed = false;

  constructor(opts: BullJobsOptions) {
    this.url = opts.url;
    this.prefix = opts.prefix ?? 'zapdesk';
    this.queueName = opts.queueName ?? 'jobs';
    this.retention = opts.retention ?? { completedMs: 7 * DAY, failedMs: 30 * DAY };
    this.conn = new Redis(this.url, { maxRetriesPerRequest: null });
    this.conn.on('error', (err) => log.error({ err }, 'jobs: redis connection error'));
    this.queue = new Queue(this.queueName, { connection: this.conn, prefix: this.prefix });
    this.queue.on('error', (err) => log.error({ err }, 'jobs: queue error'));
  }

  private indexKey(companyId?: number | null): string {
    const base = `${this.prefix}:${this.queueName}:zd:index`;
    return companyId === undefined || companyId === null ? base : `${base}:company:${companyId}`;
  }

  /** the jobs of one name (of a company, or of every company): an area lists its own jobs without walking others */
  private nameKey(companyId: number | null | undefined, name: string): string {
    return `${this.indexKey(companyId)}:name:${name}`;
  }

  async add(name: string, data: unknown, opts: JobOpts = {}): Promise<JobInfo> {
    const stored = normalizeOpts(opts);
    const companyId = opts.companyId ?? null;
    const envelope: Envelope = { companyId, payload: toJsonData(data) };
    const job = await this.queue.add(name, envelope, {
      jobId: opts.jobId,
      delay: stored.delay,
      attempts: stored.attempts,
      backoff: stored.backoff,
      removeOnComplete: { age: Math.ceil(this.retention.completedMs / 1000) },
      removeOnFail: { age: Math.ceil(this.retention.failedMs / 1000) },
    });
    const id = String(job.id);
    // a duplicate jobId is ignored by BullMQ, but the returned Job carries our new data: read the stored one
    const info =
      opts.jobId !== undefined ? await this.get(id) : toJobInfo(job, stored.delay > 0 ? 'delayed' : 'waiting');
    if (!info) throw new Error(`job ${id} vanished right after being added`);
    const horizon = info.timestamp - Math.max(this.retention.completedMs, this.retention.failedMs);
    const keys = [this.indexKey(), this.nameKey(null, name)];
    if (info.companyId !== null) keys.push(this.indexKey(info.companyId), this.nameKey(info.companyId, name));
    const m = this.conn.multi();
    for (const key of keys) {
      m.zadd(key, 'NX', info.timestamp, id);
      m.zremrangebyscore(key, '-inf', horizon);
    }
    await m.exec();
    return info;
  }

  async get(id: string): Promise<JobInfo | null> {
    // state first, then the job hash: the hash is then at least as new as the state, so a 'completed' job never
    // shows the attempts/timestamps of its still-running read
    const state = toState(await this.queue.getJobState(id));
    if (!state) return null;
    const job = await this.queue.getJob(id);
    return job ? toJobInfo(job, state) : null;
  }

  /** With `names`, the per-name indexes are read (never the company's other jobs), merged newest first. */
  async list(filter: JobsFilter & { limit?: number } = {}): Promise<JobInfo[]> {
    const limit = Math.max(0, filter.limit ?? 100);
    if (!filter.names) return this.listIndex(this.indexKey(filter.companyId), limit);
    const each = await Promise.all(
      [...new Set(filter.names)].map((n) => this.listIndex(this.nameKey(filter.companyId, n), limit)),
    );
    return each
      .flat()
      .sort((a, b) => b.timestamp - a.timestamp)
      .slice(0, limit);
  }

  /** newest first from one index; entries of jobs BullMQ already dropped are pruned on the way */
  private async listIndex(key: string, limit: number): Promise<JobInfo[]> {
    const out: JobInfo[] = [];
    let start = 0;
    while (out.length < limit) {
      const ids = await this.conn.zrevrange(key, start, start + limit - 1);
      if (ids.length === 0) break;
      start += ids.length;
      const infos = await Promise.all(ids.map((id) => this.get(id)));
      const gone = ids.filter((_, i) => infos[i] === null);
      if (gone.length) {
        await this.conn.zrem(key, ...gone);
        start -= gone.length;
      }
      for (const info of infos) if (info && out.length < limit) out.push(info);
    }
    return out;
  }

  /** A job being processed is locked by its worker and is not removed (false), as BullMQ does. */
  async remove(id: string): Promise<boolean> {
    const job = await this.queue.getJob(id);
    if (!job) return false;
    const removed = (await this.queue.remove(id)) === 1;
    if (removed) await this.unindex(id, job.name, (job.data as Partial<Envelope> | undefined)?.companyId ?? null);
    return removed;
  }

  async removeAll(filter: JobsFilter = {}): Promise<number> {
    const keys = filter.names
      ? [...new Set(filter.names)].map((n) => this.nameKey(filter.companyId, n))
      : [this.indexKey(filter.companyId)];
    const ids = [...new Set((await Promise.all(keys.map((k) => this.conn.zrange(k, 0, -1)))).flat())];
    let n = 0;
    for (let i = 0; i < ids.length; i += 100) {
      const results = await Promise.all(ids.slice(i, i + 100).map((id) => this.remove(id)));
      n += results.filter(Boolean).length;
    }
    return n;
  }

  async counts(): Promise<Record<JobState, number>> {
    const c = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed');
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      delayed: c.delayed ?? 0,
      active: c.active ?? 0,
      completed: c.completed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  onSettled(listener: (e: JobSettled) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private settled(job: Job, outcome: JobSettled['outcome']): void {
    const companyId = (job.data as Partial<Envelope> | undefined)?.companyId ?? null;
    for (const listener of this.settledListeners) {
      try {
        listener({ id: String(job.id), name: job.name, companyId, outcome });
      } catch (err) {
        log.error({ err, id: job.id }, 'jobs: a settled listener failed');
      }
    }
  }

  private async unindex(id: string, name: string, companyId: number | null): Promise<void> {
    const m = this.conn.multi().zrem(this.indexKey(), id).zrem(this.nameKey(null, name), id);
    if (companyId !== null) m.zrem(this.indexKey(companyId), id).zrem(this.nameKey(companyId, name), id);
    await m.exec();
  }

  /**
   * One Worker serves every job name, so BullMQ's concurrency is the worker's total: the sum of the names'
   * concurrency (a name is not capped individually here, unlike the embedded runner).
   */
  define(name: string, handler: JobHandler, opts: { concurrency?: number } = {}): void {
    this.handlers.set(name, { handler, concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)) });
    if (this.worker) this.worker.concurrency = this.totalConcurrency();
  }

  private totalConcurrency(): number {
    let n = 0;
    for (const h of this.handlers.values()) n += h.concurrency;
    return Math.max(1, n);
  }

  async startWorkers(): Promise<void> {
    if (this.worker || this.closed) return;
    // BullMQ requires maxRetriesPerRequest: null on worker connections (blocking commands)
    this.workerConn = new Redis(this.url, { maxRetriesPerRequest: null });
    this.workerConn.on('error', (err) => log.error({ err }, 'jobs: redis worker connection error'));
    this.worker = new Worker(
      this.queueName,
      async (job: Job, token?: string) => {
        const h = this.handlers.get(job.name);
        if (!h) throw new Error(`no handler for job "${job.name}"`);
        const env = (job.data ?? {}) as Partial<Envelope>;
        try {
          return await h.handler({
            id: String(job.id),
            name: job.name,
            data: env.payload,
            attemptsMade: job.attemptsMade,
            companyId: env.companyId ?? null,
          });
        } catch (e) {
          // BullMQ's own way to skip the remaining attempts
          if (e instanceof UnrecoverableJobError) throw new UnrecoverableError(e.message);
          // the database (or Redis) is unreachable: not the job's fault. It waits and runs again without spending
          // an attempt — a 30 s database outage would otherwise exhaust the attempts and drop it as failed
          if (!isUnavailableError(e) || !token) throw e;
          log.warn({ id: job.id, name: job.name, err: rootMessage(e) }, 'jobs: dependency unavailable, job delayed');
          await job.moveToDelayed(Date.now() + UNAVAILABLE_RETRY_MS, token);
          throw new DelayedError();
        }
      },
      { connection: this.workerConn, prefix: this.prefix, concurrency: this.totalConcurrency() },
    );
    this.worker.on('error', (err) => log.error({ err }, 'jobs: worker error'));
    // BullMQ emits these after moving the job (completed / failed / delayed for a retry)
    this.worker.on('completed', (job) => this.settled(job, 'completed'));
    this.worker.on('failed', (job, err) => {
      if (!job) return;
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
      if (final) log.warn({ id: job.id, name: job.name, reason: err.message }, 'jobs: job failed');
      this.settled(job, final ? 'failed' : 'retrying');
    });
    await this.worker.waitUntilReady();
  }

  /** Stops taking jobs and waits for the running ones (BullMQ's graceful close), then drops the connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker?.close();
    await this.queue.close();
    await Promise.all([this.conn.quit().catch(() => {}), this.workerConn?.quit().catch(() => {})]);
  }
}
