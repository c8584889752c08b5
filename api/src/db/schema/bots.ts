import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { contacts } from './contacts';
import { flows } from './flows';
import { queues } from './queues';
import { tickets } from './tickets';
import { users } from './users';
import { whatsapps } from './whatsapps';

/** A chatbot setup (spec 2 §3 BotSetup); its connections in bot_setup_whatsapps, its command tree in bot_commands. */
export const botSetups = pgTable(
  'bot_setups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    typingTime: integer('typing_time').notNull().default(5),
    reopenBotAfterHours: integer('reopen_bot_after_hours').notNull().default(0),
    countErrorsBot: integer('count_errors_bot').notNull().default(2),
    typeMenu: text('type_menu').notNull().default('text'),
    messageOnErrorsBot: text('message_on_errors_bot').notNull(),
    /** 'none' | 'sendMessageAndClosed' | 'transferQueueDefault' */
    actionWithoutQueue: text('action_without_queue').notNull().default('none'),
    /** minutes */
    timeWithoutQueue: integer('time_without_queue').notNull().default(5),
    messageOnWithoutQueue: text('message_on_without_queue').notNull(),
    transferQueueId: integer('transfer_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'common' | 'prompt' */
    botType: text('bot_type').notNull().default('common'),
    /** the AI prompt of a 'prompt' bot (the AI issue adds its table) */
    botConfigId: integer('bot_config_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_setups_company_idx').on(t.companyId, t.id)],
);

/** A connection belongs to at most one setup: UNIQUE (whatsapp_id). */
export const botSetupWhatsapps = pgTable(
  'bot_setup_whatsapps',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botSetupId: integer('bot_setup_id')
      .notNull()
      .references(() => botSetups.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('bot_setup_whatsapps_whatsapp_uq').on(t.whatsappId),
    index('bot_setup_whatsapps_setup_idx').on(t.companyId, t.botSetupId),
  ],
);

/** A command of a setup's tree (spec 2 §3 Bot command); `commandBot` is its book-index path, unique in the setup. */
export const botCommands = pgTable(
  'bot_commands',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botSetupId: integer('bot_setup_id')
      .notNull()
      .references(() => botSetups.id, { onDelete: 'cascade' }),
    commandBot: text('command_bot').notNull(),
    commandType: integer('command_type').notNull(),
    descriptionBot: text('description_bot').notNull().default(''),
    showMessage: text('show_message').notNull().default(''),
    /** 'singleMessage' | 'flow' */
    typeMessage: text('type_message').notNull().default('singleMessage'),
    flowId: integer('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    botConfigId: integer('bot_config_id'),
    forceNextFlow: boolean('force_next_flow').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    /** tag ids to apply to the ticket (a deleted tag is skipped when applied) */
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    /** contact category ids to apply to the contact */
    botCategoryContacts: jsonb('bot_category_contacts').$type<number[]>().notNull().default([]),
    webhook: text('webhook').notNull().default(''),
    mediaUrl: text('media_url'),
    mediaName: text('media_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_commands_setup_path_uq').on(t.botSetupId, t.commandBot),
    index('bot_commands_company_setup_idx').on(t.companyId, t.botSetupId),
  ],
);

/**
 * The bot's place in one ticket (core `BotState`), one row per ticket, read and written under FOR UPDATE so two
 * deliveries of one message, or two messages at once, move it once each. `version` grows with every move: the
 * delayed jobs of a move (the typed reply, the silence timer) carry it and do nothing when it changed.
 */
export const botTicketStates = pgTable(
  'bot_ticket_states',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    botSetupId: integer('bot_setup_id')
      .notNull()
      .references(() => botSetups.id, { onDelete: 'cascade' }),
    position: text('position').notNull().default(''),
    /** 'choice' | 'answer' */
    awaiting: text('awaiting').notNull().default('choice'),
    errors: integer('errors').notNull().default(0),
    /** 'active' | 'done' | 'stopped' (the cap: another bot is answering ours) */
    status: text('status').notNull().default('active'),
    reason: text('reason'),
    version: integer('version').notNull().default(0),
    /** the last inbound message the bot handled (a redelivery is handled once) */
    lastMessageId: integer('last_message_id'),
    /** instants (ms) of the bot's messages in the cap window */
    sentAt: jsonb('sent_at').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_ticket_states_ticket_uq').on(t.ticketId),
    index('bot_ticket_states_company_contact_idx').on(t.companyId, t.contactId),
  ],
);
