import { and, desc, eq, inArray, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/jobs';
import { type Clock, clock as liveClock } from '../clock';
import { type Db, db as liveDb } from '../db';
import type { StoredJobOpts } from './job-opts';

/**
 * Storage of the embedded job runner. Jobs are platform-level (companyId is informative and nullable), so every
 * function is scoped by the runner's `queue` instead of a companyId. All times come from the API's clock
 * (`platform/clock`), so a test clock decides what is due and whose lease expired; processes on several hosts agree
 * as far as their system clocks do (NTP: milliseconds, against leases of seconds).
 */
export type JobRow = typeof jobs.$inferSelect;

/** A time on the clock as a query parameter. */
const at = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * `id = any(array(subquery))`: the subquery is an InitPlan run exactly once. With `id in (subquery)` Postgres may
 * re-run a `LIMIT … FOR UPDATE SKIP LOCKED` subquery per outer row and claim more rows than the limit.
 */
const oneShot = (ids: SQLWrapper): SQL => sql`${jobs.id} = any(array(${ids}))`;

/** company and names of list()/removeAll() (an empty names list matches nothing) */
function byFilter(filter: { companyId?: number; names?: string[] }): (SQL | undefined)[] {
  return [
    filter.companyId === undefined ? undefined : eq(jobs.companyId, filter.companyId),
    filter.names === undefined ? undefined : filter.names.length ? inArray(jobs.name, filter.names) : sql`false`,
  ];
}

export function jobsRepo(queue: string, dbOf: () => Db = () => liveDb, clockOf: () => Clock = liveClock) {
  const inQueue = eq(jobs.queue, queue);
  /** `ms` from now on the clock (0: now) */
  const fromNow = (ms = 0): SQL => at(clockOf().now() + ms);
  const dueNow = () => and(inArray(jobs.status, ['waiting', 'delayed']), sql`${jobs.runAt} <= ${fromNow()}`);
  return {
    queue,

    /** Inserts the job; with a jobId that exists already, returns the stored job unchanged (idempotency). */
    async insert(input: {
      jobId?: string;
      name: string;
      companyId: number | null;
      data: unknown;
      opts: StoredJobOpts;
    }): Promise<JobRow> {
      const d = dbOf();
      const [row] = await d
        .insert(jobs)
        .values({
          id: input.jobId ?? sql`nextval('jobs_id_seq')::text`,
          queue,
          name: input.name,
          companyId: input.companyId,
          // JSON null, not SQL NULL (the column is NOT NULL)
          data: input.data === null || input.data === undefined ? sql`'null'::jsonb` : input.data,
          opts: input.opts,
          status: input.opts.delay > 0 ? 'delayed' : 'waiting',
          maxAttempts: input.opts.attempts,
          runAt: fromNow(input.opts.delay),
          createdAt: fromNow(),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      const existing = await this.get(input.jobId as string);
      if (!existing) throw new Error(`job ${input.jobId} conflicted but cannot be read`);
      return existing;
    },

    async get(id: string): Promise<JobRow | null> {
      const [row] = await dbOf()
        .select()
        .from(jobs)
        .where(and(inQueue, eq(jobs.id, id)));
      return row ?? null;
    },

    /** newest first */
    async list(filter: { companyId?: number; names?: string[]; limit: number; offset?: number }): Promise<JobRow[]> {
      return dbOf()
        .select()
        .from(jobs)
        .where(and(inQueue, ...byFilter(filter)))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(filter.limit)
        .offset(filter.offset ?? 0);
    },

    async remove(id: string): Promise<boolean> {
      const rows = await dbOf()
        .delete(jobs)
        .where(and(inQueue, eq(jobs.id, id)))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async removeAll(filter: { companyId?: number; names?: string[] }): Promise<number> {
      const rows = await dbOf()
        .delete(jobs)
        .where(and(inQueue, ...byFilter(filter)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    /** jobs of the queue by state (an index-only count on jobs_due_idx) */
    async countByStatus(): Promise<{ status: string; n: number }[]> {
      return dbOf()
        .select({ status: jobs.status, n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inQueue)
        .groupBy(jobs.status);
    },

    /** Which of these job names have something due now (one cheap indexed query per poll while idle). */
    async dueNames(names: string[]): Promise<string[]> {
      if (names.length === 0) return [];
      const rows = await dbOf()
        .selectDistinct({ name: jobs.name })
        .from(jobs)
        .where(and(inQueue, inArray(jobs.name, names), dueNow()));
      return rows.map((r) => r.name);
    },

    /**
     * Takes up to `limit` due jobs of `name` and leases them to `token` for `lockMs`. `FOR UPDATE SKIP LOCKED`
     * makes concurrent claimers (other processes) skip rows being claimed instead of waiting or double-taking.
     */
    async claim(name: string, limit: number, token: string, lockMs: number): Promise<JobRow[]> {
      const d = dbOf();
      const due = d
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inQueue, eq(jobs.name, name), dueNow()))
        .orderBy(jobs.runAt, jobs.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return d
        .update(jobs)
        .set({
          status: 'active',
          lockToken: token,
          lockedUntil: fromNow(lockMs),
          processedOn: fromNow(),
        })
        .where(and(inQueue, oneShot(due)))
        .returning();
    },

    /** Renews the lease while the handler runs; false when the lease was lost (job removed or retaken). */
    async extendLease(id: string, token: string, lockMs: number): Promise<boolean> {
      const rows = await dbOf()
        .update(jobs)
        .set({ lockedUntil: fromNow(lockMs) })
        .where(and(inQueue, eq(jobs.id, id), eq(jobs.lockToken, token), eq(jobs.status, 'active')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async complete(id: string, token: string, returnValue: unknown): Promise<boolean> {
      const rows = await dbOf()
        .update(jobs)
        .set({
          status: 'completed',
          attemptsMade: sql`${jobs.attemptsMade} + 1`,
          finishedOn: fromNow(),
          lockToken: null,
          lockedUntil: null,
          returnValue: returnValue === null || returnValue === undefined ? null : returnValue,
        })
        .where(and(inQueue, eq(jobs.id, id), eq(jobs.lockToken, token), eq(jobs.status, 'active')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** A failed attempt: back to the queue after `retryInMs`, or failed for good when `retryInMs` is null. */
    async fail(id: string, token: string, reason: string, retryInMs: number | null): Promise<boolean> {
      const retry = retryInMs !== null;
      const rows = await dbOf()
        .update(jobs)
        .set({
          status: retry ? (retryInMs > 0 ? 'delayed' : 'waiting') : 'failed',
          attemptsMade: sql`${jobs.attemptsMade} + 1`,
          failedReason: reason,
          runAt: retry ? fromNow(retryInMs) : undefined,
          finishedOn: retry ? null : fromNow(),
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(inQueue, eq(jobs.id, id), eq(jobs.lockToken, token), eq(jobs.status, 'active')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Jobs left 'active' by a process that died (lease expired) go back to waiting; a job that stalls more than
     * `maxStalledCount` times fails instead of crashing workers forever (BullMQ's rule and wording).
     */
    async reapStalled(maxStalledCount: number): Promise<{ id: string; status: string }[]> {
      const d = dbOf();
      const stalled = d
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inQueue, eq(jobs.status, 'active'), lt(jobs.lockedUntil, fromNow())))
        .for('update', { skipLocked: true });
      const giveUp = sql`${jobs.stalledCount} >= ${maxStalledCount}`;
      return d
        .update(jobs)
        .set({
          status: sql`case when ${giveUp} then 'failed' else 'waiting' end`,
          stalledCount: sql`${jobs.stalledCount} + 1`,
          attemptsMade: sql`case when ${giveUp} then ${jobs.attemptsMade} + 1 else ${jobs.attemptsMade} end`,
          failedReason: sql`case when ${giveUp} then 'job stalled more than allowable limit' else ${jobs.failedReason} end`,
          finishedOn: sql`case when ${giveUp} then ${fromNow()} else null end`,
          runAt: fromNow(),
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(inQueue, oneShot(stalled)))
        .returning({ id: jobs.id, status: jobs.status });
    },

    /** Retention: finished jobs older than these ages are deleted. */
    async prune(completedMs: number, failedMs: number): Promise<number> {
      const rows = await dbOf()
        .delete(jobs)
        .where(
          and(
            inQueue,
            or(
              and(eq(jobs.status, 'completed'), sql`${jobs.finishedOn} < ${fromNow(-completedMs)}`),
              and(eq(jobs.status, 'failed'), sql`${jobs.finishedOn} < ${fromNow(-failedMs)}`),
            ),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobsRepo = ReturnType<typeof jobsRepo>;
