import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, plans } from './companies';

/**
 * Leads of the public store (spec 3 §3 Lead: id, name, email, whatsAppNumber, planId, origin, status, recurrence).
 * Platform-level (a lead is not a tenant yet). `publicId` is the id the outside world sees (the /subscription/{leadId}
 * link): a random UUID, so a link cannot be guessed; `id` stays the internal key (`companies.lead_id`). Ours:
 * billingType (the store's picker), companyId and completedAt once the subscription created the company, trialDocument.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    whatsAppNumber: text('whats_app_number').notNull(),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    origin: text('origin').notNull(),
    status: text('status').notNull(),
    recurrence: text('recurrence').notNull(),
    billingType: text('billing_type').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * the normalized CPF/CNPJ of the subscription that claimed the lead (ours): unique, so two sign-ups with one
     * document at the same instant cannot both start a trial; cleared when the subscription fails
     */
    trialDocument: text('trial_document'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_public_id_uq').on(t.publicId),
    index('leads_email_idx').on(t.email),
    uniqueIndex('leads_trial_document_uq').on(t.trialDocument),
  ],
);
