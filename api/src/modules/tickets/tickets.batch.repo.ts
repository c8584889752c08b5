import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { companyCounters, contacts, tickets, whatsappQueues } from '../../db/schema';
import { columns, db, list, queryRows } from '../../platform/db';

/**
 * Reads and writes of the inbound batch (pipeline.batch.ts): each one statement for the whole batch, with a text
 * that does not depend on the batch size (prepared once).
 */

/**
 * The unfinished (open/pending) tickets of the contacts known by these numbers or LIDs — read at the same time as
 * the contacts themselves, so a conversation's ticket costs no extra round trip. Newest first.
 */
export async function unfinishedTicketsOfContactKeys(
  companyId: number,
  numbers: string[],
  lids: string[],
): Promise<{ id: number; contactId: number; whatsappId: number | null }[]> {
  const keys = [...numbers, ...lids];
  if (!keys.length) return [];
  const match = [sql`${contacts.number} = any(${list(keys)}::text[])`];
  if (lids.length) match.push(sql`${contacts.lid} = any(${list(lids)}::text[])`);
  return db
    .select({ id: tickets.id, contactId: tickets.contactId, whatsappId: tickets.whatsappId })
    .from(tickets)
    .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, companyId)))
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ['open', 'pending']), or(...match)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id));
}

export type TicketTouch = { ticketId: number; lastMessage: string; unread: number };

/**
 * core instantsWhenCustomerWrites in SQL (an UPDATE of tickets `t` with the customer's message count `v.unread`): a
 * pending ticket nobody accepted, with no waiting start and no bot talking, waits from the customer's message.
 */
const CUSTOMER_WROTE_QUEUED_AT = sql.raw(`case when v.unread > 0 and t.status = 'pending' and not t.chatbot
  and t.queued_at is null and t.accepted_at is null then now() else t.queued_at end`);
export type TicketTouched = { id: number; lastMessage: string | null; unreadMessages: number; updatedAt: Date };

/**
 * touchTicket for many tickets in one statement: each gets its preview, is bumped, and its unread count grows by
 * `unread`. Answers what changed, as stored (to patch DTOs read before).
 */
export async function touchTickets(companyId: number, touches: TicketTouch[]): Promise<TicketTouched[]> {
  if (!touches.length) return [];
  const rows = await queryRows<{ id: number; last_message: string | null; unread_messages: number; at: number }>(sql`
    update tickets t set last_message = v.last_message, last_message_at = now(), updated_at = now(),
      unread_messages = t.unread_messages + v.unread,
      queued_at = ${CUSTOMER_WROTE_QUEUED_AT}
    from unnest(${list(touches.map((x) => x.ticketId))}::int[], ${list(touches.map((x) => x.lastMessage))}::text[],
      ${list(touches.map((x) => x.unread))}::int[]) as v(id, last_message, unread)
    where t.company_id = ${companyId} and t.id = v.id
    returning t.id, t.last_message, t.unread_messages, (extract(epoch from t.updated_at) * 1000)::float8 as at`);
  return rows.map((r) => ({
    id: Number(r.id),
    lastMessage: r.last_message,
    unreadMessages: Number(r.unread_messages),
    updatedAt: new Date(Number(r.at)),
  }));
}

/** `fromMe`: the company's message opens it (an outbound send, the phone): the wait starts when the customer writes. */
export type InboundConversation = { contactId: number; whatsappId: number; isGroup: boolean; fromMe?: boolean };

/**
 * The tickets of new inbound conversations, created together (findOrCreateTicketForInbound's rules, for a batch):
 * in one transaction holding every contact's lock (ascending ids, so concurrent batches cannot deadlock), each pair
 * that still has no unfinished ticket gets a pending one — routed to the connection's queue when it has exactly
 * one — with consecutive protocols from one counter update. Answers per pair key (`contactId:whatsappId`) the ticket
 * id and whether it was created here.
 */
export async function createInboundTickets(
  companyId: number,
  wanted: InboundConversation[],
): Promise<Map<string, { id: number; created: boolean }>> {
  const out = new Map<string, { id: number; created: boolean }>();
  if (!wanted.length) return out;
  const contactIds = [...new Set(wanted.map((w) => w.contactId))].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${companyId}::int, c) from unnest(${list(contactIds)}::int[]) as c`,
    );
    const open = await tx
      .select({ id: tickets.id, contactId: tickets.contactId, whatsappId: tickets.whatsappId })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, companyId),
          sql`${tickets.contactId} = any(${list(contactIds)}::int[])`,
          inArray(tickets.status, ['open', 'pending']),
        ),
      )
      .orderBy(desc(tickets.updatedAt), desc(tickets.id));
    for (const t of open) {
      const key = `${t.contactId}:${t.whatsappId}`;
      if (!out.has(key)) out.set(key, { id: t.id, created: false });
    }
    const missing = new Map<string, InboundConversation>();
    for (const w of wanted) {
      const key = `${w.contactId}:${w.whatsappId}`;
      if (!out.has(key) && !missing.has(key)) missing.set(key, w);
    }
    if (!missing.size) return out;
    const todo = [...missing.values()];
    const links = await tx
      .select({ whatsappId: whatsappQueues.whatsappId, queueId: whatsappQueues.queueId })
      .from(whatsappQueues)
      .where(
        and(
          eq(whatsappQueues.companyId, companyId),
          sql`${whatsappQueues.whatsappId} = any(${list([...new Set(todo.map((w) => w.whatsappId))])}::int[])`,
        ),
      );
    const queuesOf = new Map<number, number[]>();
    for (const l of links) queuesOf.set(l.whatsappId, [...(queuesOf.get(l.whatsappId) ?? []), l.queueId]);
    const [counter] = await tx
      .insert(companyCounters)
      .values({ companyId, name: 'ticketProtocol', value: todo.length })
      .onConflictDoUpdate({
        target: [companyCounters.companyId, companyCounters.name],
        set: { value: sql`${companyCounters.value} + ${todo.length}` },
      })
      .returning({ value: companyCounters.value });
    const first = Number(counter?.value) - todo.length + 1;
    const col = columns(todo);
    const created = await queryRows<{ id: number; contact_id: number; whatsapp_id: number }>(
      sql`
      insert into tickets (company_id, protocol, contact_id, status, queue_id, whatsapp_id, source, is_group, queued_at)
      select ${companyId}::int, v.protocol, v.contact_id, 'pending', v.queue_id, v.whatsapp_id, 0, v.is_group,
        case when v.from_me then null else now() end
      from unnest(${col((_w, i) => String(first + i))}::text[], ${col((w) => w.contactId)}::int[],
        ${col((w) => (queuesOf.get(w.whatsappId)?.length === 1 ? (queuesOf.get(w.whatsappId)?.[0] ?? null) : null))}::int[],
        ${col((w) => w.whatsappId)}::int[], ${col((w) => String(w.isGroup))}::text[]::bool[],
        ${col((w) => String(w.fromMe === true))}::text[]::bool[])
        as v(protocol, contact_id, queue_id, whatsapp_id, is_group, from_me)
      returning id, contact_id, whatsapp_id`,
      tx,
    );
    for (const r of created) out.set(`${r.contact_id}:${r.whatsapp_id}`, { id: Number(r.id), created: true });
    return out;
  });
}
