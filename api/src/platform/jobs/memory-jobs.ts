import type { JobHandler, JobInfo, JobOpts, Jobs } from './types';

/**
 * Minimal in-memory runner (not persisted). Used only by unit tests that need no persistence;
 * the embedded default is the database-backed runner.
 */
export class MemoryJobs implements Jobs {
  private jobs = new Map<string, JobInfo>();
  private handlers = new Map<string, JobHandler>();
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private running = false;
  private n = 0;

  async add(name: string, data: unknown, opts: JobOpts = {}): Promise<JobInfo> {
    const id = opts.jobId ?? `m${++this.n}`;
    const existing = this.jobs.get(id);
    if (existing) return existing;
    const delay = opts.delay ?? 0;
    const job: JobInfo = {
      id,
      name,
      data,
      companyId: opts.companyId ?? null,
      timestamp: Date.now(),
      processedOn: null,
      finishedOn: null,
      failedReason: null,
      attemptsMade: 0,
      opts: { attempts: opts.attempts ?? 1, delay, backoff: opts.backoff },
      state: delay > 0 ? 'delayed' : 'waiting',
    };
    this.jobs.set(id, job);
    if (this.running) this.schedule(job, delay);
    return job;
  }
  private schedule(job: JobInfo, delay: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.run(job);
    }, delay);
    this.timers.add(t);
  }
  private async run(job: JobInfo): Promise<void> {
    if (!this.jobs.has(job.id)) return;
    const h = this.handlers.get(job.name);
    if (!h) return;
    job.state = 'active';
    job.processedOn = Date.now();
    try {
      await h({ id: job.id, name: job.name, data: job.data, attemptsMade: job.attemptsMade });
      job.attemptsMade++;
      job.state = 'completed';
      job.finishedOn = Date.now();
    } catch (e) {
      job.attemptsMade++;
      job.failedReason = e instanceof Error ? e.message : String(e);
      if (job.attemptsMade < job.opts.attempts) {
        const b = job.opts.backoff;
        const wait = !b ? 0 : b.type === 'fixed' ? b.delay : b.delay * 2 ** (job.attemptsMade - 1);
        job.state = 'delayed';
        this.schedule(job, wait);
      } else {
        job.state = 'failed';
        job.finishedOn = Date.now();
      }
    }
  }
  async get(id: string) {
    return this.jobs.get(id) ?? null;
  }
  async list(filter: { companyId?: number; limit?: number } = {}) {
    return [...this.jobs.values()]
      .filter((j) => filter.companyId === undefined || j.companyId === filter.companyId)
      .sort((a, b) => b.timestamp - a.timestamp)
      .slice(0, filter.limit ?? 100);
  }
  async remove(id: string) {
    return this.jobs.delete(id);
  }
  async removeAll(filter: { companyId?: number } = {}) {
    let n = 0;
    for (const j of [...this.jobs.values()]) {
      if (filter.companyId === undefined || j.companyId === filter.companyId) {
        this.jobs.delete(j.id);
        n++;
      }
    }
    return n;
  }
  define(name: string, handler: JobHandler) {
    this.handlers.set(name, handler);
  }
  async startWorkers() {
    this.running = true;
    for (const j of this.jobs.values()) if (j.state === 'waiting' || j.state === 'delayed') this.schedule(j, 0);
  }
  async close() {
    this.running = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
