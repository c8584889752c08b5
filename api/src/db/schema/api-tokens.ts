import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { queues } from './queues';
import { users } from './users';
import { whatsapps } from './whatsapps';

/**
 * API message tokens (spec 2 §3 ApiSendMessageToken). The secret is never stored in clear: `tokenHash` (SHA-256 hex of
 * the secret, 256 random bits: no slow hash needed) finds the token of a call; `secretEnc` (AES-256-GCM, key from
 * API_TOKEN_KEY or derived from JWT_SECRET, see platform/crypto/secret-box.ts) lets an admin reveal it again.
 * Revoking is deleting the row: the next call's lookup misses, in every process (no cache).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    secretEnc: text('secret_enc').notNull(),
    last4: text('last4').notNull(),
    ticketSetStatus: text('ticket_set_status').$type<'open' | 'pending' | 'closed' | 'destroy'>().notNull(),
    ticketCreateOrUpdate: text('ticket_create_or_update').$type<'create' | 'update'>().notNull(),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** deleting the connection deletes its tokens (they could never send again) */
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    callCount: integer('call_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash), index('api_tokens_company_idx').on(t.companyId)],
);

/** One row per call of the message API that named a valid token (kept after the token is revoked). */
export const apiTokenCalls = pgTable(
  'api_token_calls',
  {
    id: serial('id').primaryKey(),
    tokenId: integer('token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    number: text('number'),
    statusCode: integer('status_code').notNull(),
    errorCode: text('error_code'),
    latencyMs: integer('latency_ms').notNull(),
    messageId: text('message_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_token_calls_company_at_idx').on(t.companyId, t.at),
    index('api_token_calls_token_idx').on(t.tokenId),
  ],
);

/**
 * `Idempotency-Key` of the message API: the row is inserted BEFORE the send (the primary key makes a concurrent
 * duplicate lose), completed with the answer after it; a token's rows older than 24 h are removed when it claims a key.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    tokenId: integer('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash').notNull(),
    /** null while the first request runs */
    status: integer('status'),
    body: jsonb('body').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] }), index('api_idempotency_created_idx').on(t.createdAt)],
);
