import type { CategoryContactDto } from '@zapdesk/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { categoryContacts, contactCategories } from '../../db/schema';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, nameExists, type Page, type PageWindow } from '../../platform/db/paging';
import { deleteInCompany, findInCompany, insertInCompany, updateInCompany } from '../../platform/db/records';

type Row = typeof categoryContacts.$inferSelect;

export function toCategoryContactDto(r: Row): CategoryContactDto {
  return {
    id: r.id,
    name: r.name,
    color: r.color ?? null,
    userId: r.userId ?? null,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A page of the company's categories by name (case-insensitive), `search` contained in the name. */
export function listCategoryContacts(
  companyId: number,
  search: string,
  w: PageWindow,
): Promise<Page<CategoryContactDto>> {
  const where = and(eq(categoryContacts.companyId, companyId), containsText(search, categoryContacts.name));
  const rows = db
    .select()
    .from(categoryContacts)
    .where(where)
    .orderBy(asc(sql`lower(${categoryContacts.name})`), asc(categoryContacts.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toCategoryContactDto));
  return countedPage(w, rows, countRows(categoryContacts, where));
}

/** Every category of the company, by name (selectors, filters). */
export async function allCategoryContacts(companyId: number): Promise<CategoryContactDto[]> {
  const rows = await db
    .select()
    .from(categoryContacts)
    .where(eq(categoryContacts.companyId, companyId))
    .orderBy(asc(sql`lower(${categoryContacts.name})`), asc(categoryContacts.id));
  return rows.map(toCategoryContactDto);
}

export async function findCategoryContact(companyId: number, id: number): Promise<CategoryContactDto | null> {
  const r = await findInCompany(categoryContacts, companyId, id);
  return r ? toCategoryContactDto(r) : null;
}

/** A category of the company with this name (case-insensitive), other than `exceptId`. */
export const categoryNameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(categoryContacts, categoryContacts, companyId, name, exceptId);

export async function insertCategoryContact(
  companyId: number,
  v: { name: string; color: string | null; userId: number | null },
): Promise<CategoryContactDto> {
  return toCategoryContactDto(await insertInCompany(categoryContacts, companyId, v));
}

export async function updateCategoryContact(
  companyId: number,
  id: number,
  patch: Partial<{ name: string; color: string | null }>,
): Promise<CategoryContactDto | null> {
  const r = await updateInCompany(categoryContacts, companyId, id, patch);
  return r ? toCategoryContactDto(r) : null;
}

export const deleteCategoryContact = (companyId: number, id: number): Promise<boolean> =>
  deleteInCompany(categoryContacts, companyId, id);

/** How many of these ids are categories of the company. */
export async function countCategoriesInCompany(companyId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return countRows(categoryContacts, and(eq(categoryContacts.companyId, companyId), inArray(categoryContacts.id, ids)));
}

/** Replaces a contact's categories (the caller checked both belong to the company). */
export async function replaceContactCategories(companyId: number, contactId: number, categoryIds: number[]) {
  await db.transaction(async (tx) => {
    await tx
      .delete(contactCategories)
      .where(and(eq(contactCategories.companyId, companyId), eq(contactCategories.contactId, contactId)));
    if (categoryIds.length) {
      await tx
        .insert(contactCategories)
        .values(categoryIds.map((categoryId) => ({ companyId, contactId, categoryId })))
        .onConflictDoNothing();
    }
  });
}
