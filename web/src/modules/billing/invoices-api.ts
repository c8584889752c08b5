import {
  type BillingSettingsDto,
  events,
  type InvoiceDto,
  type InvoicePageDto,
  type ManualInvoiceInput,
} from '@zapdesk/core';
import type { z } from 'zod';
import { apiJson } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

export type { InvoiceDto, InvoiceEvent, InvoiceStatus } from '@zapdesk/core';
export { INVOICE_STATUSES } from '@zapdesk/core';

/** live `invoice-{id}` (spec 3 §7): one invoice's changes */
export const invoiceChannel = events.invoice;
/**
 * live `invoices-{companyId}`: every invoice change of the company; a master gets every company's on their own
 * company's channel (the new invoices of /invoices and of the company pages).
 */
export const companyInvoicesChannel = events.invoices;

export type InvoiceFilter = { status: string; companyId?: number };

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** `GET /invoices` (master): every company's invoices, searched by company, filtered by status */
export async function fetchInvoicesPage(
  filter: InvoiceFilter,
  searchParam: string,
  pageNumber: number,
): Promise<Page<InvoiceDto>> {
  const r = await apiJson<InvoicePageDto>(
    'GET',
    `/invoices?${qs({ searchParam, pageNumber, status: filter.status, companyId: filter.companyId })}`,
  );
  return { items: r.invoices, hasMore: r.hasMore };
}

/** `GET /invoiceToPlan/{planId}`: a company's invoices of its plan */
export const fetchCompanyInvoices = (planId: number, companyId: number) =>
  apiJson<InvoiceDto[]>('GET', `/invoiceToPlan/${planId}?${qs({ companyId })}`);

/** `POST /invoice/{planId}` (master): a manual invoice; every field optional (core's ManualInvoiceInput) */
export const createInvoice = (planId: number, input: z.input<typeof ManualInvoiceInput>) =>
  apiJson<InvoiceDto>('POST', `/invoice/${planId}`, input);
/** `DELETE /invoice/{id}` (master, PENDING only) */
export const deleteInvoice = (id: number) => apiJson<unknown>('DELETE', `/invoice/${id}`);

/** `GET/PUT /billing/settings` (master): grace days after the due date before deactivation; days ahead */
export type BillingSettings = BillingSettingsDto;
export const fetchBillingSettings = () => apiJson<BillingSettings>('GET', '/billing/settings');
export const saveBillingSettings = (input: { graceDays: number; invoiceDaysBefore: number }) =>
  apiJson<BillingSettings>('PUT', '/billing/settings', input);
