import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { queues } from './queues';

export const userAuthorizations = pgTable(
  'user_authorizations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    allowNoQueue: boolean('allow_no_queue').notNull().default(true),
    allowMultipleTickets: boolean('allow_multiple_tickets').notNull().default(false),
    viewMessagesByTicket: integer('view_messages_by_ticket').notNull().default(0),
    disableGreeting: boolean('disable_greeting').notNull().default(false),
    disableSignature: boolean('disable_signature').notNull().default(false),
    enableAdministration: boolean('enable_administration').notNull().default(true),
    enableDash: boolean('enable_dash').notNull().default(true),
    allowCategorizeContacts: boolean('allow_categorize_contacts').notNull().default(true),
    allowCreateCategoryContacts: boolean('allow_create_category_contacts').notNull().default(true),
    allowViewPendingTickets: boolean('allow_view_pending_tickets').notNull().default(true),
    allowTicketExport: boolean('allow_ticket_export').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_authorizations_company_idx').on(t.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').$type<'admin' | 'user'>().notNull().default('user'),
    master: boolean('master').notNull().default(false),
    payPanelAccess: boolean('pay_panel_access').notNull().default(false),
    /** default connection; FK added by the connections area */
    whatsappId: integer('whatsapp_id'),
    userAuthorizationId: integer('user_authorization_id').references(() => userAuthorizations.id, {
      onDelete: 'set null',
    }),
    greetingMessage: text('greeting_message'),
    enableGreeting: boolean('enable_greeting').notNull().default(false),
    signMessage: boolean('sign_message').notNull().default(false),
    showAllTickets: boolean('show_all_tickets').notNull().default(false),
    volume: integer('volume').notNull().default(50),
    /** bumped to invalidate every access token of the user (password reset, removal) */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_company_idx').on(t.companyId)],
);

export const userQueues = pgTable(
  'user_queues',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_company_idx').on(t.companyId)],
);

/**
 * Refresh-token sessions. One row per issued refresh token; a family is one login.
 * Rotation marks the old row used; presenting a used token again revokes the whole family.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_sessions_token_uq').on(t.tokenHash),
    index('auth_sessions_family_idx').on(t.familyId),
    index('auth_sessions_company_idx').on(t.companyId),
  ],
);
