import {
  type ContactRef,
  DomainError,
  instantsOfCreation,
  type ListScope,
  type TicketDto,
  type TicketInstants,
  type TicketListFilter,
  type TicketStatus,
} from '@zapdesk/core';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { companyCounters, contactRefColumns, contacts, queues, tickets, users, whatsapps } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { type Db, db, list } from '../../platform/db';
import { likeContains } from '../../platform/db/paging';
import { textMatches, ticketIdsWithWords } from '../../platform/db/text-search';

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
  contact: contactRefColumns,
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
  contact: ContactRef;
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
  // prepared (named statement, plan cached per connection): planning the joins costs more than running them
  const rows = await selectTicketDtos(exec)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1)
    .prepare('ticket_dto')
    .execute();
  return rows[0] ? toTicketDto(rows[0] as TicketDtoRow) : null;
}

/** Load-or-404: another company's ticket is indistinguishable from a missing one. */
export async function getTicketDtoInCompany(companyId: number, ticketId: number, exec: Exec = db): Promise<TicketDto> {
  const t = await findTicketDto(companyId, ticketId, exec);
  if (!t) throw new DomainError('ERR_NO_TICKET_FOUND');
  return t;
}

/** The id of the company's ticket with this uuid, or null (another company's uuid is not found). */
export async function ticketIdByUuid(companyId: number, uuid: string): Promise<number | null> {
  const [r] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)))
    .limit(1);
  return r?.id ?? null;
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

/** The newest unfinished (open or pending) ticket of a contact on a connection, as a DTO, in one statement. */
export async function findUnfinishedTicketDto(
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketDto | null> {
  const rows = await selectTicketDtos()
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.whatsappId, whatsappId),
        inArray(tickets.status, ['open', 'pending']),
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  return rows[0] ? toTicketDto(rows[0] as TicketDtoRow) : null;
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
  // an attendant's new ticket (source 1) is the company's: the customer has not written yet
  const instants = instantsOfCreation(t, nowDate(), { byCompany: t.source === 1 });
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
      ...instants,
    })
    .returning({ id: tickets.id });
  return row.id;
}

/** A conversation that already happened (the demo's history): its state and instants as they were. */
export type PastTicket = NewTicket & { createdAt: Date; instants: TicketInstants; lastMessage: string };

export async function insertPastTicket(companyId: number, t: PastTicket, exec: Exec = db): Promise<number> {
  const protocol = await nextProtocol(companyId, exec);
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
      lastMessage: t.lastMessage,
      lastMessageAt: t.instants.closedAt ?? t.createdAt,
      createdAt: t.createdAt,
      updatedAt: t.instants.closedAt ?? t.createdAt,
      ...t.instants,
    })
    .returning({ id: tickets.id });
  return row.id;
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
      ...(input.incrementUnread
        ? {
            unreadMessages: sql`${tickets.unreadMessages} + 1`,
            // core instantsWhenCustomerWrites: a conversation the company opened waits from the customer's message
            queuedAt: sql`case when ${tickets.status} = 'pending' and not ${tickets.chatbot} and ${tickets.queuedAt} is null
              and ${tickets.acceptedAt} is null then now() else ${tickets.queuedAt} end`,
          }
        : {}),
    })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning({ id: tickets.id });
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// list

/** One OR-branch of what a user may see in a list: a status, optionally one assignee, and a queue filter. */
const statusList = (s: TicketStatus[]) =>
  sql.join(
    s.map((x) => sql`${x}`),
    sql`, `,
  );

function scopeCondition(s: ListScope): SQL {
  const parts: SQL[] = [sql`${tickets.status} in (${statusList(s.statuses)})`];
  if (s.assignedTo !== undefined) parts.push(sql`${tickets.userId} = ${s.assignedTo}`);
  const q = s.queues;
  if (q.ids === null) {
    if (!q.includeNull) parts.push(sql`${tickets.queueId} is not null`);
  } else if (q.includeNull) {
    parts.push(sql`(${tickets.queueId} = any(${list(q.ids)}::int[]) or ${tickets.queueId} is null)`);
  } else {
    parts.push(sql`${tickets.queueId} = any(${list(q.ids)}::int[])`);
  }
  return sql.join(parts, sql` and `);
}

/** WHERE of the list but the search; every branch is company-scoped and uses indexed columns or indexed subqueries. */
export function ticketListWhere(companyId: number, f: TicketListFilter): SQL {
  const conds: SQL[] = [sql`${tickets.companyId} = ${companyId}`];
  if (f.scopes.length === 0) conds.push(sql`false`);
  else
    conds.push(
      sql`(${sql.join(
        f.scopes.map((s) => sql`(${scopeCondition(s)})`),
        sql` or `,
      )})`,
    );
  if (f.unreadOnly) conds.push(sql`${tickets.unreadMessages} > 0`);
  if (f.contactId !== undefined) conds.push(sql`${tickets.contactId} = ${f.contactId}`);
  if (f.userId !== undefined) conds.push(sql`${tickets.userId} = ${f.userId}`);
  if (f.createdFrom) conds.push(sql`${tickets.createdAt} >= ${f.createdFrom.toISOString()}`);
  if (f.createdTo) conds.push(sql`${tickets.createdAt} <= ${f.createdTo.toISOString()}`);
  if (f.tagIds?.length) {
    // (company, tag, ticket) index-only, hashed against the list's index-only ticket ids
    conds.push(
      sql`${tickets.id} in (select tt.ticket_id from ticket_tags tt where tt.company_id = ${companyId} and tt.tag_id = any(${list(f.tagIds)}::int[]))`,
    );
  }
  if (f.categoryIds?.length) {
    conds.push(
      sql`${tickets.contactId} in (select cc.contact_id from contact_categories cc where cc.company_id = ${companyId} and cc.category_id = any(${list(f.categoryIds)}::int[]))`,
    );
  }
  return sql.join(conds, sql` and `);
}

/**
 * The search's alternatives, each a condition on `tickets` served by its own index: protocol (unique index),
 * contact name / number (contacts_name_fts_idx, contacts number btree), message words (ticket_search_terms).
 * Each becomes one branch of a UNION: an OR of them would make PostgreSQL scan every ticket of the company.
 */
function searchAlternatives(companyId: number, s: NonNullable<TicketListFilter['search']>): SQL[] {
  const alts: SQL[] = [sql`${tickets.protocol} = ${s.text}`];
  const contactAlts: SQL[] = [];
  // contacts_name_fts_idx: same expression, same configuration
  if (s.words.length) contactAlts.push(textMatches(sql`c2.name`, s.words));
  if (s.numberPrefix) {
    // prefix as a range, so the (company_id, number) btree serves it under any collation
    const p = s.numberPrefix;
    const upper = p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);
    contactAlts.push(sql`(c2.number >= ${p} and c2.number < ${upper})`);
  }
  if (contactAlts.length) {
    // any(array(…)): the contacts are found first, then their tickets by (company_id, contact_id)
    alts.push(
      sql`${tickets.contactId} = any(array(select c2.id from contacts c2 where c2.company_id = ${companyId} and (${sql.join(contactAlts, sql` or `)})))`,
    );
  }
  if (s.words.length) alts.push(sql`${tickets.id} = any(array(${ticketIdsWithWords(companyId, s.words)}))`);
  return alts;
}

/** Counts are exact up to this many rows (a badge); beyond it the answer is the cap, so a count stays cheap. */
export const LIST_COUNT_CAP = 10_000;

/**
 * A page in two statements. The first picks the page's ids in list order (index order, offset on bare ids) and
 * carries the capped total as a scalar subquery; with a search the candidates (id, updated_at) are one CTE — a UNION
 * of one branch per alternative, each with the list's WHERE — read once by the page and by the total. The second
 * loads the DTOs of those ids (dtoQuery). `count` is the total alone, for a page past the end (no row to carry it).
 */
export function ticketListQueries(companyId: number, f: TicketListFilter, page: { limit: number; offset: number }) {
  const where = ticketListWhere(companyId, f);
  const pick = { cid: sql<number>`${tickets.id}`.as('cid'), cat: sql<Date>`${tickets.updatedAt}`.as('cat') };
  const branches = f.search
    ? searchAlternatives(companyId, f.search).map((alt) =>
        db.select(pick).from(tickets).where(sql`${where} and ${alt}`),
      )
    : [];
  if (branches.length) {
    // a search with no word and no number (only symbols or emoji) has the protocol branch alone: no UNION then
    const cand = db
      .$with('cand')
      .as(branches.length === 1 ? (branches[0] as never) : union(...(branches as [never, never])));
    const total = sql<number>`(select count(*)::int from (select 1 from ${cand} limit ${LIST_COUNT_CAP}) c)`;
    return {
      page: db
        .with(cand)
        .select({ id: cand.cid, total })
        .from(cand)
        .orderBy(desc(cand.cat), desc(cand.cid))
        .limit(page.limit)
        .offset(page.offset),
      count: db
        .with(cand)
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`(select 1 from ${cand} limit ${LIST_COUNT_CAP}) c`),
    };
  }
  const capped = db.select({ one: sql`1` }).from(tickets).where(where).limit(LIST_COUNT_CAP).as('capped');
  return {
    page: db
      .select({ id: tickets.id, total: sql<number>`(select count(*)::int from ${capped})` })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(page.limit)
      .offset(page.offset),
    count: db.select({ n: sql<number>`count(*)::int` }).from(capped),
  };
}

/** The DTOs of a page's ids (company-scoped), one statement: ticket, contact, queue, user, connection, tags. */
function dtoQuery(companyId: number, ids: number[]) {
  return selectTicketDtos().where(and(eq(tickets.companyId, companyId), sql`${tickets.id} = any(${list(ids)}::int[])`));
}

/**
 * Two statements (a third only for a page past the end, to answer the total). The ids are chosen with a plan made
 * for this company and filter; the DTO load is a prepared statement whose plan PostgreSQL keeps (generic after five
 * runs): planning its join of six relations took ~4 ms, more than running it (bench:tickets). The ids statement is
 * not prepared: a generic plan is made for an average company, and on a big one picked nested loops where a hash
 * join was 3× faster (tag filter).
 */
export async function listTicketDtos(
  companyId: number,
  f: TicketListFilter,
  page: { limit: number; offset: number },
): Promise<{ tickets: TicketDto[]; count: number }> {
  const q = ticketListQueries(companyId, f, page);
  const picked = await q.page;
  if (!picked.length) {
    if (page.offset === 0) return { tickets: [], count: 0 };
    const counted = await q.count;
    return { tickets: [], count: Number(counted[0]?.n ?? 0) };
  }
  const ids = picked.map((r) => Number(r.id));
  const rows = (await dtoQuery(companyId, ids).prepare('ticket_list_dtos').execute()) as TicketDtoRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  // list order as picked; a ticket deleted in between is left out
  const dtos = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toTicketDto(r)] : [];
  });
  return { tickets: dtos, count: Number(picked[0].total) };
}

// ---------------------------------------------------------------------------------------------------------------
// writes and references

export type TicketWrite = {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  /** the instants after the move (core instantsAfterChange, computed from the row read under the lock) */
  instants: TicketInstants;
  /** unread count back to 0 */
  markRead?: boolean;
};

/** The recorded instants of a ticket row (core's TicketInstants). */
export function instantsOfRow(
  r: Pick<TicketRow, 'queuedAt' | 'acceptedAt' | 'firstUserId' | 'closedAt' | 'closedGapMs'>,
): TicketInstants {
  return {
    queuedAt: r.queuedAt,
    acceptedAt: r.acceptedAt,
    firstUserId: r.firstUserId,
    closedAt: r.closedAt,
    closedGapMs: Number(r.closedGapMs),
  };
}

export async function updateTicketState(companyId: number, ticketId: number, w: TicketWrite, exec: Exec = db) {
  await exec
    .update(tickets)
    .set({
      status: w.status,
      userId: w.userId,
      queueId: w.queueId,
      whatsappId: w.whatsappId,
      // any move of the ticket (a person's, or the platform's after a send) ends the chatbot's drive of it
      chatbot: false,
      updatedAt: sql`now()`,
      ...w.instants,
      ...(w.markRead ? { unreadMessages: 0 } : {}),
    })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
}

export async function deleteTicketRow(companyId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .delete(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/**
 * The chatbot takes a ticket (spec 2, issue 16): `chatbot` true while nobody moved it since — only a pending ticket
 * without an attendant still in the queue the bot saw (a person's move in between wins). Answers whether it is set.
 */
export async function markTicketChatbot(
  companyId: number,
  ticketId: number,
  seen: { queueId: number | null },
  exec: Exec = db,
): Promise<boolean> {
  const rows = await exec
    .update(tickets)
    // a bot talks: nobody waits for a person until it hands the ticket over (core instantsWhenBotTakes)
    .set({
      chatbot: true,
      queuedAt: sql`case when ${tickets.acceptedAt} is null then null else ${tickets.queuedAt} end`,
    })
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.id, ticketId),
        eq(tickets.status, 'pending'),
        sql`${tickets.userId} is null`,
        seen.queueId === null ? sql`${tickets.queueId} is null` : eq(tickets.queueId, seen.queueId),
      ),
    )
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** Whether the chatbot still drives the ticket (its mark; read in the bot's transaction). */
export async function ticketChatbotMark(companyId: number, ticketId: number, exec: Exec = db): Promise<boolean> {
  const [row] = await exec
    .select({ chatbot: tickets.chatbot })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row?.chatbot ?? false;
}

/** Resolving clears the contact's bot position (spec 1 §4). */
export async function clearContactsCommandBot(companyId: number, contactIds: number[], exec: Exec = db) {
  if (!contactIds.length) return;
  await exec
    .update(contacts)
    .set({ commandBot: null })
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)));
}

/** Ids of the list that belong to the company (to answer 404 for any foreign id before a bulk write). */
export async function ticketIdsInCompany(companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)));
  return rows.map((r) => r.id);
}

/** Bulk resolve in one statement; answers the closed tickets' ids and contacts. */
/** `userId` null keeps each ticket's attendant (the platform closes them, nobody in particular) */
export async function closeTickets(companyId: number, ids: number[], userId: number | null, exec: Exec = db) {
  if (!ids.length) return [];
  return exec
    .update(tickets)
    .set({
      status: 'closed',
      ...(userId === null ? {} : { userId }),
      chatbot: false,
      updatedAt: sql`now()`,
      closedAt: sql`now()`,
    })
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids), sql`${tickets.status} <> 'closed'`))
    .returning({ id: tickets.id, contactId: tickets.contactId, whatsappId: tickets.whatsappId });
}

export async function ticketDtosByIds(companyId: number, ids: number[]): Promise<TicketDto[]> {
  if (!ids.length) return [];
  const rows = await selectTicketDtos()
    .where(and(eq(tickets.companyId, companyId), sql`${tickets.id} = any(${list(ids)}::int[])`))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id));
  return (rows as TicketDtoRow[]).map(toTicketDto);
}

export async function queueInCompany(companyId: number, queueId: number): Promise<boolean> {
  const r = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))
    .limit(1);
  return r.length > 0;
}

export async function userInCompany(companyId: number, userId: number): Promise<boolean> {
  const r = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return r.length > 0;
}

export async function whatsappInCompany(companyId: number, whatsappId: number) {
  const r = await db
    .select({ id: whatsapps.id, farewellMessage: whatsapps.farewellMessage, isDefault: whatsapps.isDefault })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)))
    .limit(1);
  return r[0] ?? null;
}

/** The company's default connection, else its first one. */
export async function defaultWhatsappId(companyId: number): Promise<number | null> {
  const r = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(eq(whatsapps.companyId, companyId))
    .orderBy(desc(whatsapps.isDefault), whatsapps.id)
    .limit(1);
  return r[0]?.id ?? null;
}

export async function contactInCompany(companyId: number, contactId: number, exec: Exec = db) {
  const r = await exec
    .select({ id: contacts.id, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .limit(1);
  return r[0] ?? null;
}

/** Ids of unfinished tickets in a creation range, by queues and users (bulk resolve picker, GET /ticketsquery). */
export async function unfinishedTicketIds(
  companyId: number,
  f: { from: Date; to: Date; queueIds: number[]; userIds: number[] },
  limit: number,
): Promise<number[]> {
  const conds: SQL[] = [
    sql`${tickets.companyId} = ${companyId}`,
    sql`${tickets.status} in ('open', 'pending')`,
    sql`${tickets.createdAt} >= ${f.from.toISOString()}`,
    sql`${tickets.createdAt} <= ${f.to.toISOString()}`,
  ];
  if (f.queueIds.length) conds.push(sql`${tickets.queueId} = any(${list(f.queueIds)}::int[])`);
  if (f.userIds.length) conds.push(sql`${tickets.userId} = any(${list(f.userIds)}::int[])`);
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(sql.join(conds, sql` and `))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Rows for the spreadsheet export: one statement, bounded. */
export async function exportTicketRows(
  companyId: number,
  f: { from: Date; to: Date; contactId?: number; contactText?: string },
  limit: number,
): Promise<TicketDto[]> {
  const conds: SQL[] = [
    sql`${tickets.companyId} = ${companyId}`,
    sql`${tickets.createdAt} >= ${f.from.toISOString()}`,
    sql`${tickets.createdAt} <= ${f.to.toISOString()}`,
  ];
  if (f.contactId !== undefined) conds.push(sql`${tickets.contactId} = ${f.contactId}`);
  if (f.contactText) {
    const like = likeContains(f.contactText);
    // bounded by the company and the date range; the contact match is a filter on those rows
    conds.push(sql`(${contacts.name} ilike ${like} or ${contacts.number} like ${like})`);
  }
  const rows = await selectTicketDtos()
    .where(sql.join(conds, sql` and `))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
  return (rows as TicketDtoRow[]).map(toTicketDto);
}

export async function clearUnread(companyId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), sql`${tickets.unreadMessages} > 0`))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** When the contact's latest closed ticket (other than `exceptTicketId`) was closed, or null. */
export async function lastClosedAtOfContact(
  companyId: number,
  contactId: number,
  exceptTicketId: number,
): Promise<Date | null> {
  const [r] = await db
    .select({ closedAt: sql<Date | null>`max(${tickets.closedAt})` })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.status, 'closed'),
        sql`${tickets.id} <> ${exceptTicketId}`,
      ),
    );
  const v = r?.closedAt;
  return v ? new Date(v) : null;
}
