import { type InvoiceDto, localDay } from '@zapdesk/core';
import { onInvoiceEvent } from '../billing/billing.hooks';
import { getInvoiceForNotice, listInvoicesForNotices } from '../billing/billing.service';

/**
 * What the notices read of the invoices (issue 21: the billing area owns invoices). The billing area's read functions
 * (`getInvoiceForNotice`, `listInvoicesForNotices`) are the source, its after-commit hook (`onInvoiceEvent`) is heard from
 * startup (billing-notices.startup.ts); tests may plug their own source.
 */
export type NoticeInvoice = {
  id: number;
  companyId: number;
  companyName: string;
  /** the value in cents */
  valueCents: number;
  status: string;
  /** local days 'YYYY-MM-DD' (America/Sao_Paulo) */
  dueDay: string;
  createdDay: string;
  paidDay: string | null;
  periodStartDay: string | null;
  periodEndDay: string | null;
  billingType: string | null;
  paymentLink: string | null;
  transactionReceiptUrl: string | null;
};

export type InvoiceEventType = 'created' | 'confirmed' | 'overdue' | 'deleted';
export type InvoiceEvent = { type: InvoiceEventType; companyId: number; invoiceId: number };

export type InvoiceSource = {
  get(companyId: number, invoiceId: number): Promise<NoticeInvoice | null>;
  /** invoices that may have a notice due around `now` (unpaid ones, and ones paid or created recently) */
  listForNotices(now: Date): Promise<NoticeInvoice[]>;
};

let source: InvoiceSource | null = null;

/** Tests plug their own source; null goes back to the billing area's. */
export function useInvoiceSource(s: InvoiceSource | null): void {
  source = s;
}

export function invoiceSource(): InvoiceSource {
  return source ?? billingInvoiceSource;
}

/** The billing area's invoice as the notices read it (local days in the platform's zone). */
export function toNoticeInvoice(i: InvoiceDto): NoticeInvoice {
  return {
    id: i.id,
    companyId: i.companyId,
    companyName: i.companyName,
    valueCents: Math.round(i.value * 100),
    status: i.status,
    dueDay: i.dueDate,
    createdDay: localDay(new Date(i.createdAt)),
    paidDay: i.payDate ? localDay(new Date(i.payDate)) : null,
    periodStartDay: i.startInvoicePeriod,
    periodEndDay: i.endInvoicePeriod,
    billingType: i.billingType,
    paymentLink: i.paymentLink,
    transactionReceiptUrl: i.transactionReceiptUrl,
  };
}

/** The billing area's reads (billing.service), the source of every process. */
export const billingInvoiceSource: InvoiceSource = {
  async get(companyId, invoiceId) {
    const i = await getInvoiceForNotice(companyId, invoiceId);
    return i ? toNoticeInvoice(i) : null;
  },
  async listForNotices(now) {
    return (await listInvoicesForNotices(now.getTime())).map(toNoticeInvoice);
  },
};

/** Listens to the billing area's after-commit invoice events (startup); answers the function that stops it. */
export function listenToInvoiceEvents(listener: (e: InvoiceEvent) => Promise<void>): () => void {
  return onInvoiceEvent((e) => listener({ type: e.event, companyId: e.companyId, invoiceId: e.invoiceId }));
}
