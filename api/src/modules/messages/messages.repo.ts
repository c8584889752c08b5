import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema';
import { db } from '../../platform/db';
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
          set: { ...onConflictSet, updatedAt: new Date() },
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
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .returning();
  return r ?? null;
}

/** acks only move forward (a late "delivered" never undoes "read") */
export async function raiseAck(companyId: number, id: number, ack: number): Promise<MessageRow | null> {
  const [r] = await db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
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
        .select({
          id: contacts.id,
          name: contacts.name,
          number: contacts.number,
          email: contacts.email,
          profilePicUrl: contacts.profilePicUrl,
          isGroup: contacts.isGroup,
        })
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
