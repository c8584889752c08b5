import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The process registry with DATABASE_URL and no Redis (issue 22; Redis keys otherwise, memory in embedded mode).
 * Platform-level, no company. A row is live until `expires_at` (the database's clock: hosts need not agree).
 */
export const systemProcesses = pgTable(
  'system_processes',
  {
    /** `<host>:<pid>` */
    id: text('id').primaryKey(),
    /** core ProcessReport */
    report: jsonb('report').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    restartRequested: boolean('restart_requested').notNull().default(false),
  },
  (t) => [index('system_processes_expires_idx').on(t.expiresAt)],
);

/** how many times each process name started (its restarts = starts − 1) */
export const systemProcessStarts = pgTable('system_process_starts', {
  name: text('name').primaryKey(),
  starts: integer('starts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
