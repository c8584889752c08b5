import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { contacts } from './contacts';
import { queues } from './queues';
import { users } from './users';
import { whatsapps } from './whatsapps';

/**
 * A scheduled message (spec 2 §3 Schedule). `sendAt` is the origin of its series of occurrences (the date the user
 * entered); occurrence k of the series falls at the rule of core `schedules/occurrences.ts` from it, in the
 * company's time zone. Occurrence numbers are global to the schedule: the series' occurrence k is number
 * `seriesBase + k`, so an edit that starts a new series never reuses a number (nor a job id) of the old one.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    /** 'Texto' | 'Mídia' */
    typeMessage: text('type_message').notNull().default('Texto'),
    /** 'Único' | 'Recorrente Semanal' | 'Recorrente Mensal' */
    typeSchedule: text('type_schedule').notNull().default('Único'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** when the last message of this schedule went out */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** occurrences in the series (recurring ones); null = forever (and for Único) */
    repeatCount: integer('repeat_count'),
    /** messages sent by this schedule */
    repeatCounter: integer('repeat_counter').notNull().default(0),
    /** 'PENDENTE' | 'ENVIADA' | 'ERRO' */
    status: text('status').notNull().default('PENDENTE'),
    lastError: text('last_error'),
    /** due time of the next occurrence; null once the series is over */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /** global number of the next occurrence (its job id is `schedule-{id}-{n}`); null once the series is over */
    nextOccurrence: integer('next_occurrence'),
    /** global occurrence number before this series' first */
    seriesBase: integer('series_base').notNull().default(0),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `/media/{id}`: a file stored for the company */
    mediaUrl: text('media_url'),
    mediaName: text('media_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_company_status_send_idx').on(t.companyId, t.status, t.sendAt),
    index('schedules_company_contact_idx').on(t.companyId, t.contactId),
    index('schedules_status_next_idx').on(t.status, t.nextSendAt),
  ],
);

/**
 * One row per occurrence that was handled: claimed in a transaction before the send (UNIQUE (schedule, occurrence)),
 * so an occurrence delivered twice is sent once. status: 'sending' (claimed, send under way), 'retrying' (an attempt
 * failed, the job retries), 'sent', 'failed' (attempts exhausted or not retryable), 'missed' (came due while nothing
 * ran and was more than the grace late, or a later occurrence was also due).
 */
export const scheduleSends = pgTable(
  'schedule_sends',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    occurrence: integer('occurrence').notNull(),
    status: text('status').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: integer('message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedule_sends_schedule_occurrence_uq').on(t.scheduleId, t.occurrence),
    index('schedule_sends_company_idx').on(t.companyId),
  ],
);
