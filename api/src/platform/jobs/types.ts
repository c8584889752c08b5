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

/**
 * Which jobs list() and removeAll() touch: a company's (when given) and only these job names (when given; an area's
 * own jobs, e.g. the scheduled actions, never another area's).
 */
export type JobsFilter = { companyId?: number; names?: string[] };

/** A job attempt's outcome, heard after it is recorded (get() then answers the new state). */
export type JobSettled = {
  id: string;
  name: string;
  companyId: number | null;
  /** completed; failed for good; or failed with attempts left (retried after its backoff) */
  outcome: 'completed' | 'failed' | 'retrying';
};

export interface Jobs {
  add(name: string, data: unknown, opts?: JobOpts): Promise<JobInfo>;
  get(id: string): Promise<JobInfo | null>;
  /** newest first; filtered by company and names when given */
  list(filter?: JobsFilter & { limit?: number }): Promise<JobInfo[]>;
  remove(id: string): Promise<boolean>;
  removeAll(filter?: JobsFilter): Promise<number>;
  /** how many jobs of the queue are in each state (the /metrics gauge); optional for test doubles */
  counts?(): Promise<Record<JobState, number>>;
  /**
   * Calls `listener` after each attempt this process ran is recorded (live updates of job lists). Only attempts run
   * by this instance's workers are heard; a listener's error is logged, never fails the job.
   */
  onSettled(listener: (e: JobSettled) => void): () => void;
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
