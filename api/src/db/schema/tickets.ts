import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { contacts } from './contacts';
import { queues } from './queues';
import { users } from './users';
import { whatsapps } from './whatsapps';

export type TicketStatus = 'pending' | 'open' | 'closed';

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull().defaultRandom(),
    /** per-company sequential protocol number */
    protocol: text('protocol').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('pending'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** 1 = active (started by an attendant); 0 = receptive */
    source: integer('source').notNull().default(0),
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    isGroup: boolean('is_group').notNull().default(false),
    /** true while the chatbot is driving the ticket (spec 2) */
    chatbot: boolean('chatbot').notNull().default(false),
    imported: boolean('imported').notNull().default(false),
    /**
     * Instants of the dashboard and reports (core/src/tickets/ticket-instants.ts, issue 19): when waiting for a person
     * started (creation, or a bot/platform hand-over to a queue; null while a bot talks or for a ticket an attendant
     * started), the first acceptance and by whom, the last resolution, and the time spent closed before a reopen.
     */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** first time an attendant accepted it (TME ends, TMA starts) */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    firstUserId: integer('first_user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedGapMs: bigint('closed_gap_ms', { mode: 'number' }).notNull().default(0),
    /** instants estimated from the history (tickets created before they were recorded, migration 0013) */
    instantsEstimated: boolean('instants_estimated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // list indexes: (company, filter…, updatedAt) serve a page in index order; the trailing columns are what the
    // list's other filters read, so the capped count is an index-only scan instead of 10,000 heap fetches (bench:tickets)
    // … and id last: a filter joined by ticket id (tags, search candidates) reads the status list index-only
    index('tickets_company_status_updated_idx').on(
      t.companyId,
      t.status,
      t.updatedAt,
      t.queueId,
      t.userId,
      t.unreadMessages,
      t.id,
    ),
    index('tickets_company_user_status_idx').on(t.companyId, t.userId, t.status, t.updatedAt, t.queueId),
    index('tickets_company_queue_status_idx').on(t.companyId, t.queueId, t.status, t.updatedAt, t.userId),
    // the search tab and "no status" lists (every status, newest first) and the date-range filters
    index('tickets_company_updated_idx').on(t.companyId, t.updatedAt),
    // the date-range filters, and the dashboard/reports aggregate (issue 19): every column the report reads is in
    // the index, so a month or a year of a company is one index-only range scan (bench:dash)
    index('tickets_company_created_report_idx').on(
      t.companyId,
      t.createdAt,
      t.status,
      t.userId,
      t.queueId,
      t.queuedAt,
      t.acceptedAt,
      t.closedAt,
      t.closedGapMs,
      t.instantsEstimated,
      t.id,
    ),
    index('tickets_company_contact_idx').on(t.companyId, t.contactId, t.whatsappId),
    uniqueIndex('tickets_company_protocol_uq').on(t.companyId, t.protocol),
    uniqueIndex('tickets_uuid_uq').on(t.uuid),
  ],
);

/**
 * The dashboard/reports sums per company-local day of creation, attendant and queue (issue 19; bench:dash): a settled
 * day (the day before yesterday and older) is summed once from its tickets on the first report that needs it and
 * kept; a change to one of its tickets marks the day in ticket_report_dirty (trigger, migration 0013) and the next
 * report sums it again. userId / queueId 0 = none; the row (userId -1, queueId -1) says the day is summed (a day
 * without tickets has only that row). The same arithmetic as core's definitions (tickets.report.repo.ts).
 */
export const ticketReportDays = pgTable(
  'ticket_report_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    userId: integer('user_id').notNull(),
    queueId: integer('queue_id').notNull(),
    tickets: integer('tickets').notNull(),
    pending: integer('pending').notNull(),
    open: integer('open').notNull(),
    closed: integer('closed').notNull(),
    tmaCount: integer('tma_count').notNull(),
    tmaSeconds: doublePrecision('tma_seconds').notNull(),
    tmeCount: integer('tme_count').notNull(),
    tmeSeconds: doublePrecision('tme_seconds').notNull(),
    estimated: integer('estimated').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.userId, t.queueId] })],
);

/**
 * Days of ticket_report_days whose tickets changed since they were summed (filled by a trigger on tickets, which
 * skips a company being deleted: its key would not exist — migration 0018).
 */
export const ticketReportDirty = pgTable(
  'ticket_report_dirty',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** per-company counters (ticket protocol numbers, …) */
export const companyCounters = pgTable(
  'company_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** WhatsApp message id (idempotency key with the connection) */
    wid: text('wid').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** the attendant who sent it, for outbound messages */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    /** 0 pending, 1 server, 2 delivered to server, 3 delivered, 4 read, 5 played */
    ack: integer('ack').notNull().default(0),
    mediaType: text('media_type'),
    mediaUrl: text('media_url'),
    quotedMsgId: integer('quoted_msg_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedByContact: boolean('deleted_by_contact').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    dataJson: jsonb('data_json'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_company_wa_wid_uq').on(t.companyId, t.whatsappId, t.wid),
    // id last: a page ordered by (createdAt, id) is read in index order and stops at its limit (bench:tickets)
    index('messages_company_ticket_created_idx').on(t.companyId, t.ticketId, t.createdAt, t.id),
    index('messages_company_contact_created_idx').on(t.companyId, t.contactId, t.createdAt),
    // locations shared in conversations (GET /locations/shared, the /maps view): a few rows per company
    index('messages_company_location_created_idx').on(t.companyId, t.createdAt).where(sql`media_type = 'location'`),
    // no full-text index on body: ticket search reads ticket_search_terms, in-chat search walks the conversation
  ],
);

/** `text COLLATE "C"`: byte order, so a word prefix is an index range under any database collation */
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The words of each ticket's messages (lexemes of `to_tsvector('simple_unaccent', body)`), one row per ticket and
 * word: ticket search by message text is an index range per word prefix that answers ticket ids without reading
 * messages. Filled ONLY by triggers (migrations 0003): after every INSERT on messages (per statement) and every
 * body change; a deleted ticket's rows go with it. Words of an edited-away body stay (a superset). No foreign keys:
 * a key check per word would lock the ticket row on every message.
 */
export const ticketSearchTerms = pgTable(
  'ticket_search_terms',
  {
    ticketId: integer('ticket_id').notNull(),
    lexeme: textC('lexeme').notNull(),
    companyId: integer('company_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.lexeme] }),
    index('ticket_search_terms_company_lexeme_idx').on(t.companyId, t.lexeme, t.ticketId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#5C59A0'),
    kanban: integer('kanban').notNull().default(0),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tags_company_idx').on(t.companyId)],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    // ticket id last: the tag filter reads its ticket ids index-only
    index('ticket_tags_company_tag_idx').on(t.companyId, t.tagId, t.ticketId),
  ],
);

export const quickAnswers = pgTable(
  'quick_answers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quick_answers_company_idx').on(t.companyId, t.shortcut)],
);

/** Media files stored through the storage port; served only to users of the owning company. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_files_company_idx').on(t.companyId)],
);
