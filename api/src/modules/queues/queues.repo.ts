import { and, asc, eq } from 'drizzle-orm';
import { queues, userQueues } from '../../db/schema';
import { db } from '../../platform/db';
import { nameExists } from '../../platform/db/paging';
import { findInCompany, insertInCompany, updateInCompany } from '../../platform/db/records';

export type QueueRow = typeof queues.$inferSelect;
export type NewQueueRow = { name: string; color: string; greetingMessage?: string | null };

export async function listQueues(companyId: number): Promise<QueueRow[]> {
  return db.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.name), asc(queues.id));
}

export const findQueueInCompany = (companyId: number, id: number): Promise<QueueRow | undefined> =>
  findInCompany(queues, companyId, id);

/** A queue of the company already has this colour (case-insensitive). */
export const colorTaken = (companyId: number, color: string, exceptId?: number): Promise<boolean> =>
  nameExists(queues, { ...queues, name: queues.color }, companyId, color, exceptId);

export const nameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(queues, queues, companyId, name, exceptId);

export const insertQueue = (companyId: number, values: NewQueueRow): Promise<QueueRow> =>
  insertInCompany(queues, companyId, values);

export const updateQueue = (
  companyId: number,
  id: number,
  values: Partial<NewQueueRow>,
): Promise<QueueRow | undefined> => updateInCompany(queues, companyId, id, values);

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
