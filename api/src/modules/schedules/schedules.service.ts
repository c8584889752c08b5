import {
  type BulkDeleteSchedules,
  canBulkDelete,
  canManageSchedule,
  DEFAULT_TIMEZONE,
  DomainError,
  type ListSchedulesQuery,
  missedScheduleText,
  nextOccurrenceAfter,
  occurrenceAt,
  PAGE_SIZE,
  pageWindow,
  SCHEDULE_TEXTS,
  type ScheduleDto,
  type ScheduleInput,
  type ScheduleList,
  SEND_AT_PAST_TOLERANCE_MS,
  scheduleInput,
} from '@zapdesk/core';
import { now } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { getContactRow } from '../contacts/contacts.service';
import { saveMediaFile } from '../media/media.service';
import { assertTicketRefs } from '../tickets/tickets.service';
import { cancelPlanned, catchUpGraceMs, planNext, publish, publishSchedule, ruleOf } from './schedules.delivery';
import * as repo from './schedules.repo';

/** An uploaded file of the schedule form (`media`). */
export type ScheduleUpload = { data: Uint8Array; mimeType?: string; fileName?: string };

/** Bulk deletes of more than this many schedules send one `reload` instead of one `delete` each. */
const LIVE_DELETE_LIMIT = PAGE_SIZE.records;

const notFound = () => new DomainError('ERR_NOT_FOUND', 'Agendamento não encontrado.');

/** Plan flag `enableSchedules`, enforced by the server (spec 1 §6, spec 2 §6). */
function assertPlan(ctx: UserCtx): void {
  if (!ctx.caps.useSchedules) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
}

async function getDto(companyId: number, id: number): Promise<ScheduleDto> {
  const s = await repo.findSchedule(companyId, id);
  if (!s) throw notFound();
  return s;
}

/** GET /schedules/ → { schedules, count, hasMore }: every user of the company sees every schedule. */
export async function listSchedules(ctx: UserCtx, q: ListSchedulesQuery): Promise<ScheduleList> {
  assertPlan(ctx);
  const page = await repo.listSchedules(
    ctx.companyId,
    { status: q.status, userId: q.user, contactId: q.contactId, search: q.searchParam },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { schedules: page.rows, count: page.count, hasMore: page.hasMore };
}

export async function showSchedule(ctx: UserCtx, id: number): Promise<ScheduleDto> {
  assertPlan(ctx);
  return getDto(ctx.companyId, id);
}

/** The contact, queue, connection and user named by the form are the company's (404 otherwise). */
async function assertRefs(ctx: UserCtx, input: ScheduleInput): Promise<void> {
  await getContactRow(ctx, input.contactId);
  await assertTicketRefs(ctx.companyId, {
    queueId: input.queueId,
    whatsappId: input.whatsappId,
    userId: input.userId,
  });
}

/** The owner: the caller unless an admin names another user (a non-admin naming someone else is refused). */
function ownerOf(ctx: UserCtx, input: ScheduleInput): number {
  if (input.userId !== null && input.userId !== ctx.user.id && ctx.user.profile !== 'admin') {
    throw new DomainError('ERR_NO_PERMISSION');
  }
  return input.userId ?? ctx.user.id;
}

async function storeMedia(ctx: UserCtx, media: ScheduleUpload, mediaName: string | null) {
  const saved = await saveMediaFile(ctx.companyId, media);
  return { mediaUrl: saved.url, mediaName: mediaName ?? saved.fileName };
}

const mediaRequired = () =>
  new DomainError('ERR_VALIDATION', SCHEDULE_TEXTS.mediaRequired, { fields: { media: SCHEDULE_TEXTS.mediaRequired } });

/**
 * The plan of a (new or changed) series from its origin: the first occurrence not before now (less the form's one
 * minute), numbered after `base`. Occurrences of the series already past when it is saved are not due (an edit that
 * keeps an old date goes on from the next one).
 */
function firstPlan(input: ScheduleInput, timeZone: string, base: number) {
  const rule = {
    origin: Date.parse(input.sendAt),
    typeSchedule: input.typeSchedule,
    repeatCount: input.repeatCount,
    timeZone,
  };
  const first = nextOccurrenceAfter(rule, Math.min(rule.origin, now() - SEND_AT_PAST_TOLERANCE_MS) - 1);
  return first ? { nextOccurrence: base + first.k, nextSendAt: new Date(first.at) } : null;
}

/** POST /schedules/{companyId}: `{companyId}` must be the caller's (404 otherwise). */
export async function createSchedule(
  ctx: UserCtx,
  companyId: number,
  body: unknown,
  media: ScheduleUpload | null,
): Promise<ScheduleDto> {
  if (companyId !== ctx.companyId) throw notFound();
  assertPlan(ctx);
  const input = scheduleInput(now()).parse(body);
  const userId = ownerOf(ctx, input);
  await assertRefs(ctx, input);
  let stored: { mediaUrl: string | null; mediaName: string | null } = { mediaUrl: null, mediaName: null };
  if (input.typeMessage === 'Mídia') {
    if (!media) throw mediaRequired();
    stored = await storeMedia(ctx, media, input.mediaName);
  }
  const timeZone = (await repo.companyTimeZone(ctx.companyId)) ?? DEFAULT_TIMEZONE;
  const plan = firstPlan(input, timeZone, 0);
  const row = await repo.insertSchedule(ctx.companyId, {
    contactId: input.contactId,
    body: input.body,
    typeMessage: input.typeMessage,
    typeSchedule: input.typeSchedule,
    sendAt: new Date(input.sendAt),
    repeatCount: input.repeatCount,
    queueId: input.queueId,
    whatsappId: input.whatsappId,
    userId,
    ...stored,
    seriesBase: 0,
    status: plan ? 'PENDENTE' : 'ERRO',
    nextOccurrence: plan?.nextOccurrence ?? null,
    nextSendAt: plan?.nextSendAt ?? null,
    lastError: plan ? null : missedScheduleText(catchUpGraceMs()),
  });
  await planNext(ctx.companyId, row);
  const dto = await getDto(ctx.companyId, row.id);
  publish(ctx.companyId, { action: 'create', schedule: dto });
  return dto;
}

/**
 * PUT /schedules/{id}/{companyId}: the owner or an admin (403 otherwise). A change of the send date, the type or the
 * repetitions starts a new series from the (new) date — its planned job is replaced, numbering goes on after the
 * old series' numbers; any other change keeps the plan (the job reads the schedule when it runs).
 */
export async function updateSchedule(
  ctx: UserCtx,
  id: number,
  companyId: number,
  body: unknown,
  media: ScheduleUpload | null,
): Promise<ScheduleDto> {
  if (companyId !== ctx.companyId) throw notFound();
  assertPlan(ctx);
  const found = await repo.findScheduleRow(ctx.companyId, id);
  if (!found) throw notFound();
  const { row: before, timeZone } = found;
  if (!canManageSchedule(ctx.user, before)) throw new DomainError('ERR_NO_PERMISSION');
  const input = scheduleInput(now(), { currentSendAt: before.sendAt.toISOString() }).parse(body);
  // an admin may hand it to another user; the owner keeps it (a non-admin naming someone else is refused)
  const userId = input.userId === null ? before.userId : ownerOf(ctx, input);
  await assertRefs(ctx, input);

  let stored: { mediaUrl: string | null; mediaName: string | null } = { mediaUrl: null, mediaName: null };
  if (input.typeMessage === 'Mídia') {
    if (media) stored = await storeMedia(ctx, media, input.mediaName);
    else if (before.mediaUrl) stored = { mediaUrl: before.mediaUrl, mediaName: input.mediaName ?? before.mediaName };
    else throw mediaRequired();
  }

  const seriesChanged =
    Date.parse(input.sendAt) !== before.sendAt.getTime() ||
    input.typeSchedule !== before.typeSchedule ||
    input.repeatCount !== before.repeatCount;
  const patch: Partial<repo.ScheduleValues> = {
    contactId: input.contactId,
    body: input.body,
    typeMessage: input.typeMessage,
    queueId: input.queueId,
    whatsappId: input.whatsappId,
    userId,
    ...stored,
  };
  if (seriesChanged) {
    const base = Math.max(
      before.seriesBase,
      before.nextOccurrence ?? 0,
      await repo.lastHandledOccurrence(ctx.companyId, id),
    );
    const plan = firstPlan(input, timeZone, base);
    Object.assign(patch, {
      sendAt: new Date(input.sendAt),
      typeSchedule: input.typeSchedule,
      repeatCount: input.repeatCount,
      seriesBase: base,
      nextOccurrence: plan?.nextOccurrence ?? null,
      nextSendAt: plan?.nextSendAt ?? null,
      // a new series is pending again; one with nothing left to send keeps its outcome
      ...(plan
        ? { status: 'PENDENTE', lastError: null }
        : before.status !== 'PENDENTE'
          ? {}
          : before.repeatCounter > 0
            ? { status: 'ENVIADA' }
            : { status: 'ERRO', lastError: missedScheduleText(catchUpGraceMs()) }),
    });
  }
  const after = await repo.updateSchedule(ctx.companyId, id, patch);
  if (!after) throw notFound();
  if (seriesChanged) {
    await cancelPlanned(before);
    await planNext(ctx.companyId, after);
  }
  const dto = await getDto(ctx.companyId, id);
  publish(ctx.companyId, { action: 'update', schedule: dto });
  return dto;
}

/** DELETE /schedules/{id}: the owner or an admin; its planned job goes with it. */
export async function deleteSchedule(ctx: UserCtx, id: number): Promise<void> {
  assertPlan(ctx);
  const found = await repo.findScheduleRow(ctx.companyId, id);
  if (!found) throw notFound();
  if (!canManageSchedule(ctx.user, found.row)) throw new DomainError('ERR_NO_PERMISSION');
  const deleted = await repo.deleteSchedule(ctx.companyId, id);
  if (!deleted) throw notFound();
  await cancelPlanned(deleted);
  publish(ctx.companyId, { action: 'delete', scheduleId: id });
}

/** POST /schedulesDelete: 'my sent' / 'all mine' for everyone, 'all sent' / 'all' for admins (spec 2 §6). */
export async function bulkDeleteSchedules(ctx: UserCtx, q: BulkDeleteSchedules): Promise<{ deleted: number }> {
  assertPlan(ctx);
  if (!canBulkDelete(ctx.user, q)) throw new DomainError('ERR_NO_PERMISSION');
  const rows = await repo.deleteSchedules(ctx.companyId, {
    status: q.status,
    userId: q.mySchedule ? ctx.user.id : undefined,
  });
  for (const r of rows) await cancelPlanned(r);
  if (rows.length > LIVE_DELETE_LIMIT) publish(ctx.companyId, { action: 'reload' });
  else for (const r of rows) publish(ctx.companyId, { action: 'delete', scheduleId: r.id });
  return { deleted: rows.length };
}

/**
 * The company's time zone changed: every pending schedule's next occurrence is computed again in the new zone (the
 * first occurrence is the instant entered, so only recurrences move) and its job replaced.
 */
export async function replanCompanySchedules(companyId: number): Promise<number> {
  let moved = 0;
  for (const id of await repo.pendingScheduleIds(companyId)) {
    const found = await repo.findScheduleRow(companyId, id);
    if (!found) continue;
    const { row, timeZone } = found;
    if (row.nextOccurrence === null) continue;
    const at = occurrenceAt(ruleOf(row, timeZone), row.nextOccurrence - row.seriesBase);
    if (at === null || at === row.nextSendAt?.getTime()) continue;
    const after = await repo.updateSchedule(companyId, id, { nextSendAt: new Date(at) });
    if (!after) continue;
    await cancelPlanned(row);
    await planNext(companyId, after);
    await publishSchedule(companyId, id, 'update');
    moved++;
  }
  return moved;
}
