import type { FlowActionDto } from '@zapdesk/core';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { tickets } from './tickets';
import { users } from './users';

/**
 * A message flow (spec 2 §3 Flow): name, type (Bot or Chat) and its ordered actions. The actions are one JSON list
 * (they are always read and saved whole, in order, with the flow); a SendMedia action's file is a stored media file
 * of the company (`/media/{id}`).
 */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'Bot' | 'Chat' */
    type: text('type').notNull(),
    actions: jsonb('actions').$type<FlowActionDto[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flows_company_type_name_idx').on(t.companyId, t.type, t.name)],
);

/**
 * One run of a flow on a ticket: the actions as they were when it started (an edit of the flow does not change a
 * run under way), the instant it started, and the next step to do. Each step is a typed job due at its timeline
 * instant (core `flowSteps`); `runKey` (optional, from the caller) makes starting a run idempotent.
 * status: 'running' | 'done' | 'failed' | 'cancelled'.
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** who started it (the chat input); null for the platform (a bot) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    runKey: text('run_key'),
    actions: jsonb('actions').$type<FlowActionDto[]>().notNull(),
    status: text('status').notNull().default('running'),
    /** the next step to do (index in core `flowSteps(actions)`) */
    step: integer('step').notNull().default(0),
    /** when the next step is due */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flow_runs_company_key_uq').on(t.companyId, t.runKey),
    index('flow_runs_company_ticket_idx').on(t.companyId, t.ticketId),
    index('flow_runs_status_idx').on(t.status),
  ],
);

/**
 * One row per step that was handled, claimed before the send (UNIQUE (run, step)): a step's job delivered twice
 * sends once. status: 'sending' | 'retrying' | 'sent' | 'failed'.
 */
export const flowRunSteps = pgTable(
  'flow_run_steps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    runId: integer('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    status: text('status').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** when the step's send finished (clock time) */
    doneAt: timestamp('done_at', { withTimezone: true }),
    messageId: integer('message_id'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('flow_run_steps_run_step_uq').on(t.runId, t.step),
    index('flow_run_steps_company_idx').on(t.companyId),
  ],
);
