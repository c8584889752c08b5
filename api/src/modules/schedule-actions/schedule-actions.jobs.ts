import {
  DomainError,
  type ErrorCode,
  SCHEDULE_ACTION_ATTEMPTS,
  SCHEDULE_ACTION_BACKOFF,
  SCHEDULE_ACTION_DATA,
  SCHEDULE_ACTION_TEXTS,
  SCHEDULE_ACTIONS,
  type ScheduleActionData,
  type ScheduleActionName,
} from '@zapdesk/core';
import { z } from 'zod';
import { loadActorRow, userCtxOf } from '../../platform/auth/actor';
import type { UserCtx } from '../../platform/http/context';
import { defineJob } from '../../platform/jobs/define-job';
import { UnrecoverableJobError } from '../../platform/jobs/types';
import { sendOutbound } from '../messages/messages.outbound';
import { loadTicketDto, updateTicket } from '../tickets/tickets.service';

/**
 * The scheduled-action job (spec 2 §3 "Scheduled action job"): ONE job name for the four actions, the payload says
 * which (`action`) with its data, the admin who queued it (`userId`, the actor at run time) and the form's `name`
 * (`label`). What each action does is a handler in the registry below; an area that arrives later (campaigns,
 * issue 15) plugs its handler in with `registerScheduleActionHandler` from its startup step.
 */
export const SCHEDULE_ACTION_JOB = 'scheduleAction';

export type ScheduleActionRun<A extends ScheduleActionName> = {
  companyId: number;
  /** the administrator who queued the action, as they are now */
  actor: UserCtx;
  data: ScheduleActionData[A];
  job: { id: string; attemptsMade: number };
};

/** What an action does; its return value is the job's result. A DomainError is the job's failure reason. */
export type ScheduleActionHandler<A extends ScheduleActionName> = (run: ScheduleActionRun<A>) => Promise<unknown>;

const SEND_TEXT = {
  ticketClosed: 'O ticket está fechado: use number para escrever ao contato (um novo atendimento)',
} as const;

/** sendMessage: the outbound seam, as the admin who queued it; a ticket (open or pending) or a number. */
const sendMessage: ScheduleActionHandler<'sendMessage'> = async ({ companyId, actor, data }) => {
  const content = { kind: 'text' as const, body: data.body };
  if (data.ticketId !== undefined) {
    const ticket = await loadTicketDto(companyId, data.ticketId);
    if (ticket.status === 'closed') throw new DomainError('ERR_VALIDATION', SEND_TEXT.ticketClosed);
    const r = await sendOutbound(companyId, { to: { ticketId: ticket.id, ticket }, content, userId: actor.user.id });
    return { ticketId: ticket.id, messageIds: r.messages.map((m) => m.id) };
  }
  const r = await sendOutbound(companyId, {
    to: { number: data.number as string, ...(data.whatsappId !== undefined ? { whatsappId: data.whatsappId } : {}) },
    content,
    userId: actor.user.id,
  });
  return { ticketId: r.ticket?.id ?? null, messageIds: r.messages.map((m) => m.id) };
};

/** updateTicket: one move of the ticket machine (PUT /tickets/{id}'s service and rules), as the admin. */
const updateTicketAction: ScheduleActionHandler<'updateTicket'> = async ({ actor, data }) => {
  const { ticketId, ...body } = data;
  const t = await updateTicket(actor, ticketId, body);
  return { ticketId: t.id, status: t.status, queueId: t.queueId, userId: t.userId };
};

/** updateCampaign: the campaigns area (issue 15) registers the real handler; until then no campaign exists. */
const campaignsNotBuilt: ScheduleActionHandler<'updateCampaign'> = async () => {
  throw new DomainError('ERR_NOT_FOUND', SCHEDULE_ACTION_TEXTS.campaignNotFound);
};

/** test: really runs — its data is the job's result; `{ "fail": "reason" }` fails with that reason. */
const testAction: ScheduleActionHandler<'test'> = async ({ data }) => {
  if (typeof data.fail === 'string') throw new DomainError('ERR_VALIDATION', data.fail);
  return { received: data };
};

const handlers: { [A in ScheduleActionName]: ScheduleActionHandler<A> } = {
  sendMessage,
  updateTicket: updateTicketAction,
  updateCampaign: campaignsNotBuilt,
  test: testAction,
};

/** An area plugs in what an action does (campaigns: `updateCampaign`), from its startup step. */
export function registerScheduleActionHandler<A extends ScheduleActionName>(
  action: A,
  handler: ScheduleActionHandler<A>,
): void {
  (handlers as Record<ScheduleActionName, ScheduleActionHandler<ScheduleActionName>>)[action] =
    handler as unknown as ScheduleActionHandler<ScheduleActionName>;
}

/** Failures worth another attempt (after the backoff): the connection or the database, not the data. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_SENDING_WAPP_MSG',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_SERVICE_UNAVAILABLE',
]);

async function actorOf(companyId: number, userId: number): Promise<UserCtx> {
  const row = await loadActorRow(userId);
  // the same rule as a request's (auth middleware): a deactivated company's admin acts on nothing
  if (row && !row.company.status && !row.user.master) {
    throw new UnrecoverableJobError(SCHEDULE_ACTION_TEXTS.companyInactive);
  }
  const ctx = row ? userCtxOf(row) : null;
  if (!ctx || ctx.companyId !== companyId || !ctx.caps.isAdmin) {
    throw new UnrecoverableJobError(SCHEDULE_ACTION_TEXTS.actorGone);
  }
  return ctx;
}

export async function runScheduleAction(
  payload: { companyId: number; userId: number; action: ScheduleActionName; data: Record<string, unknown> },
  job: { id: string; attemptsMade: number },
): Promise<unknown> {
  const parsed = SCHEDULE_ACTION_DATA[payload.action].safeParse(payload.data);
  if (!parsed.success) throw new UnrecoverableJobError(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  const actor = await actorOf(payload.companyId, payload.userId);
  const handler = handlers[payload.action] as ScheduleActionHandler<ScheduleActionName>;
  try {
    return await handler({ companyId: payload.companyId, actor, data: parsed.data as never, job });
  } catch (e) {
    // a refusal (bad reference, a move the ticket machine refuses, no campaign) will not change on retry
    if (e instanceof DomainError && !RETRYABLE.has(e.code)) throw new UnrecoverableJobError(e.message);
    throw e;
  }
}

export const scheduleActionJob = defineJob(
  SCHEDULE_ACTION_JOB,
  z.object({
    userId: z.number().int().positive(),
    action: z.enum(SCHEDULE_ACTIONS),
    label: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
  }),
  (payload, job) => runScheduleAction(payload, job),
  { attempts: SCHEDULE_ACTION_ATTEMPTS, backoff: { ...SCHEDULE_ACTION_BACKOFF }, concurrency: 2 },
);
