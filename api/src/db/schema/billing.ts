import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, plans } from './companies';

/**
 * Invoices (spec 3 §3 Invoice; issue 21). Days without time (period, due date) are `date`; money numeric(12,2).
 * An automatic invoice is unique per (company, period start): the daily job may run twice and create it once.
 * The gateway's payment is unique per gateway.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the plan billed (null once the plan is deleted: the invoice stays) */
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    startInvoicePeriod: date('start_invoice_period', { mode: 'string' }).notNull(),
    endInvoicePeriod: date('end_invoice_period', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    billingType: text('billing_type').notNull().default('PIX'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** months: 1, 3, 6, 12 */
    recurrence: integer('recurrence').notNull(),
    status: text('status').notNull().default('PENDING'),
    payDate: timestamp('pay_date', { withTimezone: true }),
    paymentLink: text('payment_link'),
    transactionReceiptUrl: text('transaction_receipt_url'),
    /** 'fake' | 'asaas' — the gateway holding the payment (null until it was created there) */
    gateway: text('gateway'),
    gatewayPaymentId: text('gateway_payment_id'),
    gatewayCustomerId: text('gateway_customer_id'),
    /** created by the daily job (plan automaticInvoice) */
    automatic: boolean('automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId, t.dueDate),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    uniqueIndex('invoices_automatic_period_uq').on(t.companyId, t.startInvoicePeriod).where(sql`${t.automatic}`),
    uniqueIndex('invoices_gateway_payment_uq').on(t.gateway, t.gatewayPaymentId),
  ],
);

/**
 * Webhook events already applied, one row per (gateway, event id): a replayed event finds its row and changes
 * nothing. Written in the same transaction as the invoice change.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    /** the invoice it changed (null: unknown payment or event, ignored) */
    invoiceId: integer('invoice_id'),
    companyId: integer('company_id'),
    /** 'applied' | 'ignored' */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_uq').on(t.gateway, t.eventId)],
);

/** A company's customer record at a gateway (created with its first payment there). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.gateway] })],
);

/**
 * Companies billing turned off after the grace (so a payment turns on only those, never one the master switched
 * off by hand).
 */
export const billingBlocks = pgTable('billing_blocks', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The platform's billing settings (one row, id 1), shown to and changed by the master. */
export const billingSettings = pgTable('billing_settings', {
  id: integer('id').primaryKey().default(1),
  graceDays: integer('grace_days').notNull(),
  invoiceDaysBefore: integer('invoice_days_before').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
