import {
  addDaysToDay,
  BILLING_TYPES,
  type BillingType,
  dayIn,
  formatBrl,
  type InvoiceDto,
  type InvoiceStatus,
  toCents,
} from '@zapdesk/core';
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
 * Every company's invoices a notice may be due for at `now` (ms, the shared clock): due within 15 days before or
 * after today, or created or paid in the last 15 days.
 */
export async function listInvoicesForNotices(now: number): Promise<InvoiceDto[]> {
  const today = todayOf(now);
  const since = new Date(now - 15 * 86_400_000);
  const rows = await repo.unsafeInvoicesForNotices(addDaysToDay(today, -15), addDaysToDay(today, 15), since);
  return rows.map(toInvoiceDto);
}
