/**
 * A company's records by id, in one place: every statement carries the company (an id of another company is a
 * missing record). Used by the record areas' repos (tags, categories, quick answers, queues, groups).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { nowDate } from '../clock';
import { db } from './index';

/** A table of company records: `id` and `companyId` columns. */
export type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn };

const byId = (table: CompanyTable, companyId: number, id: number): SQL =>
  and(eq(table.companyId, companyId), eq(table.id, id)) as SQL;

/** The company's record, or undefined (another company's is missing too). */
export async function findInCompany<T extends CompanyTable>(
  table: T,
  companyId: number,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [r] = await db
    .select()
    .from(table as PgTable)
    .where(byId(table, companyId, id))
    .limit(1);
  return r as T['$inferSelect'] | undefined;
}

/** A new record of the company, as stored. */
export async function insertInCompany<T extends CompanyTable>(
  table: T,
  companyId: number,
  values: Omit<T['$inferInsert'], 'companyId'>,
): Promise<T['$inferSelect']> {
  const [r] = await db
    .insert(table as PgTable)
    .values({ ...values, companyId } as never)
    .returning();
  return r as T['$inferSelect'];
}

/** Changes the company's record (and its `updatedAt`); the record after, or undefined when it is not there. */
export async function updateInCompany<T extends CompanyTable & { updatedAt: PgColumn }>(
  table: T,
  companyId: number,
  id: number,
  patch: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const [r] = await db
    .update(table as PgTable)
    .set({ ...patch, updatedAt: nowDate() } as never)
    .where(byId(table, companyId, id))
    .returning();
  return r as T['$inferSelect'] | undefined;
}

/** Deletes the company's record; false when it was not there. */
export async function deleteInCompany(table: CompanyTable, companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(table)
    .where(byId(table, companyId, id))
    .returning({ id: table.id });
  return r.length > 0;
}
