import { GroupCommit } from '@zapdesk/core';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { simulatorMessages, whatsapps } from '../../../db/schema';
import { columns, db, dbHandle, list, queryRows } from '../../db';

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

type NewSimMessage = Omit<typeof simulatorMessages.$inferInsert, 'companyId' | 'id'>;

/**
 * Idempotent on (connection, direction, wid): answers the stored row either way. Concurrent calls share one
 * multi-row INSERT (group commit, one per database): the fake network keeps up with the pipeline it feeds.
 */
export function recordSimMessage(companyId: number, row: NewSimMessage): Promise<SimMessageRow> {
  const d = dbHandle();
  let g = recorders.get(d);
  if (!g) {
    g = new GroupCommit(recordSimMessages, { maxBatch: 200, maxInFlight: 1 });
    recorders.set(d, g);
  }
  return g.add({ ...row, companyId });
}
const recorders = new WeakMap<object, GroupCommit<typeof simulatorMessages.$inferInsert, SimMessageRow>>();

async function recordSimMessages(rows: (typeof simulatorMessages.$inferInsert)[]): Promise<SimMessageRow[]> {
  const col = columns(rows);
  // one statement text for any batch size; only generated columns come back
  const inserted = await queryRows<{ id: number; whatsapp_id: number; direction: string; wid: string; at: number }>(sql`
    insert into simulator_messages (company_id, whatsapp_id, direction, wid, number, name, body, media_type, file_name,
      mime_type, from_me, ack, quoted_id, deleted, data_json)
    select * from unnest(${col((r) => r.companyId)}::int[], ${col((r) => r.whatsappId)}::int[],
      ${col((r) => r.direction)}::text[], ${col((r) => r.wid)}::text[], ${col((r) => r.number)}::text[],
      ${col((r) => r.name ?? null)}::text[], ${col((r) => r.body ?? '')}::text[],
      ${col((r) => r.mediaType ?? null)}::text[], ${col((r) => r.fileName ?? null)}::text[],
      ${col((r) => r.mimeType ?? null)}::text[], ${col((r) => String(r.fromMe ?? false))}::text[]::bool[],
      ${col((r) => r.ack ?? 0)}::int[], ${col((r) => r.quotedId ?? null)}::text[],
      ${col((r) => String(r.deleted ?? false))}::text[]::bool[],
      ${col((r) => (r.dataJson === undefined || r.dataJson === null ? null : JSON.stringify(r.dataJson)))}::jsonb[])
    on conflict do nothing
    returning id, whatsapp_id, direction, wid, (extract(epoch from created_at) * 1000)::float8 as at`);
  const key = (r: { whatsappId: number; direction: string; wid: string }) => `${r.whatsappId}:${r.direction}:${r.wid}`;
  const byKey = new Map(
    inserted.map((g) => [
      key({ whatsappId: Number(g.whatsapp_id), direction: g.direction, wid: g.wid }),
      { id: Number(g.id), at: Number(g.at) },
    ]),
  );
  const out: (SimMessageRow | undefined)[] = rows.map((row) => {
    const g = byKey.get(key(row));
    if (!g) return undefined;
    byKey.delete(key(row)); // a second input with the same id is a redelivery
    return {
      id: g.id,
      companyId: row.companyId,
      whatsappId: row.whatsappId,
      direction: row.direction,
      wid: row.wid,
      number: row.number,
      name: row.name ?? null,
      body: row.body ?? '',
      mediaType: row.mediaType ?? null,
      fileName: row.fileName ?? null,
      mimeType: row.mimeType ?? null,
      fromMe: row.fromMe ?? false,
      ack: row.ack ?? 0,
      quotedId: row.quotedId ?? null,
      deleted: row.deleted ?? false,
      dataJson: row.dataJson ?? null,
      createdAt: new Date(g.at),
    };
  });
  // rows already there (a redelivered id, or twice in this batch): one read for all of them
  const taken = rows.filter((_r, i) => !out[i]);
  if (!taken.length) return out as SimMessageRow[];
  const found = await db
    .select()
    .from(simulatorMessages)
    .where(
      and(
        sql`${simulatorMessages.whatsappId} = any(${list([...new Set(taken.map((r) => r.whatsappId))])}::int[])`,
        sql`${simulatorMessages.wid} = any(${list([...new Set(taken.map((r) => r.wid))])}::text[])`,
      ),
    );
  const existing = new Map(found.map((r) => [key(r), r]));
  return rows.map((row, i) => {
    const done = out[i];
    if (done) return done;
    const r = existing.get(key(row));
    // a connection belongs to one company: another company's row would be a bug, never an answer
    if (!r || r.companyId !== row.companyId) throw new Error('simulator message conflicted but no row found');
    return r;
  });
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
