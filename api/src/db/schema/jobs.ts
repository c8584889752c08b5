import { index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Ids of jobs added without a jobId (short, increasing, like BullMQ's). */
export const jobsIdSeq = pgSequence('jobs_id_seq');

/**
 * Jobs of the embedded runner (no REDIS_URL). Platform-level: companyId is informative (scheduled-actions
 * screen filters by it) and nullable for system jobs. `queue` namespaces runners sharing one database
 * (tests use a random one), so the key is (queue, id).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').notNull(),
    queue: text('queue').notNull(),
    name: text('name').notNull(),
    companyId: integer('company_id'),
    data: jsonb('data').notNull(),
    /** { attempts, delay, backoff? } as given to add() */
    opts: jsonb('opts').notNull(),
    status: text('status').$type<'waiting' | 'delayed' | 'active' | 'completed' | 'failed'>().notNull(),
    attemptsMade: integer('attempts_made').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    /** times the job was found 'active' with an expired lease (its process died) */
    stalledCount: integer('stalled_count').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** lease of the process running it; renewed while the handler runs */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockToken: text('lock_token'),
    processedOn: timestamp('processed_on', { withTimezone: true }),
    finishedOn: timestamp('finished_on', { withTimezone: true }),
    failedReason: text('failed_reason'),
    returnValue: jsonb('return_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.queue, t.id] }),
    index('jobs_due_idx').on(t.queue, t.status, t.runAt),
    index('jobs_list_idx').on(t.queue, t.createdAt),
    index('jobs_company_idx').on(t.queue, t.companyId, t.createdAt),
  ],
);
