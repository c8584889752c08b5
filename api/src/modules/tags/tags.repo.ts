import type { TagDto } from '@zapdesk/core';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { contacts, tags, tickets, ticketTags } from '../../db/schema';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, nameExists, type Page, type PageWindow } from '../../platform/db/paging';
import { deleteInCompany, updateInCompany } from '../../platform/db/records';

/** Tickets per tag, in the same statement as the tag (correlated count on the (company_id, tag_id) index). */
const ticketsCount = sql<number>`(select count(*) from ${ticketTags} tt where tt.tag_id = "tags"."id" and tt.company_id = "tags"."company_id")::int`;

const columns = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  kanban: tags.kanban,
  userId: tags.userId,
  companyId: tags.companyId,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
  ticketsCount,
};

type Row = {
  id: number;
  name: string;
  color: string;
  kanban: number;
  userId: number | null;
  companyId: number;
  createdAt: Date;
  updatedAt: Date;
  ticketsCount: number | string;
};

export function toTagDto(r: Row): TagDto {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    kanban: r.kanban === 1 ? 1 : 0,
    userId: r.userId ?? null,
    companyId: r.companyId,
    ticketsCount: Number(r.ticketsCount ?? 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A page of the company's tags by name (case-insensitive), `search` contained in the name. */
export function listTags(companyId: number, search: string, w: PageWindow): Promise<Page<TagDto>> {
  const where = and(eq(tags.companyId, companyId), containsText(search, tags.name));
  const rows = db
    .select(columns)
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toTagDto));
  return countedPage(w, rows, countRows(tags, where));
}

export async function allTags(companyId: number, opts: { kanbanOnly?: boolean } = {}): Promise<TagDto[]> {
  const where = opts.kanbanOnly
    ? and(eq(tags.companyId, companyId), eq(tags.kanban, 1))
    : eq(tags.companyId, companyId);
  const rows = await db
    .select(columns)
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map(toTagDto);
}

export async function findTag(companyId: number, id: number): Promise<TagDto | null> {
  const [r] = await db
    .select(columns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  return r ? toTagDto(r) : null;
}

export const tagNameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(tags, tags, companyId, name, exceptId);

export async function insertTag(
  companyId: number,
  v: { name: string; color: string; kanban: 0 | 1; userId: number },
): Promise<number> {
  const [r] = await db
    .insert(tags)
    .values({ companyId, ...v })
    .returning({ id: tags.id });
  return r.id;
}

export async function updateTag(
  companyId: number,
  id: number,
  patch: Partial<{ name: string; color: string; kanban: 0 | 1 }>,
): Promise<boolean> {
  return !!(await updateInCompany(tags, companyId, id, patch));
}

export const deleteTag = (companyId: number, id: number): Promise<boolean> => deleteInCompany(tags, companyId, id);

/** Ids of tickets carrying a tag (to refresh them after the tag changes). */
export async function ticketIdsWithTag(companyId: number, tagId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ ticketId: ticketTags.ticketId })
    .from(ticketTags)
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.tagId, tagId)))
    .limit(limit);
  return rows.map((r) => r.ticketId);
}

export async function countTagsInCompany(companyId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return countRows(tags, and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
}

/** Replaces a ticket's tags (the caller checked the ticket and tags belong to the company). */
export async function replaceTicketTags(companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(ticketTags).where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId)));
    if (tagIds.length) {
      await tx
        .insert(ticketTags)
        .values(tagIds.map((tagId) => ({ companyId, ticketId, tagId })))
        .onConflictDoNothing();
    }
  });
}

/**
 * Contacts (no groups) of the company's tickets carrying any of the tags, tickets created in [from, to]; one row per
 * contact (GET /tagcontacts, campaign send lists).
 */
export async function contactsOfTaggedTickets(
  companyId: number,
  q: { tagIds: number[]; from?: Date; to?: Date; limit: number },
): Promise<{ id: number; name: string; number: string; email: string }[]> {
  if (!q.tagIds.length) return [];
  const parts: SQL[] = [
    eq(contacts.companyId, companyId),
    eq(contacts.isGroup, false),
    sql`exists (select 1 from ${tickets} tk join ${ticketTags} tt on tt.ticket_id = tk.id and tt.company_id = tk.company_id
      where tk.company_id = ${companyId} and tk.contact_id = "contacts"."id" and tt.tag_id in ${q.tagIds}
      ${q.from ? sql`and tk.created_at >= ${q.from.toISOString()}` : sql``}
      ${q.to ? sql`and tk.created_at <= ${q.to.toISOString()}` : sql``})`,
  ];
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(and(...parts))
    .orderBy(asc(contacts.id))
    .limit(q.limit);
}
