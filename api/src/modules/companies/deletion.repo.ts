import { eq, getTableColumns, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { companies, plans } from '../../db/schema';
import { db } from '../../platform/db';

/**
 * Company deletion (issue 20): every table with a company_id column, found from the schema module (a table added
 * later is covered by construction), children before parents so each statement's cascades stay small. The jobs
 * queue is left to the Jobs port (it may live in Redis); plans only lose the company's mark (they are platform-level).
 */
type TenantTable = { name: string; table: PgTable; companyId: PgColumn };

export function tenantTables(): TenantTable[] {
  const all: TenantTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const cols = getTableColumns(value) as Record<string, PgColumn>;
    const name = getTableConfig(value).name;
    if ('companyId' in cols && name !== 'jobs' && name !== 'plans')
      all.push({ name, table: value, companyId: cols.companyId });
  }
  // children first: a table goes once no remaining table references it
  const refs = new Map(
    all.map((t) => [
      t.name,
      new Set(getTableConfig(t.table).foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name)),
    ]),
  );
  const ordered: TenantTable[] = [];
  let left = [...all];
  while (left.length) {
    const free = left.filter((t) => !left.some((o) => o !== t && refs.get(o.name)?.has(t.name)));
    const next = free.length ? free : [left[0]];
    ordered.push(...next);
    left = left.filter((t) => !next.includes(t));
  }
  return ordered;
}

const BATCH = 2000;

/** Deletes the company's rows of one table in batches; answers how many. */
async function deleteInBatches(t: TenantTable, companyId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ ctid: sql`ctid` }).from(t.table).where(eq(t.companyId, companyId)).limit(BATCH);
    const rows = await db.delete(t.table).where(inArray(sql`ctid`, batch)).returning({ one: sql<number>`1` });
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Every row of the company, then the company itself. Answers the rows removed per table. */
export async function deleteCompanyRows(companyId: number): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const t of tenantTables()) {
    const n = await deleteInBatches(t, companyId);
    if (n) removed[t.name] = n;
  }
  await db.update(plans).set({ companyId: null }).where(eq(plans.companyId, companyId));
  const gone = await db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id });
  removed.companies = gone.length;
  return removed;
}
