import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { messageRawLogs, users } from '../../db/schema';
import { db } from '../../platform/db';

export type RawLogRow = typeof messageRawLogs.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Raw logs are a platform-level (master) view across companies, hence `unsafe`: the route is master-only.
 */
export async function unsafeListRawLogs(f: {
  searchParam: string;
  withError: boolean;
  offset: number;
  limit: number;
}): Promise<RawLogRow[]> {
  const conds: (SQL | undefined)[] = [];
  const s = f.searchParam.trim();
  if (s) {
    const like = `%${escapeLike(s)}%`;
    conds.push(
      or(
        ilike(messageRawLogs.body, like),
        ilike(messageRawLogs.remoteJid, like),
        ilike(messageRawLogs.messageId, like),
        ilike(messageRawLogs.type, like),
      ),
    );
  }
  if (f.withError) conds.push(or(eq(messageRawLogs.status, 'failed'), isNull(messageRawLogs.ticketId)));
  return db
    .select()
    .from(messageRawLogs)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(messageRawLogs.createdAt), desc(messageRawLogs.id))
    .limit(f.limit)
    .offset(f.offset);
}

export async function unsafeDeleteAllRawLogs(): Promise<number> {
  const rows = await db.delete(messageRawLogs).returning({ id: messageRawLogs.id });
  return rows.length;
}

/** master users (id, company) to address the master-only live channel */
export async function unsafeMasterUsers(): Promise<{ id: number; companyId: number }[]> {
  return db.select({ id: users.id, companyId: users.companyId }).from(users).where(sql`${users.master} = true`);
}
