import {
  addDaysToDay,
  BILLING_DEFAULTS,
  BILLING_SETTING_MAX_DAYS,
  BILLING_TYPES,
  type BillingSettingsDto,
  type BillingSettingsInput,
  type BillingType,
  billingCompanyAction,
  DomainError,
  dayIn,
  events,
  firstPeriodStart,
  formatBrl,
  INVOICE_TEXTS,
  type InvoiceDto,
  type InvoiceEvent,
  type InvoiceListQuery,
  type InvoiceMonths,
  type InvoicePageDto,
  type InvoiceStatus,
  invoiceValueCents,
  isUnpaid,
  type ManualInvoiceInput,
  monthsOfRecurrence,
  moveInvoice,
  moveOfGatewayStatus,
  nextAutomaticInvoice,
  PAGE_SIZE,
  pageWindow,
  periodFrom,
  toCents,
} from '@zapdesk/core';
import { now, nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { type FakeGateway, PaymentGatewayError, paymentGateway } from '../../platform/payments';
import { setCompanyActive } from '../companies/saas.service';
import { type InvoiceHookEvent, runInvoiceHooks } from './billing.hooks';
import * as repo from './billing.repo';

/** The platform's time zone: the calendar day of due dates and of the daily job (Brazil first). */
export const BILLING_TIME_ZONE = 'America/Sao_Paulo';

export const todayOf = (ms: number): string => dayIn(ms, BILLING_TIME_ZONE);

// ---------- shapes

const billingTypeOf = (s: string): BillingType =>
  (BILLING_TYPES as readonly string[]).includes(s) ? (s as BillingType) : 'PIX';
const monthsOf = (n: number): 1 | 3 | 6 | 12 => (n === 1 || n === 3 || n === 6 || n === 12 ? n : 1);

export function toInvoiceDto(r: repo.InvoiceRow): InvoiceDto {
  const cents = toCents(r.value) ?? 0;
  return {
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    planId: r.planId,
    planName: r.planName,
    startInvoicePeriod: r.startInvoicePeriod,
    endInvoicePeriod: r.endInvoicePeriod,
    value: cents / 100,
    valueBrl: formatBrl(cents),
    billingType: billingTypeOf(r.billingType),
    dueDate: r.dueDate,
    createdAt: r.createdAt.toISOString(),
    payDate: r.payDate ? r.payDate.toISOString() : null,
    recurrence: monthsOf(r.recurrence),
    status: r.status as InvoiceStatus,
    paymentLink: r.paymentLink,
    transactionReceiptUrl: r.transactionReceiptUrl,
    automatic: r.automatic,
  };
}

// ---------- reads for the notices dispatcher (issue 21, notify-api)

/** One invoice of the company for a notice (its company name, value, due date, status, payment link), or null. */
export async function getInvoiceForNotice(companyId: number, invoiceId: number): Promise<InvoiceDto | null> {
  const r = await repo.findInvoice(companyId, invoiceId);
  return r ? toInvoiceDto(r) : null;
}

/**
 * Every company's invoices a notice may be due for at `now` (ms, the shared clock): due within 20 days before or
 * after today, or created or paid in the last 15 days (a notice is at most 10 days from the due date, and a daily run
 * catches up at most 7 missed days).
 */
export async function listInvoicesForNotices(now: number): Promise<InvoiceDto[]> {
  const today = todayOf(now);
  const since = new Date(now - 15 * 86_400_000);
  const rows = await repo.unsafeInvoicesForNotices(addDaysToDay(today, -20), addDaysToDay(today, 20), since);
  return rows.map(toInvoiceDto);
}

// ---------- access and errors

const isMaster = (ctx: UserCtx) => ctx.caps.manageCompanies;
const invoiceNotFound = () => new DomainError('ERR_NOT_FOUND', INVOICE_TEXTS.notFound);
const companyNotFound = () => new DomainError('ERR_NOT_FOUND', 'Empresa não encontrada.');
const planNotFound = () => new DomainError('ERR_NOT_FOUND', 'Plano não encontrado.');

/**
 * The company whose invoices the caller reads or bills: the master any (default their own); a payPanelAccess user
 * their own only — another company's id is a missing one (404); without payPanelAccess 403.
 */
function targetCompany(ctx: UserCtx, companyId: number | undefined): number {
  if (isMaster(ctx)) return companyId ?? ctx.companyId;
  if (companyId !== undefined && companyId !== ctx.companyId) throw companyNotFound();
  assertCan(ctx, 'financialPanel');
  return ctx.companyId;
}

// ---------- settings

/** The billing settings: the master's saved ones, else BILLING_GRACE_DAYS / BILLING_INVOICE_DAYS_BEFORE, else 5 / 10. */
export async function billingSettings(): Promise<{ graceDays: number; invoiceDaysBefore: number }> {
  const saved = await repo.platformBillingSettings();
  if (saved) return saved;
  const fromEnv = (v: string | undefined, d: number) => {
    const n = Number(v);
    return v !== undefined && v !== '' && Number.isInteger(n) && n >= 0 && n <= BILLING_SETTING_MAX_DAYS ? n : d;
  };
  return {
    graceDays: fromEnv(process.env.BILLING_GRACE_DAYS, BILLING_DEFAULTS.graceDays),
    invoiceDaysBefore: fromEnv(process.env.BILLING_INVOICE_DAYS_BEFORE, BILLING_DEFAULTS.invoiceDaysBefore),
  };
}

/** GET /billing/settings (master). */
export async function showBillingSettings(ctx: UserCtx): Promise<BillingSettingsDto> {
  assertCan(ctx, 'manageCompanies');
  return { ...(await billingSettings()), gateway: paymentGateway().name };
}

/**
 * PUT /billing/settings (master): grace days and days before. A shorter grace applies at the next daily run (and
 * at once to the companies it now blocks or frees).
 */
export async function updateBillingSettings(ctx: UserCtx, input: BillingSettingsInput): Promise<BillingSettingsDto> {
  assertCan(ctx, 'manageCompanies');
  const current = await billingSettings();
  const next = {
    graceDays: input.graceDays ?? current.graceDays,
    invoiceDaysBefore: input.invoiceDaysBefore ?? current.invoiceDaysBefore,
  };
  await repo.savePlatformBillingSettings(next, nowDate());
  if (next.graceDays !== current.graceDays) await checkCompaniesGrace();
  return { ...next, gateway: paymentGateway().name };
}

// ---------- live events and hooks

/**
 * `invoice-{id}` and `invoices-{companyId}` to the invoice's company, and the same to each master user in their own
 * company (a master follows every company's invoices on /invoices and /companiesManager).
 */
async function emitInvoice(companyId: number, invoiceId: number, data: InvoiceEvent): Promise<void> {
  emit({ companyId, channel: events.invoice.of(invoiceId), data });
  emit({ companyId, channel: events.invoices.of(companyId), data });
  const masters = await repo.unsafeMasterUsers().catch(() => []);
  for (const m of masters) {
    if (m.companyId === companyId) continue;
    emit({ companyId: m.companyId, userId: m.id, channel: events.invoice.of(invoiceId), data });
    emit({ companyId: m.companyId, userId: m.id, channel: events.invoices.of(m.companyId), data });
  }
}

async function announce(companyId: number, invoiceId: number, hook: InvoiceHookEvent['event'] | null): Promise<void> {
  const row = await repo.findInvoice(companyId, invoiceId);
  if (row)
    await emitInvoice(companyId, invoiceId, {
      action: hook === 'created' ? 'create' : 'update',
      invoice: toInvoiceDto(row),
    });
  if (hook) await runInvoiceHooks({ companyId, invoiceId, event: hook });
}

// ---------- payment at the gateway

/**
 * Creates the invoice's payment at the gateway (the customer first, once per company and gateway) and stores its
 * link. A gateway failure leaves the invoice without a link (logged); the daily job tries again. Answers whether the
 * link is there.
 */
async function attachPayment(companyId: number, invoiceId: number): Promise<boolean> {
  const inv = await repo.findInvoice(companyId, invoiceId);
  if (!inv || inv.gatewayPaymentId || !isUnpaid(inv.status as InvoiceStatus)) return !!inv?.gatewayPaymentId;
  const gw = paymentGateway();
  try {
    let customerId = await repo.findCustomer(companyId, gw.name);
    if (!customerId) {
      const c = await repo.findBillingCompany(companyId);
      customerId = await gw.createCustomer({
        companyId,
        name: c?.companyName ?? inv.companyName,
        email: c?.email ?? null,
        documentNumber: c?.documentNumber ?? null,
      });
      await repo.saveCustomer(companyId, gw.name, customerId);
    }
    const months = monthsOf(inv.recurrence);
    const p = await gw.createPayment({
      customerId,
      billingType: billingTypeOf(inv.billingType),
      valueCents: toCents(inv.value) ?? 0,
      dueDate: inv.dueDate,
      description: `${inv.planName ?? 'Plano'} — ${months === 1 ? '1 mês' : `${months} meses`} (${inv.startInvoicePeriod} a ${inv.endInvoicePeriod})`,
      externalReference: `invoice-${inv.id}`,
    });
    const stored = await repo.updateInvoice(companyId, invoiceId, {
      gateway: gw.name,
      gatewayPaymentId: p.id,
      gatewayCustomerId: customerId,
      paymentLink: p.paymentLink,
      updatedAt: nowDate(),
    });
    if (!stored) {
      // the master deleted the invoice while its payment was being created: no link may stay payable
      await gw.cancelPayment(p.id).catch((err) => {
        log.error({ err, companyId, invoiceId, paymentId: p.id }, 'payment of a deleted invoice not cancelled');
      });
      return false;
    }
    return true;
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    log.warn(
      { err, companyId, invoiceId, gateway: gw.name },
      'payment not created at the gateway; retried by the daily job',
    );
    return false;
  }
}

// ---------- routes

/**
 * GET /invoiceToPlan/{planId}: the invoices of a company for that plan, newest first. The caller's company; a master
 * may name another with `?companyId=` (/companiesManager/{companyId}); a non-master naming another company → 404;
 * an unknown plan → 404.
 */
export async function invoicesOfPlan(ctx: UserCtx, planId: number, companyId?: number): Promise<InvoiceDto[]> {
  const target = targetCompany(ctx, companyId);
  if (!(await repo.findPlan(planId))) throw planNotFound();
  return (await repo.listCompanyInvoicesOfPlan(target, planId)).map(toInvoiceDto);
}

/**
 * GET /invoices: the master's page of every company's invoices (search in the company name, `status`, `companyId`);
 * a payPanelAccess user gets their own company's (another `companyId` → 404).
 */
export async function listInvoices(ctx: UserCtx, q: InvoiceListQuery): Promise<InvoicePageDto> {
  const companyId = isMaster(ctx) ? q.companyId : targetCompany(ctx, q.companyId);
  const page = await repo.unsafeListInvoicesPage(
    { search: q.searchParam, status: q.status, companyId },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { invoices: page.rows.map(toInvoiceDto), hasMore: page.hasMore, count: page.count };
}

/** GET /invoice/{id}: one invoice (the master any; a payPanelAccess user their company's). */
export async function showInvoice(ctx: UserCtx, id: number): Promise<InvoiceDto> {
  const row = isMaster(ctx) ? await repo.unsafeFindInvoice(id) : await repo.findInvoice(ctx.companyId, id);
  if (!row) throw invoiceNotFound();
  if (!isMaster(ctx)) assertCan(ctx, 'financialPanel');
  return toInvoiceDto(row);
}

/**
 * POST /invoice/{planId}: a manual invoice of the plan (body: ManualInvoiceInput, every field optional). The master
 * for any company and any plan, with any value; a payPanelAccess user for their own company, on its plan or a public
 * active one, at the plan's price, and only without another unpaid invoice. The period starts on the due date
 * (default today). The payment link comes from the gateway (none when it failed: retried daily).
 */
export async function createManualInvoice(
  ctx: UserCtx,
  planId: number,
  input: ManualInvoiceInput,
): Promise<InvoiceDto> {
  const master = isMaster(ctx);
  const companyId = targetCompany(ctx, input.companyId);
  const company = await repo.findBillingCompany(companyId);
  if (!company) throw companyNotFound();
  const plan = await repo.findPlan(planId);
  if (!plan) throw planNotFound();
  if (!master) {
    if (input.value !== undefined) throw new DomainError('ERR_NO_PERMISSION');
    if (plan.id !== company.planId && !(plan.isPublic && plan.status)) throw planNotFound();
    const open = (await repo.listCompanyInvoices(companyId)).some((i) => isUnpaid(i.status as InvoiceStatus));
    if (open) throw new DomainError('ERR_VALIDATION', INVOICE_TEXTS.openInvoiceExists);
  }
  const months: InvoiceMonths = input.recurrence ?? monthsOfRecurrence(plan.recurrence);
  const valueCents = input.value ?? invoiceValueCents(plan, months);
  if (valueCents <= 0) throw new DomainError('ERR_VALIDATION', INVOICE_TEXTS.invalidValue);
  const period = periodFrom(input.dueDate ?? todayOf(now()), months);
  const id = await repo.insertInvoice(companyId, {
    planId: plan.id,
    ...period,
    value: (valueCents / 100).toFixed(2),
    billingType: input.billingType ?? billingTypeOf(plan.billingType),
    recurrence: months,
    status: 'PENDING',
    automatic: false,
    createdAt: nowDate(),
    updatedAt: nowDate(),
  });
  if (!id) throw new DomainError('ERR_VALIDATION');
  await attachPayment(companyId, id);
  await announce(companyId, id, 'created');
  const row = await repo.findInvoice(companyId, id);
  if (!row) throw invoiceNotFound();
  return toInvoiceDto(row);
}

const onlyPendingDelete = () => new DomainError('ERR_VALIDATION', INVOICE_TEXTS.onlyPendingDelete);

/**
 * Cancels the invoice's payment at the gateway that created it, before the invoice goes: a 502
 * ERR_PAYMENT_GATEWAY_UNAVAILABLE when it cannot (the invoice is kept, with its link, so no live link is ever left
 * without its invoice); a 400 when the invoice stopped being PENDING meanwhile (paid: the gateway refused).
 */
async function cancelGatewayPayment(row: repo.InvoiceRow): Promise<void> {
  if (!row.gatewayPaymentId) return;
  const gw = paymentGateway();
  const refused = () => new DomainError('ERR_PAYMENT_GATEWAY_UNAVAILABLE');
  // a payment at a gateway no longer configured cannot be cancelled from here
  if (row.gateway && row.gateway !== gw.name) throw refused();
  try {
    await gw.cancelPayment(row.gatewayPaymentId);
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    log.warn(
      { err, companyId: row.companyId, invoiceId: row.id, gateway: gw.name },
      'payment not cancelled at the gateway; invoice kept',
    );
    const current = await repo.findInvoice(row.companyId, row.id);
    if (current && current.status !== 'PENDING') throw onlyPendingDelete();
    throw refused();
  }
}

/**
 * A company is being deleted (its rows go with it): the payments of its unpaid invoices are cancelled at the gateway,
 * so no link of an invoice that no longer exists takes money. Best effort: a payment the gateway does not cancel is
 * logged (the deletion goes on; a payment heard later for it is ignored, as for any unknown invoice).
 */
export async function cancelPaymentsOfDeletedCompany(companyId: number): Promise<void> {
  const gw = paymentGateway();
  for (const inv of await repo.unpaidInvoicesWithPayment(companyId)) {
    const paymentId = inv.gatewayPaymentId as string;
    if (inv.gateway && inv.gateway !== gw.name) {
      log.error({ companyId, invoiceId: inv.id, gateway: inv.gateway }, 'deleted company: payment at another gateway');
      continue;
    }
    await gw.cancelPayment(paymentId).catch((err) => {
      log.error({ err, companyId, invoiceId: inv.id, paymentId }, 'deleted company: payment not cancelled');
    });
  }
}

/**
 * DELETE /invoice/{id}: master only, PENDING only (spec 3 §4, §6). The payment is cancelled at the gateway first
 * (its link stops taking payments); the invoice is deleted only then.
 */
export async function deleteInvoice(ctx: UserCtx, id: number): Promise<{ message: string; invoiceId: number }> {
  assertCan(ctx, 'manageCompanies');
  const row = await repo.unsafeFindInvoice(id);
  if (!row) throw invoiceNotFound();
  if (row.status !== 'PENDING') throw onlyPendingDelete();
  await cancelGatewayPayment(row);
  if (!(await repo.deletePendingInvoice(row.companyId, id))) {
    // it moved meanwhile (the daily run made it OVERDUE): its cancelled payment is dropped, a new one comes daily
    if (row.gatewayPaymentId) {
      await repo.detachCancelledPayment(row.companyId, id, row.gatewayPaymentId);
      await announce(row.companyId, id, null);
    }
    throw onlyPendingDelete();
  }
  await emitInvoice(row.companyId, id, { action: 'delete', invoiceId: id, companyId: row.companyId });
  await runInvoiceHooks({ companyId: row.companyId, invoiceId: id, event: 'deleted' });
  await checkCompanyGrace(row.companyId);
  return { message: 'Fatura excluída', invoiceId: id };
}

// ---------- webhook

const receiptOf = (url: string | null | undefined) => (url ? { transactionReceiptUrl: url } : {});

export type WebhookOutcome = { status: 200; outcome: 'applied' | 'ignored' | 'replay' } | { status: 401 | 404 | 400 };

/**
 * POST /billing/webhook/{gateway}: the gateway's event. Refused (401, nothing stored) without the gateway's token;
 * 404 for a gateway not in use. Applied once per event id, in one transaction with the invoice change, before the
 * 200: a paid payment moves its invoice to RECEIVED / CONFIRMED with payDate and receipt; then the company is
 * reactivated when billing had turned it off, the live event and the 'confirmed' hook run. An unknown event or
 * payment answers 200 `ignored` and changes nothing; a replay 200 `replay`.
 */
export async function receiveWebhook(gatewayName: string, headers: Headers, body: unknown): Promise<WebhookOutcome> {
  const gw = paymentGateway();
  if (gatewayName !== gw.name) return { status: 404 };
  if (!gw.verifyWebhook(headers)) return { status: 401 };
  const e = gw.parseWebhook(body);
  if (!e) return { status: 400 };
  const payment = e.payment;
  const move =
    payment && (e.event === 'PAYMENT_RECEIVED' || e.event === 'PAYMENT_CONFIRMED')
      ? (moveOfGatewayStatus(payment.status) ?? (e.event === 'PAYMENT_RECEIVED' ? 'received' : 'confirmed'))
      : null;
  const today = todayOf(now());
  // a card payment is CONFIRMED, then RECEIVED when the money lands: only the first one is the payment
  let newlyPaid = false;
  const applied = await repo.applyPaymentEvent(
    { gateway: gw.name, eventId: e.eventId, event: e.event, gatewayPaymentId: move ? (payment?.id ?? null) : null },
    (inv) => {
      if (!move || move === 'overdue') return null;
      const r = moveInvoice(inv, move, today);
      if (!r.ok) return null;
      newlyPaid = isUnpaid(inv.status);
      return newlyPaid
        ? {
            status: r.value,
            payDate: nowDate(),
            transactionReceiptUrl: payment?.transactionReceiptUrl ?? null,
            updatedAt: nowDate(),
          }
        : { status: r.value, updatedAt: nowDate(), ...receiptOf(payment?.transactionReceiptUrl) };
    },
    nowDate(),
  );
  if (applied.kind === 'replay') return { status: 200, outcome: 'replay' };
  if (applied.kind === 'ignored') return { status: 200, outcome: 'ignored' };
  if (applied.changed) {
    try {
      await checkCompanyGrace(applied.companyId);
    } catch (err) {
      log.error({ err, companyId: applied.companyId }, 'reactivation after payment failed; the daily job retries');
    }
    await announce(applied.companyId, applied.invoiceId, newlyPaid ? 'confirmed' : null);
  }
  return { status: 200, outcome: applied.changed ? 'applied' : 'ignored' };
}

// ---------- the daily run

/**
 * What billing does to one company today: off when an unpaid invoice is past the grace (and it is on), on again when
 * none is and billing is what turned it off. Answers the action taken.
 */
export async function checkCompanyGrace(
  companyId: number,
  graceDays?: number,
): Promise<'deactivate' | 'reactivate' | null> {
  const company = await repo.findBillingCompany(companyId);
  if (!company) return null;
  const grace = graceDays ?? (await billingSettings()).graceDays;
  const invoices = (await repo.listCompanyInvoices(companyId)).map((i) => ({
    status: i.status as InvoiceStatus,
    dueDate: i.dueDate,
  }));
  const blockedByBilling = await repo.isBlockedByBilling(companyId);
  const action = billingCompanyAction({
    invoices,
    today: todayOf(now()),
    graceDays: grace,
    active: company.status,
    blockedByBilling,
  });
  if (action === 'deactivate') {
    await repo.setBlockedByBilling(companyId, true, nowDate());
    await setCompanyActive(companyId, false);
    log.info({ companyId }, 'billing: company deactivated after the grace');
  } else if (action === 'reactivate') {
    await setCompanyActive(companyId, true);
    await repo.setBlockedByBilling(companyId, false, nowDate());
    log.info({ companyId }, 'billing: company reactivated');
  } else if (blockedByBilling && company.status) {
    // the master turned it on by hand meanwhile: billing no longer holds it
    await repo.setBlockedByBilling(companyId, false, nowDate());
  }
  return action;
}

async function checkCompaniesGrace(): Promise<void> {
  const { graceDays } = await billingSettings();
  for (const companyId of await repo.unsafeCompaniesToCheck()) await checkCompanyGrace(companyId, graceDays);
}

export type BillingDayReport = {
  created: number;
  overdue: number;
  linked: number;
  deactivated: number;
  reactivated: number;
};

/**
 * The daily run (job `billing.daily`, idempotent: running it twice on a day changes nothing more): automatic invoices
 * of the period starting within `invoiceDaysBefore` days, PENDING → OVERDUE past the due date, payment links retried,
 * then the grace of every company with an unpaid invoice.
 */
export async function runBillingDay(): Promise<BillingDayReport> {
  const report: BillingDayReport = { created: 0, overdue: 0, linked: 0, deactivated: 0, reactivated: 0 };
  const settings = await billingSettings();
  const today = todayOf(now());
  for (const c of await repo.unsafeAutomaticCompanies()) {
    try {
      // a company the master switched off is not billed; one billing switched off still is
      if (!c.status && !(await repo.isBlockedByBilling(c.companyId))) continue;
      const months = monthsOfRecurrence(c.recurrence ?? 'months3');
      const prices = {
        value1Month: c.value1Month ?? 0,
        value3Months: c.value3Months ?? 0,
        value6Months: c.value6Months ?? 0,
        value12Months: c.value12Months ?? 0,
      };
      const valueCents = invoiceValueCents(prices, months);
      if (valueCents <= 0) continue;
      const existing = await repo.listCompanyInvoices(c.companyId);
      const next = nextAutomaticInvoice({
        invoices: existing.map((i) => ({ ...i, status: i.status as InvoiceStatus })),
        firstStart: firstPeriodStart({
          trialEndsAtMs: c.trialEndsAt ? c.trialEndsAt.getTime() : null,
          today,
          timeZone: BILLING_TIME_ZONE,
        }),
        months,
        today,
        daysBefore: settings.invoiceDaysBefore,
      });
      if (!next) continue;
      const id = await repo.insertInvoice(c.companyId, {
        planId: c.planId,
        ...next,
        value: (valueCents / 100).toFixed(2),
        billingType: billingTypeOf(c.billingType ?? 'PIX'),
        recurrence: months,
        status: 'PENDING',
        automatic: true,
        createdAt: nowDate(),
        updatedAt: nowDate(),
      });
      if (!id) continue;
      report.created++;
      if (await attachPayment(c.companyId, id)) report.linked++;
      await announce(c.companyId, id, 'created');
    } catch (err) {
      log.error({ err, companyId: c.companyId }, 'billing: automatic invoice failed');
    }
  }
  for (const inv of await repo.unsafePendingDueBefore(today)) {
    if (!moveInvoice({ status: 'PENDING', dueDate: inv.dueDate }, 'overdue', today).ok) continue;
    if (await repo.moveInvoiceStatus(inv.companyId, inv.id, 'PENDING', { status: 'OVERDUE', updatedAt: nowDate() })) {
      report.overdue++;
      await announce(inv.companyId, inv.id, 'overdue');
    }
  }
  for (const inv of await repo.unsafeInvoicesWithoutPayment(50, new Date(now() - 10 * 60_000))) {
    if (await attachPayment(inv.companyId, inv.id)) {
      report.linked++;
      await announce(inv.companyId, inv.id, null);
    }
  }
  for (const companyId of await repo.unsafeCompaniesToCheck()) {
    const action = await checkCompanyGrace(companyId, settings.graceDays).catch((err) => {
      log.error({ err, companyId }, 'billing: grace check failed');
      return null;
    });
    if (action === 'deactivate') report.deactivated++;
    if (action === 'reactivate') report.reactivated++;
  }
  return report;
}

// ---------- demo

/**
 * A demo invoice (first start): `months` of the plan due on `dueDate`, with its payment link; `paid` pays it on the
 * embedded fake gateway (its webhook applied as the route would), `overdue` moves it to OVERDUE. Nothing when the
 * company already has invoices.
 */
export async function seedDemoInvoice(
  companyId: number,
  planId: number,
  opts: { dueDate: string; months: InvoiceMonths; outcome: 'pending' | 'paid' | 'overdue'; billingType?: BillingType },
): Promise<number | null> {
  const plan = await repo.findPlan(planId);
  if (!plan) return null;
  const valueCents = invoiceValueCents(plan, opts.months);
  if (valueCents <= 0) return null;
  const id = await repo.insertInvoice(companyId, {
    planId,
    ...periodFrom(opts.dueDate, opts.months),
    value: (valueCents / 100).toFixed(2),
    billingType: opts.billingType ?? billingTypeOf(plan.billingType),
    recurrence: opts.months,
    status: 'PENDING',
    automatic: false,
    createdAt: nowDate(),
    updatedAt: nowDate(),
  });
  if (!id) return null;
  await attachPayment(companyId, id);
  if (opts.outcome === 'overdue') {
    await repo.moveInvoiceStatus(companyId, id, 'PENDING', { status: 'OVERDUE', updatedAt: nowDate() });
  }
  const gw = paymentGateway();
  const row = await repo.findInvoice(companyId, id);
  if (opts.outcome === 'paid' && gw.name === 'fake' && row?.gatewayPaymentId) {
    await (gw as FakeGateway).pay(row.gatewayPaymentId, async (req) => {
      const r = await receiveWebhook('fake', req.headers, await req.json());
      return new Response(null, { status: r.status });
    });
  }
  return id;
}

/** A demo company's id by its name (the demo seeds only; platform-level by design). */
export async function demoCompanyIdByName(name: string): Promise<number | null> {
  return (await repo.unsafeFindCompanyByName(name))?.id ?? null;
}
