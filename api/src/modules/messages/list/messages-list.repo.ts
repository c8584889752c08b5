import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contacts, messages } from '../../../db/schema';
import { db } from '../../../platform/db';
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

function scopeCondition(companyId: number, s: MessageScope): SQL {
  switch (s.kind) {
    case 'ticket':
      return sql`${messages.ticketId} = ${s.ticketId}`;
    case 'contact':
      return sql`${messages.ticketId} in (select t.id from tickets t where t.company_id = ${companyId} and t.contact_id = ${s.contactId})`;
    case 'contactOfUser':
      return sql`${messages.ticketId} in (select t.id from tickets t where t.company_id = ${companyId} and t.contact_id = ${s.contactId} and (t.user_id = ${s.userId} or t.id = ${s.ticketId}))`;
  }
}

/**
 * A page of a contact-wide scope without a search, ids first: each of the contact's tickets gives its newest
 * offset+limit messages from (company, ticket, created_at), and only those are merged and sorted. An `IN (tickets)`
 * condition instead makes PostgreSQL sort every message of the contact for each page (bench:tickets: a 10k-message
 * conversation took ~100 ms a page).
 */
function contactPageIds(
  companyId: number,
  s: Exclude<MessageScope, { kind: 'ticket' }>,
  limit: number,
  offset: number,
): SQL {
  const mine = s.kind === 'contactOfUser' ? sql` and (t.user_id = ${s.userId} or t.id = ${s.ticketId})` : sql``;
  return sql`${messages.id} = any(array(
    select lm.id from tickets t
    cross join lateral (
      select m2.id, m2.created_at from messages m2
      where m2.company_id = ${companyId} and m2.ticket_id = t.id
      order by m2.created_at desc, m2.id desc limit ${offset + limit}
    ) lm
    where t.company_id = ${companyId} and t.contact_id = ${s.contactId}${mine}
    order by lm.created_at desc, lm.id desc limit ${limit} offset ${offset}))`;
}

export type MessageListRow = {
  m: MessageRow;
  contact: {
    id: number;
    name: string;
    number: string;
    email: string;
    profilePicUrl: string | null;
    isGroup: boolean;
  } | null;
  quoted: MessageRow | null;
};

/**
 * One statement per page: messages newest first with their sender contact and quoted message by joins.
 * The search uses the GIN index messages_body_fts_idx (same expression, 'simple' config); the ticket filter uses
 * messages_company_ticket_created_idx.
 */
export async function listMessageRows(
  companyId: number,
  scope: MessageScope,
  opts: { tsquery?: string | null; limit: number; offset: number },
): Promise<MessageListRow[]> {
  const rows = await messageListQuery(companyId, scope, opts);
  return rows as MessageListRow[];
}

/** The page's statement, unexecuted (the query-plan regression test EXPLAINs exactly this SQL). */
export function messageListQuery(
  companyId: number,
  scope: MessageScope,
  opts: { tsquery?: string | null; limit: number; offset: number },
) {
  // a search keeps the plain condition: the full-text index picks the candidates, the scope filters them
  const idsFirst = !opts.tsquery && scope.kind !== 'ticket';
  const conds: SQL[] = [
    eq(messages.companyId, companyId) as SQL,
    idsFirst ? contactPageIds(companyId, scope, opts.limit, opts.offset) : scopeCondition(companyId, scope),
  ];
  if (opts.tsquery) conds.push(sql`to_tsvector('simple', ${messages.body}) @@ to_tsquery('simple', ${opts.tsquery})`);
  return db
    .select({
      m: messages,
      contact: {
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        email: contacts.email,
        profilePicUrl: contacts.profilePicUrl,
        isGroup: contacts.isGroup,
      },
      quoted,
    })
    .from(messages)
    .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.companyId, messages.companyId)))
    .leftJoin(quoted, and(eq(quoted.id, messages.quotedMsgId), eq(quoted.companyId, messages.companyId)))
    .where(and(...conds))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.limit)
    .offset(idsFirst ? 0 : opts.offset);
}
