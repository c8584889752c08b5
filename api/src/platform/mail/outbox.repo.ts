import { desc, eq, ilike, or } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { db } from '../db';
import { escapeLike } from '../db/paging';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMail(row: typeof mailOutbox.$inferInsert): Promise<OutboxRow> {
  const [r] = await db.insert(mailOutbox).values(row).returning();
  return r as OutboxRow;
}

/**
 * The outbox, newest first; `search` matches the recipient or the subject. Platform-level (no company): only the
 * master's screen reads it. One row more than the page says whether more exist.
 */
export async function listOutboxMails(search: string, w: { limit: number; offset: number }): Promise<OutboxRow[]> {
  const like = `%${escapeLike(search)}%`;
  return db
    .select()
    .from(mailOutbox)
    .where(search ? or(ilike(mailOutbox.toAddress, like), ilike(mailOutbox.subject, like)) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(w.limit)
    .offset(w.offset);
}

export async function findOutboxMail(id: number): Promise<OutboxRow | undefined> {
  const [r] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return r;
}
