import { and, desc, eq, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
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

/** Forgets the secrets of the e-mails to `toAddress` (its owner logged in or changed the password). */
export async function forgetOutboxSecretsOf(toAddress: string): Promise<number> {
  const r = await db
    .update(mailOutbox)
    .set({ secret: null })
    .where(and(sql`lower(${mailOutbox.toAddress}) = ${toAddress.toLowerCase()}`, isNotNull(mailOutbox.secret)))
    .returning({ id: mailOutbox.id });
  return r.length;
}

/** Secrets of e-mails stored before `secretsBefore` are forgotten; e-mails stored before `mailsBefore` deleted. */
export async function expireOutbox(cut: { secretsBefore: Date; mailsBefore: Date }): Promise<void> {
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cut.mailsBefore));
  await db
    .update(mailOutbox)
    .set({ secret: null })
    .where(and(lt(mailOutbox.createdAt, cut.secretsBefore), isNotNull(mailOutbox.secret)));
}
