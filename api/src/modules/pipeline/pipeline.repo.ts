import { and, eq } from 'drizzle-orm';
import { messageRawLogs } from '../../db/schema';
import { db } from '../../platform/db';

export type RawLogRow = typeof messageRawLogs.$inferSelect;

export async function insertRawLog(
  companyId: number,
  values: Omit<typeof messageRawLogs.$inferInsert, 'id' | 'companyId'>,
): Promise<RawLogRow> {
  const [r] = await db
    .insert(messageRawLogs)
    .values({ ...values, companyId })
    .returning();
  return r;
}

export async function updateRawLog(
  companyId: number,
  id: number,
  patch: Partial<Pick<RawLogRow, 'status' | 'error' | 'ticketId' | 'timeSpent' | 'jsonValue' | 'type' | 'body'>>,
): Promise<RawLogRow | null> {
  const [r] = await db
    .update(messageRawLogs)
    .set(patch)
    .where(and(eq(messageRawLogs.companyId, companyId), eq(messageRawLogs.id, id)))
    .returning();
  return r ?? null;
}

/** jobs carry only the log id; the row tells the company */
export async function unsafeFindRawLog(id: number): Promise<RawLogRow | null> {
  const [r] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, id));
  return r ?? null;
}
