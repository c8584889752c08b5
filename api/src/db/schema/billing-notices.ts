import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Billing notification subscriptions (spec 3 §3 Subscription notification): who of a client company hears about its
 * invoices, and which notices per channel (Wp = WhatsApp, Email). Days: 0 = Desativado, 1–10.
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    email: text('email'),
    whatsapp: text('whatsapp'),
    /** 'valido' | 'invalido' | null (not checked: no number) */
    whatsappValidated: text('whatsapp_validated'),
    invoiceCreatedWp: boolean('invoice_created_wp').notNull().default(true),
    invoiceDaysBeforeExpirationWp: integer('invoice_days_before_expiration_wp').notNull().default(5),
    invoiceDayWp: boolean('invoice_day_wp').notNull().default(true),
    delayedPaymentWp: boolean('delayed_payment_wp').notNull().default(true),
    invoiceDaysAfterExpirationWp: integer('invoice_days_after_expiration_wp').notNull().default(5),
    invoiceConfirmedPaymentWp: boolean('invoice_confirmed_payment_wp').notNull().default(true),
    invoiceCreatedEmail: boolean('invoice_created_email').notNull().default(true),
    invoiceDaysBeforeExpirationEmail: integer('invoice_days_before_expiration_email').notNull().default(5),
    invoiceDayEmail: boolean('invoice_day_email').notNull().default(true),
    delayedPaymentEmail: boolean('delayed_payment_email').notNull().default(true),
    invoiceDaysAfterExpirationEmail: integer('invoice_days_after_expiration_email').notNull().default(5),
    invoiceConfirmedPaymentEmail: boolean('invoice_confirmed_payment_email').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_subscriptions_company_idx').on(t.companyId)],
);

/**
 * Notification templates (spec 3 §3: name, type, thumbnailWpHtml, textWp, emailHtml, emailTitle). Platform-level
 * (the master writes them for every client company). Ours: `notice` ('all' or one notice kind).
 */
export const notificationTemplates = pgTable('notification_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().default('payments'),
  notice: text('notice').notNull().default('all'),
  thumbnailWpHtml: text('thumbnail_wp_html').notNull().default(''),
  textWp: text('text_wp').notNull().default(''),
  emailHtml: text('email_html').notNull().default(''),
  emailTitle: text('email_title').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ledger of billing notices: one row per (invoice, kind, channel, recipient), inserted (claimed) BEFORE the send:
 * a second dispatcher run cannot insert it again, so a notice goes at most once; a failed send is retried by the job
 * (status failed → claimed again), a sent one never. `publicId` is the opaque id of the notice's /n/{platform}/{id}
 * link; `link` the payment link it redirects to; clicks are counted on the row.
 */
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    subscriptionId: integer('subscription_id'),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** the local day the notice was due ('YYYY-MM-DD') */
    day: text('day').notNull(),
    /** claimed | sent | failed */
    status: text('status').notNull().default('claimed'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    link: text('link'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    clicks: integer('clicks').notNull().default(0),
    lastClickAt: timestamp('last_click_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_notices_once_uq').on(t.invoiceId, t.kind, t.channel, t.recipient),
    uniqueIndex('billing_notices_public_id_uq').on(t.publicId),
    index('billing_notices_company_idx').on(t.companyId, t.invoiceId),
  ],
);

/**
 * The daily notice runs that completed (one row per local day): the next run catches up the days after the last one
 * (a day the platform was down entirely), at most NOTICE_CATCH_UP_DAYS back. Platform-level.
 */
export const billingNoticeRuns = pgTable('billing_notice_runs', {
  day: text('day').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
