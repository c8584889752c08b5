/**
 * Jobs port. Embedded runner (jobs table, polling) without REDIS_URL; BullMQ with it.
 * The shape of JobInfo follows what the spec's scheduled-actions screen shows (spec 2 §3).
 */
export type Backoff = { type: 'fixed' | 'exponential'; delay: number };

export type JobOpts = {
  /** ms before the job becomes due */
  delay?: number;
  /** total attempts allowed (default 1) */
  attempts?: number;
  backoff?: Backoff;
  /** idempotency: adding a job whose id exists is a no-op returning the existing job */
  jobId?: string;
  /** owning company, for the per-company scheduled-actions list */
  companyId?: number | null;
};

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

export type JobInfo = {
  id: string;
  name: string;
  data: unknown;
  companyId: number | null;
  /** creation time, ms */
  timestamp: number;
  processedOn: number | null;
  finishedOn: number | null;
  failedReason: string | null;
  attemptsMade: number;
  opts: { attempts: number; delay: number; backoff?: Backoff };
  state: JobState;
};

export type JobHandler = (job: {
  id: string;
  name: string;
  data: any;
  attemptsMade: number;
  /** the company given to add() (null for system jobs) */
  companyId: number | null;
}) => Promise<unknown>;

export interface Jobs {
  add(name: string, data: unknown, opts?: JobOpts): Promise<JobInfo>;
  get(id: string): Promise<JobInfo | null>;
  /** newest first; filtered by company when given */
  list(filter?: { companyId?: number; limit?: number }): Promise<JobInfo[]>;
  remove(id: string): Promise<boolean>;
  removeAll(filter?: { companyId?: number }): Promise<number>;
  /** register the handler of a job name (before startWorkers) */
  define(name: string, handler: JobHandler, opts?: { concurrency?: number }): void;
  /** start consuming (API process in embedded mode, worker process with Redis) */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/** Thrown by a handler (or the typed-job layer on invalid data): the job fails now, its remaining attempts unused. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}
