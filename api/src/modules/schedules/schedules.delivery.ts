import {
  catchUp,
  DomainError,
  events,
  missedScheduleText,
  type OccurrenceRule,
  occurrenceAt,
  SCHEDULE_BLOCKED_TEXT,
  SCHEDULE_INTERRUPTED_TEXT,
  type ScheduleEvent,
  type TypeSchedule,
} from '@zapdesk/core';
import { z } from 'zod';
import { now, sleepOnClock } from '../../platform/clock';
import { emit, platform } from '../../platform/index';
import { defineJob, type JobRun } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { getContactRow } from '../contacts/contacts.service';
import { sendOutbound } from '../messages/messages.outbound';
import { unfinishedTicketsOfContacts } from '../tickets/tickets.service';
import { getDefaultWhatsapp } from '../whatsapp/whatsapp.service';
import * as repo from './schedules.repo';

/**
 * Delivery of schedules (issue 14). Each occurrence is a typed job `schedules.send` whose id is
 * `schedule-{id}-{n}-{dueAt ms}` (n = the occurrence's number, global to the schedule): enqueued twice, it exists once.
 * Before sending, the occurrence's row (UNIQUE (schedule, occurrence)) is claimed in a transaction, so a job delivered
 * twice (both runners deliver at least once) sends once. After the outcome, the schedule moves on in the same
 * transaction as the occurrence's row, and the next occurrence's job is enqueued.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** attempts of one occurrence; exponential backoff from 10 s: 10, 20, 40, 80, 160 s between them (~5 min) */
export const SEND_ATTEMPTS = 6;
export const SEND_BACKOFF_MS = 10_000;
/** a claim older than this whose delivery never finished was interrupted (longer than the relay's 120 s send) */
export const SENDING_STALE_MS = 150_000;
/** a job that fires this much early (another clock) waits; more is retried later */
const EARLY_WAIT_MAX_MS = 10_000;
/** at most this many missed occurrences get a row each (a forever weekly schedule after years down) */
const MISSED_ROWS_MAX = 500;

/** How late an occurrence may still go after downtime (SCHEDULE_CATCHUP_GRACE_MS, default 24 h). */
export function catchUpGraceMs(): number {
  const v = Number(process.env.SCHEDULE_CATCHUP_GRACE_MS);
  return Number.isFinite(v) && v >= 0 && process.env.SCHEDULE_CATCHUP_GRACE_MS !== '' ? v : DAY_MS;
}

export const scheduleJobId = (scheduleId: number, occurrence: number, dueAt: number) =>
  `schedule-${scheduleId}-${occurrence}-${dueAt}`;

export function ruleOf(row: repo.ScheduleRow, timeZone: string): OccurrenceRule {
  return {
    origin: row.sendAt.getTime(),
    typeSchedule: row.typeSchedule as TypeSchedule,
    repeatCount: row.repeatCount,
    timeZone,
  };
}

export async function publishSchedule(companyId: number, id: number, action: 'create' | 'update'): Promise<void> {
  const schedule = await repo.findSchedule(companyId, id);
  if (schedule) publish(companyId, { action, schedule });
}

export function publish(companyId: number, data: ScheduleEvent): void {
  emit({ companyId, channel: events.schedule.of(companyId), data });
}

/** A send error worth another attempt: the connection is down or WhatsApp refused for now, or an unexpected fault. */
function retryable(err: unknown): boolean {
  if (!(err instanceof DomainError)) return true;
  return ['ERR_WAPP_NOT_INITIALIZED', 'ERR_SENDING_WAPP_MSG', 'ERR_SERVICE_UNAVAILABLE', 'ERR_INTERNAL'].includes(
    err.code,
  );
}

const reasonOf = (err: unknown): string =>
  err instanceof DomainError ? err.message : err instanceof Error ? err.message : String(err);

/**
 * The message of a schedule, through the outbound seam, on the schedule's connection (the default one when none),
 * to its contact. Ticket policy: the contact's unfinished ticket on that connection gets the message and is left as
 * it is; otherwise the send opens a ticket — open with the schedule's user and queue (pending when it has no user).
 */
async function sendScheduleMessage(companyId: number, row: repo.ScheduleRow): Promise<number | null> {
  const contact = await getContactRow({ companyId }, row.contactId);
  const whatsappId = row.whatsappId ?? (await getDefaultWhatsapp(companyId)).id;
  const unfinished = await unfinishedTicketsOfContacts(companyId, { numbers: [contact.number], lids: [] });
  const hasTicket = unfinished.some((t) => t.contactId === contact.id && t.whatsappId === whatsappId);
  const result = await sendOutbound(companyId, {
    to: { contactId: row.contactId, whatsappId },
    content:
      row.typeMessage === 'Mídia' && row.mediaUrl
        ? { kind: 'storedMedia', mediaUrl: row.mediaUrl, body: row.body }
        : { kind: 'text', body: row.body },
    ticket: hasTicket
      ? { mode: 'reuse' }
      : { mode: 'reuse', status: row.userId ? 'open' : 'pending', queueId: row.queueId, userId: row.userId },
    userId: row.userId,
  });
  return result.messages.at(-1)?.id ?? null;
}

export type DeliveryOutcome = 'gone' | 'stale' | 'sent' | 'failed' | 'missed' | 'done' | 'retrying';

/**
 * One delivery of occurrence `occurrence` (due at `dueAt`) of a schedule. Of the occurrences due by now from this one
 * on, only the latest may go, and only within the grace (core `catchUp`); the others are missed. Answers what it did.
 * Throws (so the runner retries with backoff) when the send failed and attempts remain, or when another delivery is
 * sending the same occurrence right now.
 */
export async function deliverOccurrence(
  data: { companyId: number; scheduleId: number; occurrence: number; dueAt: number },
  run: Pick<JobRun, 'attemptsMade'> = { attemptsMade: 0 },
): Promise<DeliveryOutcome> {
  const { companyId, scheduleId, occurrence } = data;
  const found = await repo.findScheduleRow(companyId, scheduleId);
  if (!found) return 'gone';
  const { row, timeZone } = found;
  if (row.status !== 'PENDENTE' || row.nextOccurrence !== occurrence) return 'stale';
  const rule = ruleOf(row, timeZone);
  const k = occurrence - row.seriesBase;
  const due = occurrenceAt(rule, k);
  // re-planned (the company's time zone changed): the job of the new time does it
  if (due === null || due !== data.dueAt) {
    // ...unless the schedule still plans THIS job's time: the zone changed while the previous occurrence was being
    // sent, and that delivery planned the next one in the old zone after the re-plan ran. No other job will come
    // (a catch-up would enqueue this same time again): plan the occurrence at its time in the current zone.
    if (due !== null && row.nextSendAt?.getTime() === data.dueAt) {
      const moved = await repo.finishOccurrence(companyId, scheduleId, occurrence, null, {
        status: 'PENDENTE',
        nextOccurrence: occurrence,
        nextSendAt: new Date(due),
        lastError: row.lastError,
      });
      if (moved) await afterMove(companyId, scheduleId);
    }
    return 'stale';
  }
  const early = due - now();
  if (early > 0) {
    if (early > EARLY_WAIT_MAX_MS) throw new Error(`schedule ${scheduleId} occurrence ${occurrence} not due yet`);
    await sleepOnClock(early);
  }
  const plan = catchUp(rule, k, now(), catchUpGraceMs());
  const base = row.seriesBase;
  const next = plan.next;
  const nextState = (lastError: string | null, sent: boolean): repo.Advance => ({
    status: next ? 'PENDENTE' : sent ? 'ENVIADA' : 'ERRO',
    nextOccurrence: next ? base + next.k : null,
    nextSendAt: next ? new Date(next.at) : null,
    lastError,
    ...(sent ? { sentAt: new Date(now()) } : {}),
  });

  if (plan.missed) {
    const items: { occurrence: number; dueAt: Date }[] = [];
    for (let m = plan.missed.from; m <= plan.missed.to && items.length < MISSED_ROWS_MAX; m++) {
      items.push({ occurrence: base + m, dueAt: new Date(occurrenceAt(rule, m) as number) });
    }
    await repo.markMissed(companyId, scheduleId, items, missedScheduleText(catchUpGraceMs()));
  }
  if (!plan.send) {
    const moved = await repo.finishOccurrence(
      companyId,
      scheduleId,
      occurrence,
      null,
      nextState(missedScheduleText(catchUpGraceMs()), false),
    );
    if (moved) await afterMove(companyId, scheduleId);
    return 'missed';
  }

  const sendN = base + plan.send.k;
  const claim = await repo.claimOccurrence(companyId, scheduleId, sendN, new Date(plan.send.at), SENDING_STALE_MS);
  if (claim.kind === 'busy') throw new Error(`schedule ${scheduleId} occurrence ${sendN} is being sent`);
  if (claim.kind === 'done') {
    // handled before (the normal case of a duplicate: the schedule has moved on, and this changes nothing); should
    // the schedule still wait for it (a fault between two steps), it moves on now, without counting a send again
    const moved = await repo.finishOccurrence(companyId, scheduleId, occurrence, null, {
      ...nextState(claim.status === 'sent' ? null : (row.lastError ?? missedScheduleText(catchUpGraceMs())), false),
      ...(claim.status === 'sent' && !next ? { status: 'ENVIADA' } : {}),
    });
    if (moved) await afterMove(companyId, scheduleId);
    return 'done';
  }
  if (claim.kind === 'interrupted') {
    const moved = await repo.finishOccurrence(
      companyId,
      scheduleId,
      occurrence,
      { occurrence: sendN, status: 'failed', error: SCHEDULE_INTERRUPTED_TEXT },
      nextState(SCHEDULE_INTERRUPTED_TEXT, false),
    );
    if (moved) await afterMove(companyId, scheduleId);
    return 'failed';
  }

  // the company may have been deactivated, or its plan lost the schedules, since the schedule was made: nothing goes
  // out (the occurrence is recorded with the reason; a recurring schedule goes on, and sends again once allowed)
  const blocked = !found.companyActive
    ? SCHEDULE_BLOCKED_TEXT.companyInactive
    : !found.enableSchedules
      ? SCHEDULE_BLOCKED_TEXT.planOff
      : null;
  if (blocked) {
    const moved = await repo.finishOccurrence(
      companyId,
      scheduleId,
      occurrence,
      { occurrence: sendN, status: 'failed', error: blocked },
      nextState(blocked, false),
    );
    if (moved) await afterMove(companyId, scheduleId);
    return 'failed';
  }

  let messageId: number | null;
  try {
    messageId = await sendScheduleMessage(companyId, row);
  } catch (err) {
    const reason = reasonOf(err);
    if (retryable(err) && run.attemptsMade + 1 < SEND_ATTEMPTS) {
      await repo.markRetrying(companyId, scheduleId, sendN, reason);
      log.warn({ err, companyId, scheduleId, occurrence: sendN }, 'schedule send failed; retrying');
      throw err;
    }
    log.warn({ err, companyId, scheduleId, occurrence: sendN }, 'schedule send failed');
    const moved = await repo.finishOccurrence(
      companyId,
      scheduleId,
      occurrence,
      { occurrence: sendN, status: 'failed', error: reason },
      nextState(reason, false),
    );
    if (moved) await afterMove(companyId, scheduleId);
    return 'failed';
  }
  const moved = await repo.finishOccurrence(
    companyId,
    scheduleId,
    occurrence,
    { occurrence: sendN, status: 'sent', messageId },
    nextState(null, true),
  );
  if (moved) await afterMove(companyId, scheduleId);
  return 'sent';
}

/** After the schedule moved on: the next occurrence's job, and the live update. */
async function afterMove(companyId: number, scheduleId: number): Promise<void> {
  const found = await repo.findScheduleRow(companyId, scheduleId);
  if (found) await planNext(companyId, found.row);
  await publishSchedule(companyId, scheduleId, 'update');
}

export const scheduleSendJob = defineJob(
  'schedules.send',
  z.object({
    scheduleId: z.number().int().positive(),
    occurrence: z.number().int().positive(),
    dueAt: z.number().int(),
  }),
  async (data, run) => deliverOccurrence(data, run),
  { attempts: SEND_ATTEMPTS, backoff: { type: 'exponential', delay: SEND_BACKOFF_MS }, concurrency: 4 },
);

/**
 * The job of a pending schedule's next occurrence, if it has none yet (same id → no-op). A job of that id that already
 * finished or failed while the schedule still waits for it (a fault between its outcome and the next step) is
 * replaced, so the occurrence is not stuck.
 */
export async function planNext(companyId: number, row: repo.ScheduleRow): Promise<void> {
  if (row.status !== 'PENDENTE' || row.nextOccurrence === null || !row.nextSendAt) return;
  const dueAt = row.nextSendAt.getTime();
  const jobId = scheduleJobId(row.id, row.nextOccurrence, dueAt);
  const jobs = platform().jobs;
  const existing = await jobs.get(jobId);
  if (existing && (existing.state === 'completed' || existing.state === 'failed')) await jobs.remove(jobId);
  else if (existing) return;
  await scheduleSendJob.enqueue(
    { companyId, scheduleId: row.id, occurrence: row.nextOccurrence, dueAt },
    { jobId, delay: Math.max(0, dueAt - now()) },
  );
}

/** Removes the job of a schedule's planned occurrence (edit, delete); a running one finishes and finds it stale. */
export async function cancelPlanned(row: { id: number; nextOccurrence: number | null; nextSendAt: Date | null }) {
  if (row.nextOccurrence === null || !row.nextSendAt) return;
  await platform()
    .jobs.remove(scheduleJobId(row.id, row.nextOccurrence, row.nextSendAt.getTime()))
    .catch((err) => log.warn({ err, scheduleId: row.id }, 'could not remove a schedule job'));
}

/**
 * Start-up catch-up (and after the jobs were lost): every pending schedule gets the job of its next occurrence — due
 * already (the server was down) it runs at once, and its delivery sends the latest due occurrence if within the grace
 * and marks the older ones missed; never several stale copies. Answers how many schedules were looked at.
 */
export async function catchUpSchedules(): Promise<number> {
  let after = 0;
  let seen = 0;
  for (;;) {
    const batch = await repo.unsafePendingSchedules(after, 200);
    if (!batch.length) return seen;
    for (const s of batch) {
      after = s.id;
      seen++;
      try {
        const found = await repo.findScheduleRow(s.companyId, s.id);
        if (found) await planNext(s.companyId, found.row);
      } catch (err) {
        log.error({ err, scheduleId: s.id }, 'schedule catch-up failed for one schedule');
      }
    }
  }
}
