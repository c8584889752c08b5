import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Jobs of the embedded runner (no REDIS_URL). Platform-level: companyId is informative (scheduled-actions
 * screen filters by it) and nullable for system jobs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    queue: text('queue').notNull(),
    name: text('name').notNull(),
    companyId: integer('company_id'),
    data: jsonb('data').notNull(),
    opts: jsonb('opts').notNull(),
    status: text('status').$type<'waiting' | 'delayed' | 'active' | 'completed' | 'failed'>().notNull(),
    attemptsMade: integer('attempts_made').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    processedOn: timestamp('processed_on', { withTimezone: true }),
    finishedOn: timestamp('finished_on', { withTimezone: true }),
    failedReason: text('failed_reason'),
    returnValue: jsonb('return_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.queue, t.status, t.runAt), index('jobs_company_idx').on(t.companyId)],
);
