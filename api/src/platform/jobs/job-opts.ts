import type { Backoff, JobOpts } from './types';

/** Options as stored with a job and shown on the scheduled-actions card. */
export type StoredJobOpts = { attempts: number; delay: number; backoff?: Backoff };

/**
 * Clamps the caller's options and checks the jobId. Custom ids may not look like integers (they would collide
 * with generated ids) nor contain ':' (Redis key separator) — BullMQ's rules, applied by both adapters so code
 * that works embedded also works with Redis.
 */
export function normalizeOpts(opts: JobOpts): StoredJobOpts {
  if (opts.jobId !== undefined) {
    if (opts.jobId === '' || `${Number.parseInt(opts.jobId, 10)}` === opts.jobId) {
      throw new Error('Custom Id cannot be integers');
    }
    if (opts.jobId.includes(':')) throw new Error('Custom Id cannot contain :');
  }
  const attempts = Math.max(1, Math.floor(opts.attempts ?? 1));
  const delay = Math.max(0, Math.floor(opts.delay ?? 0));
  const backoff = opts.backoff ? { type: opts.backoff.type, delay: Math.max(0, opts.backoff.delay) } : undefined;
  return backoff ? { attempts, delay, backoff } : { attempts, delay };
}

/**
 * Wait before the next attempt, after `attemptsMade` attempts (≥ 1) failed. Same formulas as BullMQ's built-in
 * strategies so both adapters retry on the same schedule: fixed = delay; exponential = 2^(attemptsMade-1) × delay.
 */
export function backoffDelay(backoff: Backoff | undefined, attemptsMade: number): number {
  if (!backoff) return 0;
  if (backoff.type === 'fixed') return Math.max(0, backoff.delay);
  return Math.max(0, Math.round(2 ** (Math.max(1, attemptsMade) - 1) * backoff.delay));
}

/** Job data is stored as JSON (as BullMQ does): Dates become strings; what JSON cannot hold is refused. */
export function toJsonData(v: unknown): unknown {
  if (v === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(v)) ?? null;
  } catch (e) {
    throw new Error(`job data must be JSON-serializable: ${e instanceof Error ? e.message : String(e)}`);
  }
}
