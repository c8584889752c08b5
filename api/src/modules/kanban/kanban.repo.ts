import type { KanbanCursor, KanbanScope } from '@zapdesk/core';
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

/**
 * The ticket ids a lane is about, as a constant array: a tag lane's tickets (`in`), or for 'Em aberto' every ticket
 * with a kanban tag (`notIn`). A correlated EXISTS/IN, or an ARRAY(subquery), was planned as a nested loop re-reading
 * the tag's links for every ticket when statistics lag a bulk load (16 s for 10,000 tickets; PGlite has no
 * autovacuum to refresh them); a constant array is matched by hash whatever the statistics (kanban.test).
 */
export type LaneFilter = { in: number[] } | { notIn: number[] };

/** The kanban tag links of the company's tickets (of one tag when given): one index read for every lane. */
export async function kanbanLinks(companyId: number, tagId?: number): Promise<{ ticketId: number; tagId: number }[]> {
  return db
    .select({ ticketId: ticketTags.ticketId, tagId: ticketTags.tagId })
    .from(ticketTags)
    .innerJoin(tags, and(eq(tags.id, ticketTags.tagId), eq(tags.companyId, ticketTags.companyId)))
    .where(
      and(
        eq(ticketTags.companyId, companyId),
        eq(tags.kanban, 1),
        tagId === undefined ? undefined : eq(ticketTags.tagId, tagId),
      ),
    );
}

function laneWhere(f: LaneFilter): SQL {
  if ('in' in f) return f.in.length ? sql`${tickets.id} = any(${list(f.in)}::int[])` : sql`false`;
  return f.notIn.length ? sql`${tickets.id} <> all(${list(f.notIn)}::int[])` : sql`true`;
}

/**
 * One lane's page in board order (updatedAt desc, id desc), after `cursor`; `limit + 1` rows tell whether more
 * follow. Each row carries the database's own text of its updatedAt (microseconds), for the next cursor.
 */
export async function lanePage(
  companyId: number,
  scope: KanbanScope,
  lane: LaneFilter,
  cursor: KanbanCursor | null,
  limit: number,
): Promise<{ ids: number[]; hasMore: boolean; last: KanbanCursor | null }> {
  const conds = [scopeWhere(companyId, scope), laneWhere(lane)];
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

export async function laneCount(companyId: number, scope: KanbanScope, lane: LaneFilter): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(sql`${scopeWhere(companyId, scope)} and ${laneWhere(lane)}`);
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
