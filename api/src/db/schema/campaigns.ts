import type {
  CampaignStatus,
  CampaignTicketSetStatus,
  DispatchFailReason,
  DispatchStatus,
  WarmupTier,
} from '@zapdesk/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { contacts } from './contacts';
import { queues } from './queues';
import { tickets } from './tickets';
import { users } from './users';
import { whatsapps } from './whatsapps';

/**
 * Campaigns (issue 15). The state columns follow core `campaigns/campaign-machine.ts`; every move is written with a
 * conditional UPDATE (`WHERE id = $1 AND status = $from`) so two workers never both apply it. The pacing inputs
 * (company and per-connection starts) are read from `campaign_dispatches.schedule` through the indexes below.
 */

/** A campaign setup (spec 2 §3 CampaignSetup) with our ban-safety settings (core CampaignSetupInput). */
export const campaignSetups = pgTable(
  'campaign_setups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ticketSetStatus: text('ticket_set_status').$type<CampaignTicketSetStatus>().notNull().default('closed'),
    tMax: integer('t_max').notNull().default(10),
    tMin: integer('t_min').notNull().default(2),
    /** seconds between two contacts on one connection (`interval` is an SQL type name) */
    intervalSeconds: integer('interval_seconds').notNull().default(30),
    autoStart: boolean('auto_start').notNull().default(true),
    webhookUrlConcluded: text('webhook_url_concluded'),
    /** JSON text of core ButtonList, or null */
    jsonButtonOrList: text('json_button_or_list'),
    intervalJitterPct: integer('interval_jitter_pct').notNull().default(20),
    /** 'HH:MM' in the company's time zone; start = end means all day */
    sendWindowStart: text('send_window_start').notNull().default('08:00'),
    sendWindowEnd: text('send_window_end').notNull().default('20:00'),
    /** consecutive failures on one connection that pause the campaign; 0 = off */
    breakerThreshold: integer('breaker_threshold').notNull().default(5),
    warmup: jsonb('warmup').$type<WarmupTier[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_setups_company_name_idx').on(t.companyId, t.name),
    index('campaign_setups_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** The connections of a setup, in the setup's order (round-robin ties follow `position`). */
export const campaignSetupWhatsapps = pgTable(
  'campaign_setup_whatsapps',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignSetupId: integer('campaign_setup_id')
      .notNull()
      .references(() => campaignSetups.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignSetupId, t.whatsappId] }),
    index('campaign_setup_whatsapps_company_whatsapp_idx').on(t.companyId, t.whatsappId),
  ],
);

/** A campaign (spec 2 §3 Campaign); status per core CAMPAIGN_STATUSES. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('created'),
    schedule: timestamp('schedule', { withTimezone: true }),
    initialized: timestamp('initialized', { withTimezone: true }),
    finalized: timestamp('finalized', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    campaignSetupId: integer('campaign_setup_id').references(() => campaignSetups.id, { onDelete: 'set null' }),
    /** the pacing's random seed (core pacing hashUnit), drawn at creation */
    seed: integer('seed').notNull().default(0),
    /** why the engine paused it (circuit breaker), cleared on start */
    pauseReason: text('pause_reason'),
    /** set by the one worker that claims the concluded webhook (`WHERE webhook_claimed_at IS NULL`) */
    webhookClaimedAt: timestamp('webhook_claimed_at', { withTimezone: true }),
    webhookDoneAt: timestamp('webhook_done_at', { withTimezone: true }),
    webhookError: text('webhook_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_company_id_idx').on(t.companyId, t.id),
    index('campaigns_company_user_idx').on(t.companyId, t.userId),
    index('campaigns_company_setup_idx').on(t.companyId, t.campaignSetupId),
    // the engine's sweeps: due schedules and running campaigns (every company) after a restart
    index('campaigns_status_schedule_idx').on(t.status, t.schedule),
  ],
);

/** A message of a campaign (greeting, then text or media), in the creator's order. */
export const campaignMessages = pgTable(
  'campaign_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    greeting: text('greeting').notNull(),
    body: text('body').notNull().default(''),
    /** 'Texto' | 'Mídia' */
    typeMessage: text('type_message').notNull().default('Texto'),
    mediaUrl: text('media_url'),
    mediaUrlVt: text('media_url_vt'),
    mediaName: text('media_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_messages_campaign_position_uq').on(t.campaignId, t.position)],
);

/**
 * One contact of a campaign (spec 2 §3 CampaignDispatch); status per core DISPATCH_STATUSES. UNIQUE (campaign,
 * number) dedupes the send list at insert (`ON CONFLICT DO NOTHING`). `schedule` is the planned greeting instant
 * written by the claim: it is what the hourly limit and the warm-up caps count.
 */
export const campaignDispatches = pgTable(
  'campaign_dispatches',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** normalised (core normalizeNumber) */
    number: text('number').notNull(),
    name: text('name'),
    email: text('email'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    status: text('status').$type<DispatchStatus>().notNull().default('pending'),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** which campaign message it gets */
    campaignMessageId: integer('campaign_message_id').references(() => campaignMessages.id, { onDelete: 'set null' }),
    schedule: timestamp('schedule', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** the claiming worker's id: a claimed row whose worker is gone becomes uncertain */
    claimedBy: text('claimed_by'),
    greetingSentAt: timestamp('greeting_sent_at', { withTimezone: true }),
    messageSentAt: timestamp('message_sent_at', { withTimezone: true }),
    failReason: text('fail_reason').$type<DispatchFailReason>(),
    resendCount: integer('resend_count').notNull().default(0),
    /** when the dispatch finished (message sent, failed, uncertain): the connection's next gap counts from here */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    mediaUrlVt: text('media_url_vt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_dispatches_campaign_number_uq').on(t.campaignId, t.number),
    // the manager's pages (ORDER BY id) and the counters / the next pending (status, id)
    index('campaign_dispatches_company_campaign_id_idx').on(t.companyId, t.campaignId, t.id),
    index('campaign_dispatches_company_campaign_status_idx').on(t.companyId, t.campaignId, t.status, t.id),
    // pacing inputs: the company's starts of the last hour; a connection's starts per local day. Partial: a row has a
    // schedule only once claimed, so the 100,000 pending rows of a new campaign cost these indexes nothing
    index('campaign_dispatches_company_schedule_idx').on(t.companyId, t.schedule).where(sql`${t.schedule} is not null`),
    index('campaign_dispatches_company_whatsapp_schedule_idx')
      .on(t.companyId, t.whatsappId, t.schedule)
      .where(sql`${t.schedule} is not null`),
    // the engine: which connections have a dispatch in flight (company-wide), and the start-up sweep of claimed rows
    index('campaign_dispatches_claimed_idx').on(t.companyId, t.whatsappId).where(sql`status = 'claimed'`),
  ],
);

/**
 * The manager's counters: dispatch rows per (campaign, status), maintained by statement-level triggers on
 * campaign_dispatches (migration 0011: insert, update, delete — every writer, the API and the engine alike, in the
 * writer's own transaction), so `GET /Campaign/{id}` reads 6 rows instead of counting 100,000. Never written by code.
 */
export const campaignDispatchCounts = pgTable(
  'campaign_dispatch_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: text('status').$type<DispatchStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.status] }),
    index('campaign_dispatch_counts_company_campaign_idx').on(t.companyId, t.campaignId),
  ],
);
