import {
  type CreateScheduleAction,
  DomainError,
  events,
  SCHEDULE_ACTION_LIST_LIMIT,
  SCHEDULE_ACTIONS,
  type ScheduleActionEvent,
  type ScheduleActionJobDto,
  type ScheduleActionName,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit, platform } from '../../platform/index';
import type { JobInfo } from '../../platform/jobs/types';
import { SCHEDULE_ACTION_JOB, scheduleActionJob } from './schedule-actions.jobs';

/**
 * Scheduled actions (spec 2 §7): company administrators queue, list and delete the company's scheduled-action jobs —
 * only those: the company's other background jobs (schedule deliveries, campaigns, inbound processing) are never
 * listed nor deleted here (the Jobs port's `names` filter).
 */
export const SCHEDULE_ACTION_TEXT = {
  notFound: 'Ação agendada não encontrada',
  running: 'A ação agendada está em execução e não pode ser excluída agora',
  deleted: 'Ação agendada excluída com sucesso',
  deletedAll: 'Todas as ações agendadas foram excluídas com sucesso',
} as const;

const MINE = [SCHEDULE_ACTION_JOB];

function isAction(v: unknown): v is ScheduleActionName {
  return typeof v === 'string' && (SCHEDULE_ACTIONS as readonly string[]).includes(v);
}

/** The spec's job card (spec 2 §3) from a job of ours; null for anything else. */
export function toScheduleActionDto(job: JobInfo): ScheduleActionJobDto | null {
  const p = job.data as { action?: unknown; label?: unknown; data?: unknown } | null;
  if (job.name !== SCHEDULE_ACTION_JOB || !p || !isAction(p.action)) return null;
  return {
    id: job.id,
    name: p.action,
    label: typeof p.label === 'string' ? p.label : null,
    timestamp: job.timestamp,
    processedOn: job.processedOn,
    finishedOn: job.finishedOn,
    failedReason: job.failedReason,
    attemptsMade: job.attemptsMade,
    opts: job.opts,
    data: p.data && typeof p.data === 'object' ? (p.data as Record<string, unknown>) : {},
  };
}

export function emitScheduleActionEvent(companyId: number, data: ScheduleActionEvent): void {
  emit({ companyId, channel: events.scheduleAction.of(companyId), adminOnly: true, data });
}

/** POST /scheduleActions: validated by core (the action's own data schema), queued with the delay. */
export async function createScheduleAction(ctx: UserCtx, input: CreateScheduleAction): Promise<ScheduleActionJobDto> {
  assertCan(ctx, 'isAdmin');
  const info = await scheduleActionJob.enqueue(
    { companyId: ctx.companyId, userId: ctx.user.id, action: input.action, label: input.name, data: input.data },
    { delay: input.delay },
  );
  const job = toScheduleActionDto(info) as ScheduleActionJobDto;
  emitScheduleActionEvent(ctx.companyId, { action: 'create', job });
  return job;
}

/** GET /scheduleActions: this company's scheduled actions, newest first (the newest 200). */
export async function listScheduleActions(ctx: UserCtx): Promise<ScheduleActionJobDto[]> {
  assertCan(ctx, 'isAdmin');
  const jobs = await platform().jobs.list({ companyId: ctx.companyId, names: MINE, limit: SCHEDULE_ACTION_LIST_LIMIT });
  return jobs.map(toScheduleActionDto).filter((j): j is ScheduleActionJobDto => j !== null);
}

/** DELETE /scheduleActions/{id}: another company's job, or a job that is not a scheduled action, is not found. */
export async function deleteScheduleAction(ctx: UserCtx, id: string): Promise<void> {
  assertCan(ctx, 'isAdmin');
  const jobs = platform().jobs;
  const job = await jobs.get(id);
  if (!job || job.companyId !== ctx.companyId || job.name !== SCHEDULE_ACTION_JOB) {
    throw new DomainError('ERR_NOT_FOUND', SCHEDULE_ACTION_TEXT.notFound);
  }
  if (!(await jobs.remove(id))) {
    // BullMQ keeps a job its worker is running (locked); gone meanwhile is gone
    if (await jobs.get(id)) throw new DomainError('ERR_VALIDATION', SCHEDULE_ACTION_TEXT.running);
  }
  emitScheduleActionEvent(ctx.companyId, { action: 'delete', jobId: id });
}

/** DELETE /scheduleActionsAll: every scheduled action of this company, nothing else. */
export async function deleteAllScheduleActions(ctx: UserCtx): Promise<{ count: number }> {
  assertCan(ctx, 'isAdmin');
  const count = await platform().jobs.removeAll({ companyId: ctx.companyId, names: MINE });
  emitScheduleActionEvent(ctx.companyId, { action: 'deleteAll' });
  return { count };
}

/** A job of ours settled (finished, failed, retrying): its card, live. */
export async function publishSettled(e: { id: string; name: string; companyId: number | null }): Promise<void> {
  if (e.name !== SCHEDULE_ACTION_JOB || e.companyId === null) return;
  const info = await platform().jobs.get(e.id);
  const job = info ? toScheduleActionDto(info) : null;
  if (job) emitScheduleActionEvent(e.companyId, { action: 'update', job });
}
