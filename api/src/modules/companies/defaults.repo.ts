import { DEFAULT_GROUPS, DEFAULT_QUEUES, PLAN_DEFAULTS } from '@zapdesk/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { companies, plans, queues, userAuthorizations, userQueues, users } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';

/** The db or a transaction: both offer the query builders these helpers use. */
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
export type Executor = typeof db | Tx;

export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type NewUser = typeof users.$inferInsert;

/**
 * Platform-level (not tenant) reads and writes used by sign-up, the demo seed and the CLI.
 * Functions named `unsafe…` deliberately ignore tenancy (they look a company or user up before one is known).
 */

/** Serialises concurrent "create if missing" steps on one key (company defaults, the standard plan). */
async function lock(tx: Tx, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
const STANDARD_PLAN_LOCK = 7_310_001;
const companyDefaultsLock = (companyId: number) => 7_320_000_000 + companyId;

/** Spec 3 §9 plan defaults: 1 attendant, 1 connection, active, PIX, every flag on except campaigns. */
export async function ensureStandardPlanRow(): Promise<PlanRow> {
  return db.transaction(async (tx) => {
    await lock(tx, STANDARD_PLAN_LOCK);
    const [existing] = await tx.select().from(plans).where(eq(plans.isStandard, true)).orderBy(asc(plans.id)).limit(1);
    if (existing) return existing;
    const [created] = await tx
      .insert(plans)
      .values({
        name: 'Padrão',
        isStandard: true,
        isPublic: true,
        ...PLAN_DEFAULTS,
      })
      .returning();
    return created;
  });
}

/** The company's effective flags and limits copied from a plan (the company row is what permission checks read). */
export function companyValuesFromPlan(plan: PlanRow): Partial<NewCompany> {
  return {
    planId: plan.id,
    numberAttendants: plan.numberAttendants,
    numberConections: plan.numberConnections,
    enableReports: plan.enableReports,
    enableDashboard: plan.enableDashboard,
    enableCampaigns: plan.enableCampaigns,
    enableSchedules: plan.enableSchedules,
    enableApi: plan.enableApi,
    enableBots: plan.enableBots,
    enableFlows: plan.enableFlows,
    iaIntegrationEnabled: plan.iaIntegrationEnabled,
    campaignSendLimitPerHour: plan.campaignSendLimitPerHour,
  };
}

export async function insertCompany(values: NewCompany, ex: Executor = db): Promise<CompanyRow> {
  const [c] = await ex.insert(companies).values(values).returning();
  return c;
}

export async function unsafeCountCompanies(): Promise<number> {
  const [r] = await db.select({ n: count() }).from(companies);
  return Number(r.n);
}

/**
 * Whether a company (any, active or not) has this CPF/CNPJ, compared normalized on both sides (marks dropped, letters
 * upper-cased: rows written before the document was normalized match too).
 */
export async function unsafeCompanyWithDocumentExists(normalized: string): Promise<boolean> {
  const [c] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`upper(regexp_replace(${companies.documentNumber}, '[^0-9A-Za-z]', '', 'g')) = ${normalized}`)
    .limit(1);
  return !!c;
}

export async function unsafeFindCompanyByName(name: string): Promise<CompanyRow | undefined> {
  const [c] = await db.select().from(companies).where(eq(companies.name, name)).orderBy(asc(companies.id)).limit(1);
  return c;
}

export async function updateCompanyRow(companyId: number, values: Partial<NewCompany>): Promise<void> {
  await db
    .update(companies)
    .set({ ...values, updatedAt: nowDate() })
    .where(eq(companies.id, companyId));
}

/**
 * Creates the default queues (when the company has none) and permission groups (when it has none), in one
 * transaction under a per-company lock so concurrent callers never create them twice.
 * Returns what was created (empty arrays when the company already had its own).
 */
export async function insertCompanyDefaults(
  companyId: number,
  ex?: Tx,
): Promise<{ queues: (typeof queues.$inferSelect)[]; groups: (typeof userAuthorizations.$inferSelect)[] }> {
  const run = async (tx: Tx) => {
    await lock(tx, companyDefaultsLock(companyId));
    const [q] = await tx.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
    const [g] = await tx
      .select({ n: count() })
      .from(userAuthorizations)
      .where(eq(userAuthorizations.companyId, companyId));
    const createdQueues = Number(q.n)
      ? []
      : await tx
          .insert(queues)
          .values(DEFAULT_QUEUES.map((d) => ({ companyId, name: d.name, color: d.color })))
          .onConflictDoNothing()
          .returning();
    const createdGroups = Number(g.n)
      ? []
      : await tx
          .insert(userAuthorizations)
          .values(DEFAULT_GROUPS.map((d) => ({ companyId, name: d.name, ...d.flags })))
          .returning();
    return { queues: createdQueues, groups: createdGroups };
  };
  return ex ? run(ex) : db.transaction(run);
}

export async function findGroupByName(companyId: number, name: string, ex: Executor = db) {
  const [g] = await ex
    .select()
    .from(userAuthorizations)
    .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.name, name)))
    .orderBy(asc(userAuthorizations.id))
    .limit(1);
  return g;
}

/** The demo attendant's group sees tickets without a queue (the demo connection serves every queue). */
export async function allowNoQueueInGroup(companyId: number, groupId: number): Promise<void> {
  await db
    .update(userAuthorizations)
    .set({ allowNoQueue: true })
    .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.id, groupId)));
}

export async function findQueueByName(companyId: number, name: string, ex: Executor = db) {
  const [q] = await ex
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.name, name)))
    .orderBy(asc(queues.id))
    .limit(1);
  return q;
}

export async function listQueueIds(companyId: number, ex: Executor = db): Promise<number[]> {
  const rows = await ex.select({ id: queues.id }).from(queues).where(eq(queues.companyId, companyId));
  return rows.map((r) => r.id);
}

export async function unsafeFindUserByEmail(email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

export async function insertUserWithQueues(
  values: NewUser,
  queueIds: number[],
  ex: Executor = db,
): Promise<typeof users.$inferSelect> {
  const [u] = await ex
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (queueIds.length) {
    await ex
      .insert(userQueues)
      .values(queueIds.map((queueId) => ({ companyId: values.companyId, userId: u.id, queueId })))
      .onConflictDoNothing();
  }
  return u;
}

/** Runs fn in one transaction (sign-up: company, defaults and admin all or nothing). */
export function inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
