import type { KanbanCursor, KanbanLaneKey, KanbanScope } from '@zapdesk/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companies, tags, tickets, ticketTags, users, whatsapps } from '../../db/schema';
import { db, list } from '../../platform/db';

/** The board's tickets of a company: its statuses and queues (core kanbanScope). */
function scopeWhere(companyId: number, s: KanbanScope): SQL {
  const queue = s.queueIds.length
    ? s.includeNoQueue
      ? sql`(${tickets.queueId} = any(${list(s.queueIds)}::int[]) or ${tickets.queueId} is null)`
      : sql`${tickets.queueId} = any(${list(s.queueIds)}::int[])`
    : s.includeNoQueue
      ? sql`${tickets.queueId} is null`
      : sql`false`;
  return sql`${tickets.companyId} = ${companyId} and ${tickets.status} = any(${list(s.statuses)}::text[]) and ${queue}`;
}

/** 'Em aberto': no kanban tag; a tag lane: carries that tag ((company, tag, ticket) index). */
function laneWhere(companyId: number, lane: KanbanLaneKey): SQL {
  if (lane === 'open') {
    return sql`not exists (select 1 from ${ticketTags} tt join ${tags} tg on tg.id = tt.tag_id and tg.company_id = tt.company_id
      where tt.company_id = ${companyId} and tt.ticket_id = ${tickets.id} and tg.kanban = 1)`;
  }
  return sql`${tickets.id} in (select tt.ticket_id from ${ticketTags} tt where tt.company_id = ${companyId} and tt.tag_id = ${lane})`;
}

/**
 * One lane's page in board order (updatedAt desc, id desc), after `cursor`; `limit + 1` rows tell whether more
 * follow. Each row carries the database's own text of its updatedAt (microseconds), for the next cursor.
 */
export async function lanePage(
  companyId: number,
  scope: KanbanScope,
  lane: KanbanLaneKey,
  cursor: KanbanCursor | null,
  limit: number,
): Promise<{ ids: number[]; hasMore: boolean; last: KanbanCursor | null }> {
  const conds = [scopeWhere(companyId, scope), laneWhere(companyId, lane)];
  if (cursor) conds.push(sql`(${tickets.updatedAt}, ${tickets.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const rows = await db
    .select({ id: tickets.id, at: sql<string>`${tickets.updatedAt}::text` })
    .from(tickets)
    .where(sql.join(conds, sql` and `))
    .orderBy(sql`${tickets.updatedAt} desc`, sql`${tickets.id} desc`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const tail = page.at(-1);
  return {
    ids: page.map((r) => r.id),
    hasMore: rows.length > limit,
    last: tail ? { at: tail.at, id: tail.id } : null,
  };
}

export async function laneCount(companyId: number, scope: KanbanScope, lane: KanbanLaneKey): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(sql`${scopeWhere(companyId, scope)} and ${laneWhere(companyId, lane)}`);
  return Number(r?.n ?? 0);
}

/** Removes the ticket's kanban tag links (its other tags stay); answers how many went. */
export async function removeKanbanTags(companyId: number, ticketId: number): Promise<number> {
  const kanbanTagIds = db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));
  const gone = await db
    .delete(ticketTags)
    .where(
      and(
        eq(ticketTags.companyId, companyId),
        eq(ticketTags.ticketId, ticketId),
        inArray(ticketTags.tagId, kanbanTagIds),
      ),
    )
    .returning({ tagId: ticketTags.tagId });
  return gone.length;
}

/** Links the tag to the ticket (the caller checked both are the company's); a link already there is kept. */
export async function addTicketTag(companyId: number, ticketId: number, tagId: number): Promise<boolean> {
  const added = await db
    .insert(ticketTags)
    .values({ companyId, ticketId, tagId })
    .onConflictDoNothing()
    .returning({ tagId: ticketTags.tagId });
  return added.length > 0;
}

export async function countKanbanTags(companyId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));
  return Number(r?.n ?? 0);
}

/** Demo seed: the company by name (no tenant yet: the seed runs at startup). */
export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

export async function userIdByEmail(companyId: number, email: string): Promise<number | null> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)))
    .limit(1);
  return r?.id ?? null;
}

/** The company's default connection (the demo's simulator 'Principal'). */
export async function defaultWhatsappId(companyId: number): Promise<number | null> {
  const [r] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .limit(1);
  return r?.id ?? null;
}
