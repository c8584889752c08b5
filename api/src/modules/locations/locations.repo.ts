import type { LocationDto } from '@zapdesk/core';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { companies, contacts, locations, messages, tickets } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

type Row = typeof locations.$inferSelect;

export function toLocationDto(r: Row): LocationDto {
  return {
    id: r.id,
    name: r.name,
    latitude: r.latitude,
    longitude: r.longitude,
    address: r.address,
    isDeleted: r.isDeleted,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const live = (companyId: number) => and(eq(locations.companyId, companyId), eq(locations.isDeleted, false));

/** A page of the company's locations (not deleted) by name; `search` contained in the name or the address. */
export function listLocations(companyId: number, search: string, w: PageWindow): Promise<Page<LocationDto>> {
  const where = and(live(companyId), containsText(search, locations.name, locations.address));
  const rows = db
    .select()
    .from(locations)
    .where(where)
    .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toLocationDto));
  return countedPage(w, rows, countRows(locations, where));
}

/** The company's location, not deleted (a deleted or another company's one is missing). */
export async function findLocation(companyId: number, id: number): Promise<LocationDto | null> {
  const [r] = await db
    .select()
    .from(locations)
    .where(and(live(companyId), eq(locations.id, id)))
    .limit(1);
  return r ? toLocationDto(r) : null;
}

export async function insertLocation(
  companyId: number,
  v: { name: string; latitude: number; longitude: number; address: string },
): Promise<LocationDto> {
  const [r] = await db
    .insert(locations)
    .values({ companyId, ...v })
    .returning();
  return toLocationDto(r);
}

export async function updateLocation(
  companyId: number,
  id: number,
  patch: Partial<{ name: string; latitude: number; longitude: number; address: string }>,
): Promise<LocationDto | null> {
  const [r] = await db
    .update(locations)
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(live(companyId), eq(locations.id, id)))
    .returning();
  return r ? toLocationDto(r) : null;
}

/** Soft delete (isDeleted); false when it was not there (or already deleted). */
export async function softDeleteLocation(companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(locations)
    .set({ isDeleted: true, updatedAt: nowDate() })
    .where(and(live(companyId), eq(locations.id, id)))
    .returning({ id: locations.id });
  return rows.length > 0;
}

/** The demo seed finds its company by name (no session: the platform's own startup). */
export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

/** Every location the company ever had, deleted ones included. */
export const countAllLocations = (companyId: number): Promise<number> =>
  countRows(locations, eq(locations.companyId, companyId));

export type SharedLocationRow = {
  messageId: number;
  ticketId: number;
  ticketUuid: string;
  contactId: number;
  contactName: string;
  contactNumber: string;
  body: string;
  dataJson: Record<string, unknown> | null;
  fromMe: boolean;
  createdAt: Date;
};

/**
 * The last location message (not deleted) of each of the company's tickets since `since`, newest first, at most
 * `limit` tickets. Reads the partial index on location messages (company_id, created_at).
 */
export async function lastSharedLocations(companyId: number, since: Date, limit: number): Promise<SharedLocationRow[]> {
  const last = db
    .selectDistinctOn([messages.ticketId], {
      messageId: messages.id,
      ticketId: messages.ticketId,
      ticketUuid: tickets.uuid,
      contactId: tickets.contactId,
      contactName: contacts.name,
      contactNumber: contacts.number,
      body: messages.body,
      dataJson: messages.dataJson,
      fromMe: messages.fromMe,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(tickets, and(eq(tickets.id, messages.ticketId), eq(tickets.companyId, messages.companyId)))
    .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, tickets.companyId)))
    .where(
      and(
        eq(messages.companyId, companyId),
        sql`${messages.mediaType} = 'location'`,
        eq(messages.isDeleted, false),
        gte(messages.createdAt, since),
      ),
    )
    .orderBy(messages.ticketId, desc(messages.createdAt), desc(messages.id))
    .as('last');
  const rows = await db.select().from(last).orderBy(desc(last.createdAt), desc(last.messageId)).limit(limit);
  return rows as SharedLocationRow[];
}
