import { DomainError, type TicketDto, type TicketStatus } from '@zapdesk/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { companyCounters, contacts, queues, tickets, users, whatsappQueues, whatsapps } from '../../db/schema';
import { type Db, db } from '../../platform/db';

/** A database or an open transaction: repo functions that take part in a locked unit of work accept one. */
export type Exec = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * The columns of one ticket as `TicketDto` needs them: contact, queue, user and connection by joins, tags by a JSON
 * aggregate in the same statement. Used by the single load and by the list, so a list page is ONE statement.
 */
export const ticketDtoColumns = {
  id: tickets.id,
  uuid: tickets.uuid,
  protocol: tickets.protocol,
  status: tickets.status,
  contactId: tickets.contactId,
  queueId: tickets.queueId,
  userId: tickets.userId,
  whatsappId: tickets.whatsappId,
  source: tickets.source,
  unreadMessages: tickets.unreadMessages,
  lastMessage: tickets.lastMessage,
  isGroup: tickets.isGroup,
  chatbot: tickets.chatbot,
  companyId: tickets.companyId,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
    profilePicUrl: contacts.profilePicUrl,
    isGroup: contacts.isGroup,
  },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  user: { id: users.id, name: users.name },
  whatsapp: { id: whatsapps.id, name: whatsapps.name, status: whatsapps.status },
  tags: sql<unknown>`coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name, tg.id) from ticket_tags tt join tags tg on tg.id = tt.tag_id where tt.ticket_id = ${tickets.id}), '[]'::json)`,
};

/** Joins every DTO query needs; the joined rows are checked against the ticket's company so no foreign row leaks. */
export function selectTicketDtos(exec: Exec = db) {
  return exec
    .select(ticketDtoColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));
}

export type TicketDtoRow = {
  id: number;
  uuid: string;
  protocol: string;
  status: TicketStatus;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  source: number;
  unreadMessages: number;
  lastMessage: string;
  isGroup: boolean;
  chatbot: boolean;
  companyId: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  contact: {
    id: number;
    name: string;
    number: string;
    email: string;
    profilePicUrl: string | null;
    isGroup: boolean;
  };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; status: string } | null;
  tags: unknown;
};

const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function parseTags(v: unknown): TicketDto['tags'] {
  const arr = typeof v === 'string' ? JSON.parse(v) : v;
  if (!Array.isArray(arr)) return [];
  return arr.map((t: { id: number | string; name: string; color: string }) => ({
    id: Number(t.id),
    name: t.name,
    color: t.color,
  }));
}

/** Row of `selectTicketDtos()` → the JSON contract shared with the web (core TicketDto). */
export function toTicketDto(row: TicketDtoRow): TicketDto {
  return {
    id: row.id,
    uuid: row.uuid,
    protocol: row.protocol,
    status: row.status,
    contactId: row.contactId,
    contact: {
      id: row.contact.id,
      name: row.contact.name,
      number: row.contact.number,
      email: row.contact.email,
      profilePicUrl: row.contact.profilePicUrl,
      isGroup: row.contact.isGroup,
    },
    queueId: row.queueId,
    queue: row.queue?.id != null ? row.queue : null,
    userId: row.userId,
    user: row.user?.id != null ? row.user : null,
    whatsappId: row.whatsappId,
    whatsapp: row.whatsapp?.id != null ? row.whatsapp : null,
    source: row.source,
    unreadMessages: row.unreadMessages,
    lastMessage: row.lastMessage,
    isGroup: row.isGroup,
    chatbot: row.chatbot,
    tags: parseTags(row.tags),
    companyId: row.companyId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function findTicketDto(companyId: number, ticketId: number, exec: Exec = db): Promise<TicketDto | null> {
  const rows = await selectTicketDtos(exec)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  return rows[0] ? toTicketDto(rows[0] as TicketDtoRow) : null;
}

/** Load-or-404: another company's ticket is indistinguishable from a missing one. */
export async function getTicketDtoInCompany(companyId: number, ticketId: number, exec: Exec = db): Promise<TicketDto> {
  const t = await findTicketDto(companyId, ticketId, exec);
  if (!t) throw new DomainError('ERR_NO_TICKET_FOUND');
  return t;
}

export type TicketRow = typeof tickets.$inferSelect;

export async function getTicketRowInCompany(companyId: number, ticketId: number, exec: Exec = db): Promise<TicketRow> {
  const [row] = await exec
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  if (!row) throw new DomainError('ERR_NO_TICKET_FOUND');
  return row;
}

/**
 * Serialises every creation/reopen path for one contact (inbound pipeline, POST /tickets, transfer, reopen), so the
 * "at most one unfinished ticket per contact and connection" check and the insert cannot interleave.
 */
export async function withContactLock<T>(
  companyId: number,
  contactId: number,
  fn: (tx: Exec) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, ${contactId}::int)`);
    return fn(tx as unknown as Exec);
  });
}

/** Unfinished (open or pending) tickets of a contact, newest first; optionally on one connection only. */
export async function findUnfinishedTickets(
  companyId: number,
  contactId: number,
  opts: { whatsappId?: number | null; excludeTicketId?: number } = {},
  exec: Exec = db,
): Promise<TicketRow[]> {
  const conds = [
    eq(tickets.companyId, companyId),
    eq(tickets.contactId, contactId),
    inArray(tickets.status, ['open', 'pending']),
  ];
  if (opts.whatsappId !== undefined) {
    conds.push(opts.whatsappId === null ? sql`${tickets.whatsappId} is null` : eq(tickets.whatsappId, opts.whatsappId));
  }
  if (opts.excludeTicketId !== undefined) conds.push(sql`${tickets.id} <> ${opts.excludeTicketId}`);
  return exec
    .select()
    .from(tickets)
    .where(and(...conds))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(20);
}

/** Next per-company protocol number: one atomic upsert, safe under concurrency. */
export async function nextProtocol(companyId: number, exec: Exec = db): Promise<string> {
  const [row] = await exec
    .insert(companyCounters)
    .values({ companyId, name: 'ticketProtocol', value: 1 })
    .onConflictDoUpdate({
      target: [companyCounters.companyId, companyCounters.name],
      set: { value: sql`${companyCounters.value} + 1` },
    })
    .returning({ value: companyCounters.value });
  return String(row.value);
}

export type NewTicket = {
  contactId: number;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  source: number;
  isGroup: boolean;
  unreadMessages?: number;
  lastMessage?: string;
};

export async function insertTicket(companyId: number, t: NewTicket, exec: Exec = db): Promise<number> {
  const protocol = await nextProtocol(companyId, exec);
  const now = new Date();
  const [row] = await exec
    .insert(tickets)
    .values({
      companyId,
      protocol,
      contactId: t.contactId,
      status: t.status,
      queueId: t.queueId,
      userId: t.userId,
      whatsappId: t.whatsappId,
      source: t.source,
      isGroup: t.isGroup,
      unreadMessages: t.unreadMessages ?? 0,
      lastMessage: t.lastMessage ?? '',
      acceptedAt: t.status === 'open' ? now : null,
      closedAt: t.status === 'closed' ? now : null,
    })
    .returning({ id: tickets.id });
  return row.id;
}

/** Queue ids attached to a connection (company-scoped). */
export async function connectionQueueIds(companyId: number, whatsappId: number, exec: Exec = db): Promise<number[]> {
  const rows = await exec
    .select({ queueId: whatsappQueues.queueId })
    .from(whatsappQueues)
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)));
  return rows.map((r) => r.queueId);
}

/** New message on a ticket: bumps it to the top of the lists in one UPDATE … RETURNING. */
export async function touchTicket(
  companyId: number,
  ticketId: number,
  input: { lastMessage: string; incrementUnread: boolean },
): Promise<number | null> {
  const [row] = await db
    .update(tickets)
    .set({
      lastMessage: input.lastMessage,
      lastMessageAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(input.incrementUnread ? { unreadMessages: sql`${tickets.unreadMessages} + 1` } : {}),
    })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning({ id: tickets.id });
  return row?.id ?? null;
}
