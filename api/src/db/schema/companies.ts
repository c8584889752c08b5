import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const planFlagColumns = () => ({
  enableReports: boolean('enable_reports').notNull().default(true),
  enableDashboard: boolean('enable_dashboard').notNull().default(true),
  enableCampaigns: boolean('enable_campaigns').notNull().default(false),
  enableSchedules: boolean('enable_schedules').notNull().default(true),
  enableApi: boolean('enable_api').notNull().default(true),
  enableBots: boolean('enable_bots').notNull().default(true),
  enableFlows: boolean('enable_flows').notNull().default(false),
  iaIntegrationEnabled: boolean('ia_integration_enabled').notNull().default(false),
  campaignSendLimitPerHour: integer('campaign_send_limit_per_hour').notNull().default(0),
});

/** Plans are platform-level (master); companyId on a plan is not used for tenancy (spec 3 lists it, we keep it nullable). */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slogan: text('slogan'),
  description: text('description'),
  numberAttendants: integer('number_attendants').notNull().default(1),
  numberConnections: integer('number_connections').notNull().default(1),
  status: boolean('status').notNull().default(true),
  isStandard: boolean('is_standard').notNull().default(false),
  isPublic: boolean('is_public').notNull().default(true),
  automaticInvoice: boolean('automatic_invoice').notNull().default(false),
  recurrence: text('recurrence').notNull().default('months3'),
  billingType: text('billing_type').notNull().default('PIX'),
  highlighted: integer('highlighted').notNull().default(0),
  media: text('media'),
  value1Month: numeric('value_1_month', { precision: 12, scale: 2 }).notNull().default('0'),
  value3Months: numeric('value_3_months', { precision: 12, scale: 2 }).notNull().default('0'),
  value6Months: numeric('value_6_months', { precision: 12, scale: 2 }).notNull().default('0'),
  value12Months: numeric('value_12_months', { precision: 12, scale: 2 }).notNull().default('0'),
  ...planFlagColumns(),
  companyId: integer('company_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A tenant. The effective plan flags and limits live on the company row (copied from the plan when one is
 * picked, editable by the master), so every permission check reads one row.
 */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  slogan: text('slogan'),
  email: text('email'),
  logoUrl: text('logo_url'),
  documentNumber: text('document_number'),
  inscrMunicipal: text('inscr_municipal'),
  inscrEstadual: text('inscr_estadual'),
  emailsOfNotifications: text('emails_of_notifications'),
  whatsappsOfNotifications: text('whatsapps_of_notifications'),
  address: jsonb('address').$type<Record<string, string>>(),
  observation: text('observation'),
  status: boolean('status').notNull().default(true),
  planId: integer('plan_id').references(() => plans.id),
  leadId: integer('lead_id'),
  /** end of the free trial of a self-subscribed company (spec 3 §9; core/src/saas/trial.ts); null = no trial */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  numberAttendants: integer('number_attendants').notNull().default(1),
  numberConections: integer('number_conections').notNull().default(1),
  ...planFlagColumns(),
  /** IANA time zone of the company's schedules (recurrences keep their wall-clock time in it) */
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_company_key_uq').on(t.companyId, t.key), index('settings_company_idx').on(t.companyId)],
);
