import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { contactRefColumns, contacts, messages } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { columns, db, list, queryRows } from '../../platform/db';
import type { ContactRowLike, MessageRow } from './messages.serialize';

export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'companyId'>;

/**
 * Insert idempotent on (company, connection, WhatsApp id): a redelivered message answers the stored row with
 * created=false. `onConflictSet` lets an outbound send complete the row an early phone echo created.
 */
export async function insertMessageIdempotent(
  companyId: number,
  values: NewMessage,
  onConflictSet?: Partial<NewMessage>,
): Promise<{ row: MessageRow; created: boolean }> {
  const q = db.insert(messages).values({ ...values, companyId });
  const cols = getTableColumns(messages);
  const [inserted] = await (onConflictSet
    ? q
        .onConflictDoUpdate({
          target: [messages.companyId, messages.whatsappId, messages.wid],
          set: { ...onConflictSet, updatedAt: nowDate() },
        })
        // xmax = 0 only for a freshly inserted row version
        .returning({ ...cols, isNew: sql<boolean>`(xmax = 0)` })
    : q.onConflictDoNothing().returning({ ...cols, isNew: sql<boolean>`true` }));
  if (inserted) {
    const { isNew, ...row } = inserted;
    return { row: row as MessageRow, created: isNew === true || (isNew as unknown) === 't' };
  }
  const existing = await findMessageByWid(companyId, values.whatsappId ?? null, values.wid);
  if (!existing) throw new Error('message insert conflicted but no row found');
  return { row: existing, created: false };
}

/**
 * Many inserts in one statement, idempotent like insertMessageIdempotent (inbound batch). Answers, per input in
 * order, the new row, or null when the (connection, WhatsApp id) was already stored — earlier, or by an earlier
 * input of the same batch.
 */
export async function insertMessagesIdempotent(
  companyId: number,
  values: NewMessage[],
): Promise<(MessageRow | null)[]> {
  if (!values.length) return [];
  const col = columns(values);
  const now = nowDate().getTime();
  const ms = (d: Date | undefined) => (d ? d.getTime() : now);
  // one statement text for any batch size; only the id comes back, the rows are the values + defaults
  const ids = await queryRows<{ id: number; whatsapp_id: number | null; wid: string }>(sql`
    insert into messages (company_id, wid, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, ack,
      media_type, media_url, quoted_msg_id, data_json, created_at, updated_at)
    select ${companyId}::int, v.wid, v.ticket_id, v.contact_id, v.whatsapp_id, v.user_id, v.body, v.from_me, v.read,
      v.ack, v.media_type, v.media_url, v.quoted_msg_id, v.data_json, to_timestamp(v.created_ms / 1000.0),
      to_timestamp(v.updated_ms / 1000.0)
    from unnest(${col((v) => v.wid)}::text[], ${col((v) => v.ticketId)}::int[],
      ${col((v) => v.contactId ?? null)}::int[], ${col((v) => v.whatsappId ?? null)}::int[],
      ${col((v) => v.userId ?? null)}::int[], ${col((v) => v.body ?? '')}::text[],
      ${col((v) => String(v.fromMe ?? false))}::text[]::bool[], ${col((v) => String(v.read ?? false))}::text[]::bool[],
      ${col((v) => v.ack ?? 0)}::int[], ${col((v) => v.mediaType ?? null)}::text[],
      ${col((v) => v.mediaUrl ?? null)}::text[], ${col((v) => v.quotedMsgId ?? null)}::int[],
      ${col((v) => (v.dataJson === undefined || v.dataJson === null ? null : JSON.stringify(v.dataJson)))}::jsonb[],
      ${col((v) => ms(v.createdAt))}::float8[], ${col((v) => ms(v.updatedAt))}::float8[])
      as v(wid, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, ack, media_type, media_url,
        quoted_msg_id, data_json, created_ms, updated_ms)
    on conflict do nothing
    returning id, whatsapp_id, wid`);
  const key = (w: number | null | undefined, wid: string) => `${w ?? ''}:${wid}`;
  const byKey = new Map(ids.map((r) => [key(r.whatsapp_id, r.wid), Number(r.id)]));
  return values.map((v) => {
    const k = key(v.whatsappId, v.wid);
    const id = byKey.get(k);
    if (id === undefined) return null;
    byKey.delete(k); // a second input with the same id is the duplicate
    return {
      id,
      companyId,
      wid: v.wid,
      ticketId: v.ticketId,
      contactId: v.contactId ?? null,
      whatsappId: v.whatsappId ?? null,
      userId: v.userId ?? null,
      body: v.body ?? '',
      fromMe: v.fromMe ?? false,
      read: v.read ?? false,
      ack: v.ack ?? 0,
      mediaType: v.mediaType ?? null,
      mediaUrl: v.mediaUrl ?? null,
      quotedMsgId: v.quotedMsgId ?? null,
      isDeleted: false,
      deletedByContact: false,
      isEdited: false,
      dataJson: v.dataJson ?? null,
      createdAt: new Date(ms(v.createdAt)),
      updatedAt: new Date(ms(v.updatedAt)),
    };
  });
}

/** stored messages by (connection, WhatsApp id), keyed `${whatsappId}:${wid}` */
export async function findMessagesByWids(
  companyId: number,
  keys: { whatsappId: number; wid: string }[],
): Promise<Map<string, MessageRow>> {
  const out = new Map<string, MessageRow>();
  if (!keys.length) return out;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        sql`${messages.whatsappId} = any(${list([...new Set(keys.map((k) => k.whatsappId))])}::int[])`,
        sql`${messages.wid} = any(${list([...new Set(keys.map((k) => k.wid))])}::text[])`,
      ),
    );
  for (const r of rows) out.set(`${r.whatsappId}:${r.wid}`, r);
  return out;
}

export async function findMessageByWid(
  companyId: number,
  whatsappId: number | null,
  wid: string,
): Promise<MessageRow | null> {
  const [r] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        whatsappId === null ? sql`${messages.whatsappId} is null` : eq(messages.whatsappId, whatsappId),
        eq(messages.wid, wid),
      ),
    )
    .limit(1);
  return r ?? null;
}

export async function findMessageInCompany(companyId: number, id: number): Promise<MessageRow | null> {
  const [r] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  return r ?? null;
}

export async function updateMessageRow(
  companyId: number,
  id: number,
  patch: Partial<
    Pick<MessageRow, 'ack' | 'body' | 'isDeleted' | 'deletedByContact' | 'isEdited' | 'dataJson' | 'read'>
  >,
): Promise<MessageRow | null> {
  const [r] = await db
    .update(messages)
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .returning();
  return r ?? null;
}

/** acks only move forward (a late "delivered" never undoes "read") */
export async function raiseAck(companyId: number, id: number, ack: number): Promise<MessageRow | null> {
  const [r] = await db
    .update(messages)
    .set({ ack, updatedAt: nowDate() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id), sql`${messages.ack} < ${ack}`))
    .returning();
  return r ?? null;
}

/** the sender contact and the quoted message of a row (for its DTO) */
export async function messageRelations(
  companyId: number,
  row: MessageRow,
): Promise<{ contact: ContactRowLike | null; quoted: MessageRow | null }> {
  const [contact] = row.contactId
    ? await db
        .select(contactRefColumns)
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, row.contactId)))
    : [];
  const quoted = row.quotedMsgId ? await findMessageInCompany(companyId, row.quotedMsgId) : null;
  return { contact: contact ?? null, quoted };
}

/** tickets that received messages from a history import on this connection */
export async function importedTicketIds(companyId: number, whatsappId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ ticketId: messages.ticketId })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.whatsappId, whatsappId),
        sql`${messages.dataJson}->>'imported' = 'true'`,
      ),
    );
  return rows.map((r) => r.ticketId);
}

/** The last `limit` messages of a ticket (not deleted), newest first: what an AI answer reads as the conversation. */
export function lastTicketMessages(
  companyId: number,
  ticketId: number,
  limit: number,
): Promise<{ id: number; body: string; fromMe: boolean; createdAt: Date }[]> {
  return db
    .select({ id: messages.id, body: messages.body, fromMe: messages.fromMe, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}
