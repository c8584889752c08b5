import { and, asc, eq, sql } from 'drizzle-orm';
import { queues, userQueues } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { nameExists } from '../../platform/db/paging';

export type QueueRow = typeof queues.$inferSelect;
export type NewQueueRow = { name: string; color: string; greetingMessage?: string | null };

export async function listQueues(companyId: number): Promise<QueueRow[]> {
  return db.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.name), asc(queues.id));
}

export async function findQueueInCompany(companyId: number, id: number): Promise<QueueRow | undefined> {
  const [q] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .limit(1);
  return q;
}

export async function colorTaken(companyId: number, color: string, exceptId?: number): Promise<boolean> {
  const [r] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(
      and(
        eq(queues.companyId, companyId),
        sql`upper(${queues.color}) = upper(${color})`,
        exceptId ? sql`${queues.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!r;
}

export const nameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(queues, queues, companyId, name, exceptId);

export async function insertQueue(companyId: number, values: NewQueueRow): Promise<QueueRow> {
  const [q] = await db
    .insert(queues)
    .values({ ...values, companyId })
    .returning();
  return q;
}

export async function updateQueue(companyId: number, id: number, values: Partial<NewQueueRow>): Promise<QueueRow> {
  const [q] = await db
    .update(queues)
    .set({ ...values, updatedAt: nowDate() })
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .returning();
  return q;
}

/** Deletes the queue; returns the users who were in it (their queue list changes). Tickets keep no queue (FK). */
export async function deleteQueue(companyId: number, id: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: userQueues.userId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, id)));
    await tx.delete(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
    return members.map((m) => m.userId);
  });
}
