import {
  DomainError,
  events,
  type QueueDto,
  type QueueEvent,
  type QueueInput,
  type QueueUpdateInput,
} from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { isUniqueViolation } from '../companies/defaults.service';
import * as repo from './queues.repo';

export function toQueueDto(q: repo.QueueRow): QueueDto {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    companyId: q.companyId,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

function publish(companyId: number, data: QueueEvent): void {
  emit({ companyId, channel: events.queue.of(companyId), data });
}

/** Load-or-404 for other areas too: another company's queue is indistinguishable from a missing one. */
export async function getQueueInCompany(companyId: number, id: number): Promise<QueueDto> {
  const q = await repo.findQueueInCompany(companyId, id);
  if (!q) throw new DomainError('ERR_NOT_FOUND', 'Fila não encontrada.');
  return toQueueDto(q);
}

/** GET /queue — every user of the company (accept, transfer and new-ticket modals pick queues). */
export async function listQueues(ctx: UserCtx): Promise<QueueDto[]> {
  return (await repo.listQueues(ctx.companyId)).map(toQueueDto);
}

export function getQueue(ctx: UserCtx, id: number): Promise<QueueDto> {
  return getQueueInCompany(ctx.companyId, id);
}

async function assertFree(companyId: number, input: { name?: string; color?: string }, exceptId?: number) {
  if (input.color && (await repo.colorTaken(companyId, input.color, exceptId)))
    throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  if (input.name && (await repo.nameTaken(companyId, input.name, exceptId))) throw new DomainError('ERR_NAME_EXISTS');
}

function translateConflict(err: unknown): never {
  // the (company, colour) unique index settles a race between two saves
  if (isUniqueViolation(err)) throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  throw err;
}

export async function createQueue(ctx: UserCtx, input: QueueInput): Promise<QueueDto> {
  assertCan(ctx, 'manageQueues');
  await assertFree(ctx.companyId, input);
  const q = await repo.insertQueue(ctx.companyId, input).catch(translateConflict);
  const dto = toQueueDto(q);
  publish(ctx.companyId, { action: 'create', queue: dto });
  return dto;
}

export async function updateQueue(ctx: UserCtx, id: number, input: QueueUpdateInput): Promise<QueueDto> {
  assertCan(ctx, 'manageQueues');
  await getQueueInCompany(ctx.companyId, id);
  await assertFree(ctx.companyId, input, id);
  const q = await repo.updateQueue(ctx.companyId, id, input).catch(translateConflict);
  // deleted meanwhile
  if (!q) throw new DomainError('ERR_NOT_FOUND', 'Fila não encontrada.');
  // users carry their queues' names and colours
  invalidateActors();
  const dto = toQueueDto(q);
  publish(ctx.companyId, { action: 'update', queue: dto });
  return dto;
}

export async function deleteQueue(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'manageQueues');
  await getQueueInCompany(ctx.companyId, id);
  await repo.deleteQueue(ctx.companyId, id);
  invalidateActors();
  publish(ctx.companyId, { action: 'delete', queueId: id });
}
