import { and, asc, eq } from 'drizzle-orm';
import { userAuthorizations, users } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, nameExists, type Page, type PageWindow } from '../../platform/db/paging';

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

export async function findGroupInCompany(companyId: number, id: number): Promise<GroupRow | undefined> {
  const [g] = await db
    .select()
    .from(userAuthorizations)
    .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.id, id)))
    .limit(1);
  return g;
}

export const groupNameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(userAuthorizations, userAuthorizations, companyId, name, exceptId);

export async function insertGroup(companyId: number, values: NewGroupRow): Promise<GroupRow> {
  const [g] = await db
    .insert(userAuthorizations)
    .values({ ...values, companyId })
    .returning();
  return g;
}

export async function updateGroup(companyId: number, id: number, values: Partial<NewGroupRow>): Promise<GroupRow> {
  const [g] = await db
    .update(userAuthorizations)
    .set({ ...values, updatedAt: nowDate() })
    .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.id, id)))
    .returning();
  return g;
}

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
