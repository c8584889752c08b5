import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { simulatorMessages, whatsapps } from '../../../db/schema';
import { db } from '../../db';

/** The simulator's own state: pairing (in the connection's `session` column) and its fake network's messages. */
const PAIRED = 'simulator:paired';

export type SimMessageRow = typeof simulatorMessages.$inferSelect;

export async function isPaired(companyId: number, whatsappId: number): Promise<boolean> {
  const [r] = await db
    .select({ session: whatsapps.session })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
  return r?.session === PAIRED;
}

export async function setPaired(companyId: number, whatsappId: number, paired: boolean): Promise<void> {
  await db
    .update(whatsapps)
    .set({ session: paired ? PAIRED : null })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
}

/** idempotent on (connection, direction, wid): answers the stored row either way */
export async function recordSimMessage(
  companyId: number,
  row: Omit<typeof simulatorMessages.$inferInsert, 'companyId' | 'id'>,
): Promise<SimMessageRow> {
  const [inserted] = await db
    .insert(simulatorMessages)
    .values({ ...row, companyId })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(simulatorMessages)
    .where(
      and(
        eq(simulatorMessages.companyId, companyId),
        eq(simulatorMessages.whatsappId, row.whatsappId),
        eq(simulatorMessages.direction, row.direction),
        eq(simulatorMessages.wid, row.wid),
      ),
    );
  return existing;
}

export async function listSimMessages(
  companyId: number,
  whatsappId: number,
  filter: { number?: string; direction?: 'in' | 'out'; from?: Date; to?: Date; limit?: number } = {},
): Promise<SimMessageRow[]> {
  const conds: SQL[] = [eq(simulatorMessages.companyId, companyId), eq(simulatorMessages.whatsappId, whatsappId)];
  if (filter.number) conds.push(eq(simulatorMessages.number, filter.number));
  if (filter.direction) conds.push(eq(simulatorMessages.direction, filter.direction));
  if (filter.from) conds.push(gte(simulatorMessages.createdAt, filter.from));
  if (filter.to) conds.push(lte(simulatorMessages.createdAt, filter.to));
  return db
    .select()
    .from(simulatorMessages)
    .where(and(...conds))
    .orderBy(asc(simulatorMessages.createdAt), asc(simulatorMessages.id))
    .limit(filter.limit ?? 500);
}

/** numbers that talked with the connection, newest conversation first */
export async function listSimChats(companyId: number, whatsappId: number) {
  return db
    .select({
      number: simulatorMessages.number,
      name: sql<string | null>`max(${simulatorMessages.name})`,
      lastAt: sql<string>`max(${simulatorMessages.createdAt})`,
      count: sql<number>`count(*)::int`,
    })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.companyId, companyId), eq(simulatorMessages.whatsappId, whatsappId)))
    .groupBy(simulatorMessages.number)
    .orderBy(desc(sql`max(${simulatorMessages.createdAt})`))
    .limit(200);
}

export async function findSimMessage(companyId: number, whatsappId: number, wid: string) {
  const [r] = await db
    .select()
    .from(simulatorMessages)
    .where(
      and(
        eq(simulatorMessages.companyId, companyId),
        eq(simulatorMessages.whatsappId, whatsappId),
        eq(simulatorMessages.wid, wid),
      ),
    )
    .orderBy(asc(simulatorMessages.id))
    .limit(1);
  return r;
}

export async function updateSimMessage(
  companyId: number,
  whatsappId: number,
  wid: string,
  set: Partial<Pick<SimMessageRow, 'ack' | 'deleted' | 'body' | 'dataJson'>>,
): Promise<number> {
  const rows = await db
    .update(simulatorMessages)
    .set(set)
    .where(
      and(
        eq(simulatorMessages.companyId, companyId),
        eq(simulatorMessages.whatsappId, whatsappId),
        eq(simulatorMessages.wid, wid),
      ),
    )
    .returning({ id: simulatorMessages.id });
  return rows.length;
}
