import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { authSessions, companies, plans, users, whatsapps } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

/**
 * The SaaS administration's reads and writes (companies and plans of the whole platform). Companies are addressed
 * by their own id here: the services decide who may (the master any company, a payPanelAccess user their own).
 */
export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type CompanyRow = typeof companies.$inferSelect;
export type CompanyPatch = Partial<typeof companies.$inferInsert>;

export type CompanyListRow = CompanyRow & {
  planName: string | null;
  userName: string | null;
  usersCount: number;
  connectionsCount: number;
};

const usersCount = sql<number>`(select count(*) from ${users} u where u.company_id = "companies"."id")::int`;
const connectionsCount = sql<number>`(select count(*) from ${whatsapps} w where w.company_id = "companies"."id")::int`;
/** the first user (spec 3 §3 userName): the oldest one */
const userName = sql<
  string | null
>`(select u.name from ${users} u where u.company_id = "companies"."id" order by u.id limit 1)`;

const companyColumns = {
  company: companies,
  planName: plans.name,
  userName,
  usersCount,
  connectionsCount,
};

type JoinedRow = {
  company: CompanyRow;
  planName: string | null;
  userName: string | null;
  usersCount: unknown;
  connectionsCount: unknown;
};
const flatten = (r: JoinedRow): CompanyListRow => ({
  ...r.company,
  planName: r.planName,
  userName: r.userName,
  usersCount: Number(r.usersCount ?? 0),
  connectionsCount: Number(r.connectionsCount ?? 0),
});

export function listCompanies(search: string, w: PageWindow): Promise<Page<CompanyListRow>> {
  const where = containsText(
    search,
    companies.name,
    sql`coalesce(${companies.companyName}, '')`,
    sql`coalesce(${companies.email}, '')`,
    sql`coalesce(${companies.documentNumber}, '')`,
  );
  const rows = db
    .select(companyColumns)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(where)
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(flatten));
  return countedPage(w, rows, countRows(companies, where));
}

export async function findCompany(companyId: number): Promise<CompanyListRow | undefined> {
  const [r] = await db
    .select(companyColumns)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return r ? flatten(r) : undefined;
}

export async function updateCompany(companyId: number, patch: CompanyPatch): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ ...patch, updatedAt: nowDate() })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/**
 * Ends every session of the company's non-master users: their access tokens die with the tokenVersion bump (the
 * next request answers ERR_SESSION_EXPIRED, the refresh then fails) and their refresh sessions are revoked.
 */
export async function endCompanySessions(companyId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const bumped = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.companyId, companyId), eq(users.master, false)))
      .returning({ id: users.id });
    const ids = bumped.map((u) => u.id);
    if (ids.length)
      await tx
        .update(authSessions)
        .set({ revokedAt: nowDate() })
        .where(
          and(eq(authSessions.companyId, companyId), inArray(authSessions.userId, ids), isNull(authSessions.revokedAt)),
        );
    return ids;
  });
}

// plans

export type PlanListRow = PlanRow & { companiesCount: number };
const companiesCount = sql<number>`(select count(*) from ${companies} c where c.plan_id = "plans"."id")::int`;

/** Plans by name; `visibleTo` limits a non-master to public active plans and their company's own plan. */
export function listPlans(
  search: string,
  w: PageWindow,
  visibleTo?: { ownPlanId: number | null },
): Promise<Page<PlanListRow>> {
  const filters: (SQL | undefined)[] = [containsText(search, plans.name)];
  if (visibleTo) {
    const publicActive = and(eq(plans.isPublic, true), eq(plans.status, true));
    filters.push(visibleTo.ownPlanId ? sql`(${publicActive} or ${plans.id} = ${visibleTo.ownPlanId})` : publicActive);
  }
  const where = and(...filters);
  const rows = db
    .select({ plan: plans, companiesCount })
    .from(plans)
    .where(where)
    .orderBy(asc(sql`lower(${plans.name})`), asc(plans.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map((r) => ({ ...r.plan, companiesCount: Number(r.companiesCount ?? 0) })));
  return countedPage(w, rows, countRows(plans, where));
}

export async function findPlan(planId: number): Promise<PlanListRow | undefined> {
  const [r] = await db.select({ plan: plans, companiesCount }).from(plans).where(eq(plans.id, planId));
  return r ? { ...r.plan, companiesCount: Number(r.companiesCount ?? 0) } : undefined;
}

export async function listPublicPlans(): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.isPublic, true), eq(plans.status, true)))
    .orderBy(asc(plans.value1Month), asc(plans.id));
}

export async function insertPlan(values: NewPlan): Promise<PlanRow> {
  const [p] = await db.insert(plans).values(values).returning();
  return p;
}

export async function updatePlan(planId: number, patch: Partial<NewPlan>): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ ...patch, updatedAt: nowDate() })
    .where(eq(plans.id, planId))
    .returning({ id: plans.id });
  return rows.length > 0;
}

/** Only one standard plan: the others lose the mark when one takes it. */
export async function clearStandardExcept(planId: number): Promise<void> {
  await db
    .update(plans)
    .set({ isStandard: false })
    .where(and(eq(plans.isStandard, true), ne(plans.id, planId)));
}

/** Deletes the plan; its companies keep their copied flags and limits but have no plan any more. */
export async function deletePlan(planId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(companies).set({ planId: null, updatedAt: nowDate() }).where(eq(companies.planId, planId));
    const rows = await tx.delete(plans).where(eq(plans.id, planId)).returning({ id: plans.id });
    return rows.length > 0;
  });
}

export async function countCompanies(): Promise<number> {
  const [r] = await db.select({ n: count() }).from(companies);
  return Number(r.n);
}
