import { and, asc, eq } from 'drizzle-orm';
import { userAuthorizations, users } from '../../db/schema';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, nameExists, type Page, type PageWindow } from '../../platform/db/paging';
import { findInCompany, insertInCompany, updateInCompany } from '../../platform/db/records';

export type GroupRow = typeof userAuthorizations.$inferSelect;
export type NewGroupRow = Omit<typeof userAuthorizations.$inferInsert, 'id' | 'companyId'>;

/** A page of the company's permission groups by name; `search` contained in the name. */
export function listGroupsPage(companyId: number, search: string, w: PageWindow): Promise<Page<GroupRow>> {
  const where = and(eq(userAuthorizations.companyId, companyId), containsText(search, userAuthorizations.name));
  const rows = db
    .select()
    .from(userAuthorizations)
    .where(where)
    .orderBy(asc(userAuthorizations.name), asc(userAuthorizations.id))
    .limit(w.limit)
    .offset(w.offset);
  return countedPage(w, rows, countRows(userAuthorizations, where));
}

export const findGroupInCompany = (companyId: number, id: number): Promise<GroupRow | undefined> =>
  findInCompany(userAuthorizations, companyId, id);

export const groupNameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(userAuthorizations, userAuthorizations, companyId, name, exceptId);

export const insertGroup = (companyId: number, values: NewGroupRow): Promise<GroupRow> =>
  insertInCompany(userAuthorizations, companyId, values);

export const updateGroup = (
  companyId: number,
  id: number,
  values: Partial<NewGroupRow>,
): Promise<GroupRow | undefined> => updateInCompany(userAuthorizations, companyId, id, values);

/** The users of a group (their live streams take its new flags). */
export async function groupMemberIds(companyId: number, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userAuthorizationId, id)));
  return rows.map((r) => r.id);
}

/** Deletes the group; its users keep working with the new-group defaults (FK sets their group to null). */
export async function deleteGroup(companyId: number, id: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const members = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.userAuthorizationId, id)));
    await tx
      .delete(userAuthorizations)
      .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.id, id)));
    return members.map((m) => m.id);
  });
}
