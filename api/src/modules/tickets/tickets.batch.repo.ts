import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { contacts, tickets } from '../../db/schema';
import { db, list, queryRows } from '../../platform/db';

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
export type TicketTouched = { id: number; lastMessage: string | null; unreadMessages: number; updatedAt: Date };

/**
 * touchTicket for many tickets in one statement: each gets its preview, is bumped, and its unread count grows by
 * `unread`. Answers what changed, as stored (to patch DTOs read before).
 */
export async function touchTickets(companyId: number, touches: TicketTouch[]): Promise<TicketTouched[]> {
  if (!touches.length) return [];
  const rows = await queryRows<{ id: number; last_message: string | null; unread_messages: number; at: number }>(sql`
    update tickets t set last_message = v.last_message, last_message_at = now(), updated_at = now(),
      unread_messages = t.unread_messages + v.unread
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
