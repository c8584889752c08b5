import type { ContactDto } from '@zapdesk/core';
import { and, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { categoryContacts, contactCategories, contacts } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db, list } from '../../platform/db';
import { containsText, countedPage, likeContains, type Page, type PageWindow } from '../../platform/db/paging';

export type ContactRow = typeof contacts.$inferSelect;
export type StoredExtraInfo = { id: number; name: string; value: string };

/** Categories of a contact as a JSON array, in the same statement as the contact (no per-row query). */
const categoriesJson = sql<{ id: number; name: string; color: string | null }[] | string>`coalesce((
  select json_agg(json_build_object('id', cc.id, 'name', cc.name, 'color', cc.color) order by cc.name, cc.id)
  from ${contactCategories} x join ${categoryContacts} cc on cc.id = x.category_id and cc.company_id = x.company_id
  where x.contact_id = "contacts"."id" and x.company_id = "contacts"."company_id"
), '[]'::json)`;

const dtoColumns = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  profilePicUrl: contacts.profilePicUrl,
  lid: contacts.lid,
  isGroup: contacts.isGroup,
  commandBot: contacts.commandBot,
  extraInfo: contacts.extraInfo,
  companyId: contacts.companyId,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
  categoryContacts: categoriesJson,
};

type DtoRow = {
  [K in keyof typeof dtoColumns]: K extends 'categoryContacts'
    ? { id: number; name: string; color: string | null }[] | string
    : K extends 'extraInfo'
      ? { id?: number; name: string; value: string }[]
      : ContactRow[K & keyof ContactRow];
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function toContactDto(r: DtoRow): ContactDto {
  const cats = typeof r.categoryContacts === 'string' ? JSON.parse(r.categoryContacts) : r.categoryContacts;
  return {
    id: r.id,
    name: r.name,
    number: r.number,
    email: r.email ?? '',
    profilePicUrl: r.profilePicUrl ?? null,
    lid: r.lid ?? null,
    isGroup: r.isGroup,
    commandBot: r.commandBot ?? null,
    extraInfo: (r.extraInfo ?? []).map((e, i) => ({ id: e.id ?? i + 1, name: e.name, value: e.value ?? '' })),
    categoryContacts: (cats ?? []).map((c: { id: number; name: string; color: string | null }) => ({
      id: Number(c.id),
      name: c.name,
      color: c.color ?? null,
    })),
    companyId: r.companyId,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export type ContactFilter = { searchParam: string; categoryIds: number[] };

function filterWhere(companyId: number, f: ContactFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(contacts.companyId, companyId)];
  if (f.searchParam) {
    // name or e-mail contains the text; the number contains its digits
    const digits = f.searchParam.replace(/\D+/g, '');
    parts.push(
      or(
        containsText(f.searchParam, contacts.name, contacts.email),
        // numbers are digits: no lower() per row (it cost ~25 % of the number search on 20k contacts, bench:tickets)
        digits ? sql`${contacts.number} like ${likeContains(digits)}` : undefined,
      ),
    );
  }
  if (f.categoryIds.length) {
    parts.push(
      sql`exists (select 1 from ${contactCategories} x where x.contact_id = "contacts"."id" and x.company_id = ${companyId} and x.category_id in ${f.categoryIds})`,
    );
  }
  return and(...parts) as SQL;
}

/** One page of the company's contacts (name order) and the total of the filter: two statements. */
export function listContacts(companyId: number, f: ContactFilter, w: PageWindow): Promise<Page<ContactDto>> {
  const where = filterWhere(companyId, f);
  // the page reads contacts_company_lower_name_idx in order; both statements prepared (plans cached per connection)
  const rows = db
    .select(dtoColumns)
    .from(contacts)
    .where(where)
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
    .limit(w.limit)
    .offset(w.offset)
    .prepare('contact_list_page')
    .execute()
    .then((rs) => rs.map((r) => toContactDto(r as DtoRow)));
  const total = db
    .select({ n: count() })
    .from(contacts)
    .where(where)
    .prepare('contact_list_count')
    .execute()
    .then(([r]) => Number(r.n));
  return countedPage(w, rows, total);
}

/** Keyset page for the export: contacts with id > afterId, in id order. */
export async function contactsPageAfter(companyId: number, f: ContactFilter, afterId: number, limit: number) {
  const rows = await db
    .select(dtoColumns)
    .from(contacts)
    .where(and(filterWhere(companyId, f), gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit);
  return rows.map((r) => toContactDto(r as DtoRow));
}

export async function findContactDto(companyId: number, id: number): Promise<ContactDto | null> {
  const [r] = await db
    .select(dtoColumns)
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return r ? toContactDto(r as DtoRow) : null;
}

/** several contacts as DTOs in one statement (the inbound batch announcing the people it created) */
export async function findContactDtos(companyId: number, ids: number[]): Promise<ContactDto[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(dtoColumns)
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), sql`${contacts.id} = any(${list(ids)}::int[])`));
  return (rows as DtoRow[]).map(toContactDto);
}

export async function findContactRow(companyId: number, id: number): Promise<ContactRow | null> {
  const [r] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return r ?? null;
}

/** The contact of the company with any of these spellings of a number (see numberVariants), if any. */
export async function findContactByNumbers(companyId: number, numbers: string[]): Promise<ContactRow | null> {
  if (!numbers.length) return null;
  const [r] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)))
    .limit(1);
  return r ?? null;
}

/** Existing contacts of the company among these numbers (one statement, for imports). */
export async function findContactsByNumbers(companyId: number, numbers: string[]): Promise<ContactRow[]> {
  if (!numbers.length) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)));
}

export type NewContact = { name: string; number: string; email: string; extraInfo?: StoredExtraInfo[] };

/** Inserts; null when the (company, number) unique index refused it (a concurrent duplicate). */
export async function insertContact(companyId: number, c: NewContact): Promise<ContactRow | null> {
  const [r] = await db
    .insert(contacts)
    .values({ companyId, name: c.name, number: c.number, email: c.email, extraInfo: c.extraInfo ?? [] })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning();
  return r ?? null;
}

/** Bulk insert for imports; answers the rows actually inserted (numbers already present are skipped). */
export async function insertContacts(companyId: number, list: NewContact[]): Promise<ContactRow[]> {
  if (!list.length) return [];
  return db
    .insert(contacts)
    .values(
      list.map((c) => ({ companyId, name: c.name, number: c.number, email: c.email, extraInfo: c.extraInfo ?? [] })),
    )
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning();
}

export type ContactPatch = Partial<{
  name: string;
  number: string;
  email: string;
  extraInfo: StoredExtraInfo[];
  commandBot: string | null;
}>;

/** Updates; 'duplicate' when the new number belongs to another contact of the company. */
export async function updateContact(companyId: number, id: number, patch: ContactPatch): Promise<'ok' | 'duplicate'> {
  try {
    await db
      .update(contacts)
      .set({ ...patch, updatedAt: nowDate() })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function deleteContact(companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return r.length > 0;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Send-list view of the company's contacts (no groups), optionally those in any of the categories; capped. */
export async function sendListContacts(
  companyId: number,
  categoryIds: number[],
  limit: number,
): Promise<{ id: number; name: string; number: string; email: string }[]> {
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(and(filterWhere(companyId, { searchParam: '', categoryIds }), eq(contacts.isGroup, false)))
    .orderBy(asc(contacts.id))
    .limit(limit);
}
