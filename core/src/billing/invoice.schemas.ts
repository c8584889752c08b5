/**
 * Invoices' API shapes (spec 3 §3 Invoice, §7 invoiceToPlan / invoice calls, live `invoice-{id}`). Routes and
 * decisions: docs/DECISIONS.md "Billing: invoices and payment gateway".
 */
import { z } from 'zod';
import { coercedId } from '../ids/ids';
import { LIST_TEXTS, PageNumber, SearchParam } from '../lists/page-query';
import { BILLING_TYPES, type BillingType } from '../saas/plan-prices';
import { BILLING_SETTING_MAX_DAYS, INVOICE_STATUSES, type InvoiceStatus, isIsoDay, MONTHS_OF_INPUT } from './invoices';

export const INVOICE_TEXTS = {
  notFound: 'Fatura não encontrada.',
  onlyPendingDelete: 'Apenas faturas pendentes podem ser excluídas.',
  openInvoiceExists: 'Já existe uma fatura em aberto para esta empresa.',
  invalidDay: 'Data inválida',
  invalidValue: 'Valor inválido',
  invalidDays: 'Informe de 0 a 60 dias',
  gatewayUnavailable: 'O gateway de pagamento não respondeu. A fatura foi criada sem link de pagamento.',
} as const;

/** An invoice as the screens show it (the spec's fields plus the company and plan names and the display value). */
export type InvoiceDto = {
  id: number;
  companyId: number;
  companyName: string;
  planId: number | null;
  planName: string | null;
  /** `YYYY-MM-DD` */
  startInvoicePeriod: string;
  /** `YYYY-MM-DD` (last day of the period) */
  endInvoicePeriod: string;
  /** reais (e.g. 299.7) */
  value: number;
  /** "R$ 299,70" */
  valueBrl: string;
  billingType: BillingType;
  /** `YYYY-MM-DD` */
  dueDate: string;
  createdAt: string;
  payDate: string | null;
  /** months of the period: 1, 3, 6, 12 */
  recurrence: 1 | 3 | 6 | 12;
  status: InvoiceStatus;
  paymentLink: string | null;
  transactionReceiptUrl: string | null;
  /** created by the daily job (the plan's automaticInvoice) rather than by hand */
  automatic: boolean;
};

/** GET /invoices (master): a page of every company's invoices. */
export type InvoicePageDto = { invoices: InvoiceDto[]; hasMore: boolean; count: number };

/** Live `invoice-{id}` and `invoices-{companyId}`: the invoice as it is now, or its deletion. */
export type InvoiceEvent =
  | { action: 'create' | 'update'; invoice: InvoiceDto }
  | { action: 'delete'; invoiceId: number; companyId: number };

const day = () =>
  z
    .string({ error: INVOICE_TEXTS.invalidDay })
    .trim()
    .refine((s) => isIsoDay(s.slice(0, 10)), INVOICE_TEXTS.invalidDay)
    .transform((s) => s.slice(0, 10));

/** 1/3/6/12 or the plan words month1/months3/months6/months12 → months. */
const recurrenceInput = () =>
  z.union([z.number(), z.string()], { error: 'Invalid value' }).transform((v, ctx) => {
    const m = MONTHS_OF_INPUT[String(v)];
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Invalid value' });
      return z.NEVER;
    }
    return m;
  });

/**
 * POST /invoice/{planId}: a manual invoice of that plan. Every field optional: `companyId` (master only for another
 * company; default the caller's), `recurrence` (default the plan's), `billingType` (default the plan's), `dueDate`
 * (default today; the period starts on it), `value` in reais (master only; default the plan's price for the period).
 */
export const ManualInvoiceInput = z.object({
  companyId: coercedId('Invalid id').optional(),
  recurrence: recurrenceInput().optional(),
  billingType: z.enum(BILLING_TYPES, { error: 'Invalid value' }).optional(),
  dueDate: day().optional(),
  value: z
    .union([z.number(), z.string()], { error: INVOICE_TEXTS.invalidValue })
    .transform((v, ctx) => {
      const n =
        typeof v === 'number'
          ? v
          : Number(
              v
                .replace(/^R\$\s*/, '')
                .replace(/\.(?=\d{3})/g, '')
                .replace(',', '.'),
            );
      if (!Number.isFinite(n) || n <= 0 || n > 99_999_999.99) {
        ctx.addIssue({ code: 'custom', message: INVOICE_TEXTS.invalidValue });
        return z.NEVER;
      }
      return Math.round(n * 100);
    })
    .optional(),
});
export type ManualInvoiceInput = z.output<typeof ManualInvoiceInput>;

/** GET /invoices?searchParam&pageNumber&status&companyId (master). */
export const InvoiceListQuery = z.object({
  searchParam: SearchParam,
  pageNumber: PageNumber,
  status: z.enum(INVOICE_STATUSES, { error: 'Invalid value' }).optional(),
  companyId: coercedId(LIST_TEXTS.invalidId).optional(),
});
export type InvoiceListQuery = z.output<typeof InvoiceListQuery>;

/** Whole days 0–60: a number, or its digits as text (what a select sends). */
const daysSetting = () =>
  z
    .union([z.number(), z.string().regex(/^\d{1,3}$/, INVOICE_TEXTS.invalidDays)], { error: INVOICE_TEXTS.invalidDays })
    .transform(Number)
    .pipe(
      z
        .number()
        .int(INVOICE_TEXTS.invalidDays)
        .min(0, INVOICE_TEXTS.invalidDays)
        .max(BILLING_SETTING_MAX_DAYS, INVOICE_TEXTS.invalidDays),
    );

/** GET/PUT /billing/settings (master). */
export const BillingSettingsInput = z.object({
  graceDays: daysSetting().optional(),
  invoiceDaysBefore: daysSetting().optional(),
});
export type BillingSettingsInput = z.output<typeof BillingSettingsInput>;
export type BillingSettingsDto = {
  /** days an invoice may stay unpaid after its due date before the company is deactivated */
  graceDays: number;
  /** days before a period that the automatic invoice is created */
  invoiceDaysBefore: number;
  /** 'fake' (embedded, the default) or 'asaas' */
  gateway: string;
};
