/**
 * Billing's only database access. Queries of one company take its id; the few platform-level ones (the master's
 * list, the daily job's sweep, the webhook's lookup by the gateway's payment id, the settings) say so with `unsafe`
 * or `platform` in their names. Companies and plans are read (names, prices, trial) — never written: the company's
 * active flag changes through the companies service.
 */
import type { InvoiceStatus } from '@zapdesk/core';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  billingBlocks,
  billingCustomers,
  billingSettings,
  companies,
  invoices,
  paymentEvents,
  plans,
  users,
} from '../../db/schema';
import { db, queryRows } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

export type InvoiceRow = typeof invoices.$inferSelect & { companyName: string; planName: string | null };
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'companyId'>;
export type InvoicePatch = Partial<
  Pick<
    typeof invoices.$inferInsert,
    | 'status'
    | 'payDate'
    | 'paymentLink'
    | 'transactionReceiptUrl'
    | 'gateway'
    | 'gatewayPaymentId'
    | 'gatewayCustomerId'
    | 'updatedAt'
  >
>;

const columns = {
  id: invoices.id,
  companyId: invoices.companyId,
  planId: invoices.planId,
  startInvoicePeriod: invoices.startInvoicePeriod,
  endInvoicePeriod: invoices.endInvoicePeriod,
  value: invoices.value,
  billingType: invoices.billingType,
  dueDate: invoices.dueDate,
  recurrence: invoices.recurrence,
  status: invoices.status,
  payDate: invoices.payDate,
  paymentLink: invoices.paymentLink,
  transactionReceiptUrl: invoices.transactionReceiptUrl,
  gateway: invoices.gateway,
  gatewayPaymentId: invoices.gatewayPaymentId,
  gatewayCustomerId: invoices.gatewayCustomerId,
  automatic: invoices.automatic,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  companyName: companies.name,
  planName: plans.name,
};

const selectInvoices = () =>
  db
    .select(columns)
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(plans, eq(plans.id, invoices.planId));

export async function findInvoice(companyId: number, id: number): Promise<InvoiceRow | undefined> {
  const [r] = await selectInvoices().where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  return r;
}

/** The master's lookup by id, whatever the company (platform administration). */
export async function unsafeFindInvoice(id: number): Promise<InvoiceRow | undefined> {
  const [r] = await selectInvoices().where(eq(invoices.id, id));
  return r;
}

/** A company's invoices of a plan (GET /invoiceToPlan), newest period first. */
export function listCompanyInvoicesOfPlan(companyId: number, planId: number): Promise<InvoiceRow[]> {
  return selectInvoices()
    .where(and(eq(invoices.companyId, companyId), eq(invoices.planId, planId)))
    .orderBy(desc(invoices.dueDate), desc(invoices.id));
}

/** Every invoice of a company (the daily job's view of its cycle). */
export function listCompanyInvoices(companyId: number): Promise<InvoiceRow[]> {
  return selectInvoices().where(eq(invoices.companyId, companyId)).orderBy(asc(invoices.dueDate), asc(invoices.id));
}

/** GET /invoices (master): every company's invoices, search in the company name, newest due date first. */
export function unsafeListInvoicesPage(
  q: { search: string; status?: InvoiceStatus; companyId?: number },
  w: PageWindow,
): Promise<Page<InvoiceRow>> {
  const parts: (SQL | undefined)[] = [containsText(q.search, companies.name, companies.companyName)];
  if (q.status) parts.push(eq(invoices.status, q.status));
  if (q.companyId) parts.push(eq(invoices.companyId, q.companyId));
  const where = and(...parts);
  const rows = selectInvoices()
    .where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(w.limit)
    .offset(w.offset);
  const total = q.search
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(where)
        .then((r) => Number(r[0]?.n ?? 0))
    : countRows(invoices, where);
  return countedPage(w, rows, total);
}

/** Inserts an invoice; an automatic one already made for that period answers undefined (unique per period). */
export async function insertInvoice(companyId: number, v: NewInvoice): Promise<number | undefined> {
  const [r] = await db
    .insert(invoices)
    .values({ ...v, companyId })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  return r?.id;
}

export async function updateInvoice(companyId: number, id: number, patch: InvoicePatch): Promise<boolean> {
  const r = await db
    .update(invoices)
    .set(patch)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .returning({ id: invoices.id });
  return r.length > 0;
}

/** Moves the invoice to `to` only from `from` (a concurrent move wins once). */
export async function moveInvoiceStatus(
  companyId: number,
  id: number,
  from: InvoiceStatus,
  patch: InvoicePatch & { status: InvoiceStatus },
): Promise<boolean> {
  const r = await db
    .update(invoices)
    .set(patch)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id), eq(invoices.status, from)))
    .returning({ id: invoices.id });
  return r.length > 0;
}

/** Deletes a PENDING invoice; false when it is missing or no longer PENDING. */
export async function deletePendingInvoice(companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id), eq(invoices.status, 'PENDING')))
    .returning({ id: invoices.id });
  return r.length > 0;
}

/**
 * Forgets a payment the gateway cancelled on an invoice that is still unpaid (its delete lost a race with the daily
 * run): the daily run gives it a new payment (unsafeInvoicesWithoutPayment).
 */
export async function detachCancelledPayment(companyId: number, id: number, gatewayPaymentId: string): Promise<void> {
  await db
    .update(invoices)
    .set({ gatewayPaymentId: null, paymentLink: null })
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.id, id),
        eq(invoices.gatewayPaymentId, gatewayPaymentId),
        inArray(invoices.status, ['PENDING', 'OVERDUE']),
      ),
    );
}

/** The company's unpaid invoices (PENDING, OVERDUE) that have a payment at a gateway (its deletion cancels them). */
export async function unpaidInvoicesWithPayment(
  companyId: number,
): Promise<{ id: number; gateway: string | null; gatewayPaymentId: string | null }[]> {
  return db
    .select({ id: invoices.id, gateway: invoices.gateway, gatewayPaymentId: invoices.gatewayPaymentId })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoices.status, ['PENDING', 'OVERDUE']),
        isNotNull(invoices.gatewayPaymentId),
      ),
    )
    .orderBy(asc(invoices.id));
}

/** PENDING invoices past their due date, every company (the daily job). */
export function unsafePendingDueBefore(today: string): Promise<{ id: number; companyId: number; dueDate: string }[]> {
  return db
    .select({ id: invoices.id, companyId: invoices.companyId, dueDate: invoices.dueDate })
    .from(invoices)
    .where(and(eq(invoices.status, 'PENDING'), sql`${invoices.dueDate} < ${today}`))
    .orderBy(asc(invoices.id));
}

/** PENDING invoices without a payment at a gateway yet (its call failed): the daily job retries them. */
export function unsafeInvoicesWithoutPayment(
  limit: number,
  createdBefore: Date,
): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: invoices.id, companyId: invoices.companyId })
    .from(invoices)
    .where(
      and(
        inArray(invoices.status, ['PENDING', 'OVERDUE']),
        sql`${invoices.gatewayPaymentId} is null`,
        lte(invoices.createdAt, createdBefore),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/** Companies with an unpaid invoice, or that billing turned off (the daily job's grace check). */
export async function unsafeCompaniesToCheck(): Promise<number[]> {
  const rows = await queryRows<{ company_id: number }>(
    sql`select distinct company_id from ${invoices} where status in ('PENDING','OVERDUE')
        union select company_id from ${billingBlocks}`,
  );
  return rows.map((r) => Number(r.company_id));
}

// ---------- notices (read by the notices dispatcher through the service)

export type NoticeInvoiceRow = InvoiceRow;

/** Invoices due in [fromDay, toDay], or created / paid since `since`, every company. */
export function unsafeInvoicesForNotices(fromDay: string, toDay: string, since: Date): Promise<InvoiceRow[]> {
  return selectInvoices()
    .where(
      or(
        and(gte(invoices.dueDate, fromDay), lte(invoices.dueDate, toDay)),
        gte(invoices.createdAt, since),
        gte(invoices.payDate, since),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
}

// ---------- companies and plans (read only)

export type BillingCompanyRow = {
  companyId: number;
  companyName: string;
  email: string | null;
  documentNumber: string | null;
  status: boolean;
  trialEndsAt: Date | null;
  planId: number | null;
  automaticInvoice: boolean;
  recurrence: string | null;
  billingType: string | null;
  value1Month: string | null;
  value3Months: string | null;
  value6Months: string | null;
  value12Months: string | null;
};

/** What billing reads of a plan's prices (the company's plan and a plan alone). */
const planPriceColumns = {
  recurrence: plans.recurrence,
  billingType: plans.billingType,
  value1Month: plans.value1Month,
  value3Months: plans.value3Months,
  value6Months: plans.value6Months,
  value12Months: plans.value12Months,
};

const companyColumns = {
  companyId: companies.id,
  companyName: companies.name,
  email: companies.email,
  documentNumber: companies.documentNumber,
  status: companies.status,
  trialEndsAt: companies.trialEndsAt,
  planId: companies.planId,
  automaticInvoice: sql<boolean>`coalesce(${plans.automaticInvoice}, false)`,
  ...planPriceColumns,
};

export async function findBillingCompany(companyId: number): Promise<BillingCompanyRow | undefined> {
  const [r] = await db
    .select(companyColumns)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return r;
}

/** Companies whose plan bills automatically (the daily job). */
export function unsafeAutomaticCompanies(): Promise<BillingCompanyRow[]> {
  return db
    .select(companyColumns)
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(plans.automaticInvoice, true))
    .orderBy(asc(companies.id));
}

export type PlanPriceRow = {
  id: number;
  name: string;
  status: boolean;
  isPublic: boolean;
  recurrence: string;
  billingType: string;
  value1Month: string;
  value3Months: string;
  value6Months: string;
  value12Months: string;
};

/** A plan (platform-level) for billing: prices, recurrence, billing type. */
export async function findPlan(planId: number): Promise<PlanPriceRow | undefined> {
  const [r] = await db
    .select({
      id: plans.id,
      name: plans.name,
      status: plans.status,
      isPublic: plans.isPublic,
      ...planPriceColumns,
    })
    .from(plans)
    .where(eq(plans.id, planId));
  return r;
}

/** Master users (live invoice events reach them in their own company). */
export function unsafeMasterUsers(): Promise<{ id: number; companyId: number }[]> {
  return db.select({ id: users.id, companyId: users.companyId }).from(users).where(sql`${users.master} = true`);
}

// ---------- blocks, customers, settings

export async function isBlockedByBilling(companyId: number): Promise<boolean> {
  const [r] = await db.select().from(billingBlocks).where(eq(billingBlocks.companyId, companyId));
  return !!r;
}

export async function setBlockedByBilling(companyId: number, blocked: boolean, at: Date): Promise<void> {
  if (blocked) {
    await db.insert(billingBlocks).values({ companyId, blockedAt: at }).onConflictDoNothing();
  } else {
    await db.delete(billingBlocks).where(eq(billingBlocks.companyId, companyId));
  }
}

export async function findCustomer(companyId: number, gateway: string): Promise<string | undefined> {
  const [r] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.companyId, companyId), eq(billingCustomers.gateway, gateway)));
  return r?.customerId;
}

export async function saveCustomer(companyId: number, gateway: string, customerId: string): Promise<void> {
  await db.insert(billingCustomers).values({ companyId, gateway, customerId }).onConflictDoNothing();
}

export async function platformBillingSettings(): Promise<{ graceDays: number; invoiceDaysBefore: number } | undefined> {
  const [r] = await db
    .select({ graceDays: billingSettings.graceDays, invoiceDaysBefore: billingSettings.invoiceDaysBefore })
    .from(billingSettings)
    .where(eq(billingSettings.id, 1));
  return r;
}

export async function savePlatformBillingSettings(
  v: { graceDays: number; invoiceDaysBefore: number },
  at: Date,
): Promise<void> {
  await db
    .insert(billingSettings)
    .values({ id: 1, ...v, updatedAt: at })
    .onConflictDoUpdate({ target: billingSettings.id, set: { ...v, updatedAt: at } });
}

// ---------- webhook events

export type PaymentEventInput = {
  gateway: string;
  eventId: string;
  event: string;
  gatewayPaymentId: string | null;
};

export type AppliedPayment =
  | { kind: 'replay' }
  | { kind: 'ignored' }
  | { kind: 'applied'; companyId: number; invoiceId: number; changed: boolean };

/**
 * Applies a gateway event once, in one transaction: the event row (unique per gateway and event id: a replay finds
 * it and changes nothing), the invoice found by the gateway's payment id, and the patch `decide` answers for it
 * (null: nothing to change). Committed before the caller answers the webhook.
 */
export async function applyPaymentEvent(
  e: PaymentEventInput,
  decide: (inv: { id: number; companyId: number; status: InvoiceStatus; dueDate: string }) => InvoicePatch | null,
  at: Date,
): Promise<AppliedPayment> {
  return db.transaction(async (tx) => {
    const [ev] = await tx
      .insert(paymentEvents)
      .values({ ...e, outcome: 'ignored', receivedAt: at })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!ev) return { kind: 'replay' } as const;
    if (!e.gatewayPaymentId) return { kind: 'ignored' } as const;
    const [inv] = await tx
      .select({ id: invoices.id, companyId: invoices.companyId, status: invoices.status, dueDate: invoices.dueDate })
      .from(invoices)
      .where(and(eq(invoices.gateway, e.gateway), eq(invoices.gatewayPaymentId, e.gatewayPaymentId)))
      .for('update');
    if (!inv) return { kind: 'ignored' } as const;
    const patch = decide({ ...inv, status: inv.status as InvoiceStatus });
    if (patch) await tx.update(invoices).set(patch).where(eq(invoices.id, inv.id));
    await tx
      .update(paymentEvents)
      .set({ outcome: 'applied', invoiceId: inv.id, companyId: inv.companyId })
      .where(eq(paymentEvents.id, ev.id));
    return { kind: 'applied', companyId: inv.companyId, invoiceId: inv.id, changed: !!patch } as const;
  });
}

/** The company platform jobs belong to: the first master's, else the first company (null on an empty install). */
export async function unsafePlatformJobCompany(): Promise<number | null> {
  const [m] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(sql`${users.master} = true`)
    .orderBy(asc(users.id))
    .limit(1);
  if (m) return m.companyId;
  const [c] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  return c?.id ?? null;
}

/** A company by its exact name (the demo seed). */
export async function unsafeFindCompanyByName(
  name: string,
): Promise<{ id: number; planId: number | null } | undefined> {
  const [r] = await db
    .select({ id: companies.id, planId: companies.planId })
    .from(companies)
    .where(eq(companies.name, name))
    .orderBy(asc(companies.id))
    .limit(1);
  return r;
}
