import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { userAuthorizations, users } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';

export type GroupRow = typeof userAuthorizations.$inferSelect;
export type NewGroupRow = Omit<typeof userAuthorizations.$inferInsert, 'id' | 'companyId'>;

function where(companyId: number, search: string): SQL | undefined {
  const scope = eq(userAuthorizations.companyId, companyId);
  if (!search) return scope;
  return and(scope, ilike(userAuthorizations.name, `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
}

export async function listGroupsPage(companyId: number, opts: { search: string; limit: number; offset: number }) {
  const w = where(companyId, opts.search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userAuthorizations)
      .where(w)
      .orderBy(asc(userAuthorizations.name), asc(userAuthorizations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(userAuthorizations).where(w),
  ]);
  return { rows, count: Number(total.n) };
}

export async function findGroupInCompany(companyId: number, id: number): Promise<GroupRow | undefined> {
  const [g] = await db
    .select()
    .from(userAuthorizations)
    .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.id, id)))
    .limit(1);
  return g;
}

export async function groupNameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const [r] = await db
    .select({ id: userAuthorizations.id })
    .from(userAuthorizations)
    .where(
      and(
        eq(userAuthorizations.companyId, companyId),
        sql`lower(${userAuthorizations.name}) = lower(${name})`,
        exceptId ? sql`${userAuthorizations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!r;
}

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
