import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { queues } from './queues';

/**
 * Integrations of the chat-AI kind (spec 2 §3 Integration): an OpenAI-compatible server. The key is sealed with
 * AES-256-GCM (`apiTokenEnc`, bound to the company and the row) and never sent back; `apiTokenLast4` is its mask.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    integrationType: text('integration_type').notNull().default('openai'),
    apiUrl: text('api_url').notNull().default(''),
    apiTokenEnc: text('api_token_enc').notNull().default(''),
    apiTokenLast4: text('api_token_last4').notNull().default(''),
    message: text('message').notNull().default(''),
    dataJson: text('data_json').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integrations_company_idx').on(t.companyId, t.name)],
);

/** AI prompts (spec 2 §3 Bot config). Deleting is soft (`isDeleted`): bot setups and commands may still name it. */
export const botConfigs = pgTable(
  'bot_configs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    context: text('context').notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    firstDelay: integer('first_delay').notNull().default(5),
    lastDelay: integer('last_delay').notNull().default(10),
    typingSpeed: integer('typing_speed').notNull().default(100),
    ignoreWords: text('ignore_words').notNull().default(''),
    model: text('model').notNull().default('gpt-3.5-turbo'),
    stop: text('stop').notNull().default(''),
    inactivityMessage: text('inactivity_message').notNull().default(''),
    initialMessages: jsonb('initial_messages').$type<{ body: string; fromMe: boolean }[]>().notNull().default([]),
    temperature: doublePrecision('temperature').notNull().default(0.1),
    frequencyPenalty: doublePrecision('frequency_penalty').notNull().default(0.9),
    presencePenalty: doublePrecision('presence_penalty').notNull().default(0.9),
    topP: doublePrecision('top_p').notNull().default(0.5),
    maxTokens: integer('max_tokens').notNull().default(1000),
    maxMessagesForDialog: integer('max_messages_for_dialog').notNull().default(10),
    messageForMaxMessagesExceeded: text('message_for_max_messages_exceeded').notNull().default(''),
    lastQueueId: integer('last_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    integrationId: integer('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_configs_company_idx').on(t.companyId, t.isDeleted, t.name)],
);

/**
 * One AI conversation: a ticket handled by a prompt, or a prompt's simulator (`kind` ticket | simulator, `refId` the
 * ticket's or the prompt's id). `version` moves with every customer message (the debounce's key), `inFlight` holds
 * the version whose completion runs (one per conversation), `exchanges` counts the AI's answers.
 */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'ticket' | 'simulator'>().notNull(),
    refId: integer('ref_id').notNull(),
    botConfigId: integer('bot_config_id').notNull(),
    status: text('status').$type<'active' | 'handedOver' | 'stopped'>().notNull().default('active'),
    reason: text('reason'),
    version: integer('version').notNull().default(0),
    exchanges: integer('exchanges').notNull().default(0),
    inFlight: integer('in_flight'),
    inFlightAt: timestamp('in_flight_at', { withTimezone: true }),
    burstStartedAt: timestamp('burst_started_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_conversations_ref_uq').on(t.companyId, t.kind, t.refId)],
);

/** The simulator's chat of a prompt (shared by the company's administrators). */
export const botSimulatorMessages = pgTable(
  'bot_simulator_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botConfigId: integer('bot_config_id')
      .notNull()
      .references(() => botConfigs.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    fromMe: boolean('from_me').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_simulator_messages_config_idx').on(t.companyId, t.botConfigId, t.id)],
);

/**
 * Every model call (the AI's log): tokens used per company and prompt, and the outcome — an error or timeout is kept
 * here with its text (the customer never sees it).
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botConfigId: integer('bot_config_id'),
    integrationId: integer('integration_id'),
    kind: text('kind').$type<'ticket' | 'simulator'>().notNull(),
    refId: integer('ref_id').notNull(),
    model: text('model').notNull(),
    outcome: text('outcome').$type<'ok' | 'error' | 'timeout'>().notNull(),
    error: text('error'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_usage_company_at_idx').on(t.companyId, t.at)],
);
