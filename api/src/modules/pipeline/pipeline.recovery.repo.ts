import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { messageRawLogs } from '../../db/schema';
import { db } from '../../platform/db';

/**
 * Raw logs still 'received' (nothing processed them) written more than `olderThanMs` ago, oldest first — across
 * companies by nature (the recovery sweep serves the whole platform). Served by the partial index on the
 * unprocessed logs, so the sweep costs nothing when everything was processed.
 */
export async function unsafeFindStaleReceivedRawLogs(
  olderThanMs: number,
  limit: number,
): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: messageRawLogs.id, companyId: messageRawLogs.companyId })
    .from(messageRawLogs)
    .where(
      and(
        eq(messageRawLogs.status, 'received'),
        lt(messageRawLogs.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(messageRawLogs.id))
    .limit(limit);
}
