import type { ContactRef } from '@zapdesk/core';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contactRefColumns, contacts, messages } from '../../../db/schema';
import { db } from '../../../platform/db';
import { type OpenPage, openPage, type PageWindow } from '../../../platform/db/paging';
import { textMatches, ticketHasWords } from '../../../platform/db/text-search';
import type { MessageRow } from '../messages.serialize';

/** Which tickets' messages a page shows (viewMessagesByTicket of the user's group). */
export type MessageScope =
  /** 2: separated by ticket */
  | { kind: 'ticket'; ticketId: number }
  /** 0: every message of the contact */
  | { kind: 'contact'; contactId: number }
  /** 1: the contact's tickets that belong to the user, plus this one */
  | { kind: 'contactOfUser'; contactId: number; userId: number; ticketId: number };

const quoted = alias(messages, 'quoted');

/** The scope's tickets as a condition on `t` (tickets t) */
function scopeTickets(companyId: number, s: MessageScope): SQL {
  switch (s.kind) {
    case 'ticket':
      return sql`t.company_id = ${companyId} and t.id = ${s.ticketId}`;
    case 'contact':
      return sql`t.company_id = ${companyId} and t.contact_id = ${s.contactId}`;
    case 'contactOfUser':
      return sql`t.company_id = ${companyId} and t.contact_id = ${s.contactId} and (t.user_id = ${s.userId} or t.id = ${s.ticketId})`;
  }
}

/**
 * A page's message ids, ids first: each ticket of the scope gives its newest offset+limit (matching) messages from
 * (company, ticket, created_at), and only those are merged and sorted. An `IN (tickets)` condition instead makes
 * PostgreSQL read and sort every message of the contact for each page (bench:tickets: a 10k-message conversation
 * took ~100 ms a page). With a search, a ticket is walked newest-first until it has offset+limit matches (a common
 * word stops after a few rows), and only when ticket_search_terms says it holds every word at all (a word it never
 * had costs one index probe, not a walk of the conversation).
 */
function pageIds(companyId: number, s: MessageScope, words: string[], limit: number, offset: number): SQL {
  const match = words.length ? sql` and ${textMatches(sql`m2.body`, words)}` : sql``;
  const hasWords = words.length ? sql` and ${ticketHasWords(sql`t.id`, words)}` : sql``;
  return sql`${messages.id} = any(array(
    select lm.id from tickets t
    cross join lateral (
      select m2.id, m2.created_at from messages m2
      where m2.company_id = ${companyId} and m2.ticket_id = t.id${match}
      order by m2.created_at desc, m2.id desc limit ${offset + limit}
    ) lm
    where ${scopeTickets(companyId, s)}${hasWords}
    order by lm.created_at desc, lm.id desc limit ${limit} offset ${offset}))`;
}

export type MessageListRow = {
  m: MessageRow;
  contact: ContactRef | null;
  quoted: MessageRow | null;
};

/**
 * One statement per page: messages newest first with their sender contact and quoted message by joins.
 * The ticket's own page (no search) reads messages_company_ticket_created_idx in order; contact-wide pages and every
 * search pick their ids first (pageIds).
 */
export function listMessageRows(
  companyId: number,
  scope: MessageScope,
  words: string[],
  w: PageWindow,
): Promise<OpenPage<MessageListRow>> {
  // prepared: the plan is cached per connection instead of made for every page
  return openPage(w, (p) =>
    messageListQuery(companyId, scope, { words, ...p })
      .prepare('message_list_page')
      .execute()
      .then((rows) => rows as MessageListRow[]),
  );
}

/** The page's statement, unexecuted (the query-plan regression test EXPLAINs exactly this SQL). */
export function messageListQuery(
  companyId: number,
  scope: MessageScope,
  opts: { words?: string[]; limit: number; offset: number },
) {
  const words = opts.words ?? [];
  // the ticket's own page in index order; everything else ids first
  const own = !words.length && scope.kind === 'ticket' ? scope : null;
  const conds: SQL[] = [
    eq(messages.companyId, companyId) as SQL,
    own ? sql`${messages.ticketId} = ${own.ticketId}` : pageIds(companyId, scope, words, opts.limit, opts.offset),
  ];
  return db
    .select({
      m: messages,
      contact: contactRefColumns,
      quoted,
    })
    .from(messages)
    .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.companyId, messages.companyId)))
    .leftJoin(quoted, and(eq(quoted.id, messages.quotedMsgId), eq(quoted.companyId, messages.companyId)))
    .where(and(...conds))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.limit)
    .offset(own ? opts.offset : 0);
}
