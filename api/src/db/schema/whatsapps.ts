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
import { queues } from './queues';

export type ConnectionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT';

export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number'),
    status: text('status').$type<ConnectionStatus>().notNull().default('DISCONNECTED'),
    qrcode: text('qrcode'),
    retries: integer('retries').notNull().default(0),
    session: text('session'),
    lib: text('lib').$type<'baileys' | 'simulator'>().notNull().default('baileys'),
    isDefault: boolean('is_default').notNull().default(false),
    greetingMessage: text('greeting_message'),
    farewellMessage: text('farewell_message'),
    disableGroupMessages: boolean('disable_group_messages').notNull().default(true),
    /** SaaS notification center connection (master only) */
    isNotificationCenter: boolean('is_notification_center').notNull().default(false),
    importOldMessages: timestamp('import_old_messages', { withTimezone: true }),
    importRecentMessages: timestamp('import_recent_messages', { withTimezone: true }),
    importOldMessagesGroups: boolean('import_old_messages_groups').notNull().default(false),
    closedTicketsPostImported: boolean('closed_tickets_post_imported').notNull().default(false),
    statusImportMessages: text('status_import_messages'),
    /** when the connection first reached CONNECTED (the campaign warm-up's age; null = never connected yet) */
    firstConnectedAt: timestamp('first_connected_at', { withTimezone: true }),
    /** its session was running when the company left service: it starts again when the company is reactivated */
    resumeOnReactivation: boolean('resume_on_reactivation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapps_company_idx').on(t.companyId)],
);

export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), index('whatsapp_queues_company_idx').on(t.companyId)],
);

/** Baileys auth state per connection, encrypted at rest with the server secret. */
export const whatsappAuthKeys = pgTable(
  'whatsapp_auth_keys',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** 'creds' or `${type}:${id}` */
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] }), index('whatsapp_auth_keys_company_idx').on(t.companyId)],
);

/** Raw message log (spec 3 §3): every inbound event is written here first, before processing. */
export const messageRawLogs = pgTable(
  'message_raw_logs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    remoteJid: text('remote_jid'),
    messageId: text('message_id'),
    fromMe: boolean('from_me').notNull().default(false),
    ticketId: integer('ticket_id'),
    type: text('type'),
    /** details0 */
    body: text('body'),
    /** details1: processing time in ms */
    timeSpent: integer('time_spent'),
    status: text('status').$type<'received' | 'processed' | 'failed'>().notNull().default('received'),
    error: text('error'),
    jsonValue: jsonb('json_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_raw_logs_company_idx').on(t.companyId, t.createdAt),
    index('message_raw_logs_msg_idx').on(t.whatsappId, t.messageId),
    // the logs nothing processed yet (a handful): the recovery sweep finds those whose job was lost
    index('message_raw_logs_received_idx').on(t.id).where(sql`${t.status} = 'received'`),
  ],
);

/**
 * The simulator's fake WhatsApp network: what contacts sent to a simulator connection (`in`) and what the platform
 * sent through it (`out`, the outbox). Lets the phone mock-up show a conversation and history import replay it.
 */
export const simulatorMessages = pgTable(
  'simulator_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    /** WhatsApp message id */
    wid: text('wid').notNull(),
    /** the contact's number (digits) or group id */
    number: text('number').notNull(),
    name: text('name'),
    body: text('body').notNull().default(''),
    mediaType: text('media_type'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    /** sent from the phone itself (inbound with fromMe) */
    fromMe: boolean('from_me').notNull().default(false),
    ack: integer('ack').notNull().default(0),
    quotedId: text('quoted_id'),
    deleted: boolean('deleted').notNull().default(false),
    dataJson: jsonb('data_json'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('simulator_messages_company_idx').on(t.companyId),
    index('simulator_messages_conn_number_idx').on(t.whatsappId, t.number, t.createdAt),
    uniqueIndex('simulator_messages_conn_wid_uq').on(t.whatsappId, t.direction, t.wid),
  ],
);
