import {
  type CreateTag,
  DEFAULT_TAG_COLOR,
  DomainError,
  dayEnd,
  dayStart,
  events,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
  type SendListContact,
  type TagDto,
  type TagEvent,
  type TicketDto,
  type UpdateTag,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { SEND_LIST_MAX } from '../contacts/contacts.service';
import { emitTicketEvent, loadTicketDto, showTicket } from '../tickets/tickets.service';
import * as repo from './tags.repo';

/** Tickets refreshed live after a tag is renamed or deleted (beyond that, lists pick the change up on reload). */
const LIVE_REFRESH_LIMIT = 200;

function emitTagEvent(companyId: number, data: TagEvent): void {
  emit({ companyId, channel: events.tag.of(companyId), data });
}

async function refreshTickets(companyId: number, ticketIds: number[]): Promise<void> {
  for (const id of ticketIds) {
    const ticket = await loadTicketDto(companyId, id).catch(() => null);
    if (ticket) emitTicketEvent(companyId, { action: 'update', ticket });
  }
}

async function getTag(ctx: UserCtx, id: number): Promise<TagDto> {
  const t = await repo.findTag(ctx.companyId, id);
  if (!t) throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
  return t;
}

/** GET /tags/ → { tags, hasMore, count }, each with ticketsCount. Reading is open to every user of the company. */
export async function listTags(ctx: UserCtx, q: PageQuery) {
  const { rows, hasMore, count } = await repo.listTags(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { tags: rows, hasMore, count };
}

/** GET /tags/list: every tag (ticket filter, chat tag picker); `kanban=1` keeps the kanban lanes only. */
export function tagsList(ctx: UserCtx, opts: { kanbanOnly?: boolean } = {}): Promise<TagDto[]> {
  return repo.allTags(ctx.companyId, opts);
}

export const showTag = (ctx: UserCtx, id: number) => getTag(ctx, id);

export async function createTag(ctx: UserCtx, input: CreateTag): Promise<TagDto> {
  assertCan(ctx, 'manageTags');
  if (await repo.tagNameTaken(ctx.companyId, input.name)) throw new DomainError('ERR_NAME_EXISTS');
  const id = await repo.insertTag(ctx.companyId, {
    name: input.name,
    color: input.color ?? DEFAULT_TAG_COLOR,
    kanban: input.kanban ?? 0,
    userId: ctx.user.id,
  });
  const tag = await getTag(ctx, id);
  emitTagEvent(ctx.companyId, { action: 'create', tag });
  return tag;
}

/** The platform makes a tag (demo seeds): like POST /tags without a caller; answers the id of a same-named tag if any. */
export async function ensureSystemTag(
  companyId: number,
  v: { name: string; color: string; kanban: 0 | 1; userId: number },
): Promise<number> {
  const existing = (await repo.allTags(companyId)).find((t) => t.name.toLowerCase() === v.name.toLowerCase());
  if (existing) return existing.id;
  const id = await repo.insertTag(companyId, v);
  const tag = await repo.findTag(companyId, id);
  if (tag) emitTagEvent(companyId, { action: 'create', tag });
  return id;
}

export async function updateTag(ctx: UserCtx, id: number, input: UpdateTag): Promise<TagDto> {
  assertCan(ctx, 'manageTags');
  const before = await getTag(ctx, id);
  if (input.name !== undefined && (await repo.tagNameTaken(ctx.companyId, input.name, id))) {
    throw new DomainError('ERR_NAME_EXISTS');
  }
  const patch: { name?: string; color?: string; kanban?: 0 | 1 } = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.color !== undefined) patch.color = input.color;
  if (input.kanban !== undefined) patch.kanban = input.kanban;
  if (Object.keys(patch).length && !(await repo.updateTag(ctx.companyId, id, patch))) {
    throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
  }
  const tag = await getTag(ctx, id);
  emitTagEvent(ctx.companyId, { action: 'update', tag });
  if (tag.name !== before.name || tag.color !== before.color) {
    await refreshTickets(ctx.companyId, await repo.ticketIdsWithTag(ctx.companyId, id, LIVE_REFRESH_LIMIT));
  }
  return tag;
}

export async function deleteTag(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'manageTags');
  await getTag(ctx, id);
  const tagged = await repo.ticketIdsWithTag(ctx.companyId, id, LIVE_REFRESH_LIMIT);
  if (!(await repo.deleteTag(ctx.companyId, id))) throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
  emitTagEvent(ctx.companyId, { action: 'delete', tagId: id });
  await refreshTickets(ctx.companyId, tagged);
}

/** GET /tagcontacts → { uniqueContacts }: campaign send list by tags and ticket dates (campaigns users only). */
export async function contactsByTags(
  ctx: UserCtx,
  q: { tags: number[]; dateInitial?: string; dateFinal?: string },
): Promise<{ uniqueContacts: SendListContact[] }> {
  assertCan(ctx, 'useCampaigns');
  const ids = [...new Set(q.tags)];
  if ((await repo.countTagsInCompany(ctx.companyId, ids)) !== ids.length) {
    throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
  }
  const uniqueContacts = await repo.contactsOfTaggedTickets(ctx.companyId, {
    tagIds: ids,
    from: q.dateInitial ? dayStart(q.dateInitial) : undefined,
    to: q.dateFinal ? dayEnd(q.dateFinal) : undefined,
    limit: SEND_LIST_MAX,
  });
  return { uniqueContacts };
}

/**
 * POST /tags/sync: sets a ticket's tags to exactly this list. The ticket must be one the user may open (404 for
 * another company's, 403 otherwise) and every tag the company's (404). Emits the ticket update and answers it.
 */
export async function syncTicketTags(ctx: UserCtx, input: { ticketId: number; tags: number[] }): Promise<TicketDto> {
  await showTicket(ctx, input.ticketId);
  const ids = [...new Set(input.tags)];
  if ((await repo.countTagsInCompany(ctx.companyId, ids)) !== ids.length) {
    throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
  }
  await repo.replaceTicketTags(ctx.companyId, input.ticketId, ids);
  const ticket = await loadTicketDto(ctx.companyId, input.ticketId);
  emitTicketEvent(ctx.companyId, { action: 'update', ticket });
  return ticket;
}

/** The platform adds tags to a ticket (a chatbot command, spec 2 issue 16): the company's tags only, others skipped. */
export async function addTicketTags(companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
  const known = new Set((await repo.allTags(companyId)).map((t) => t.id));
  const ticket = await loadTicketDto(companyId, ticketId);
  const next = [...new Set([...ticket.tags.map((t) => t.id), ...tagIds.filter((id) => known.has(id))])];
  if (next.length === ticket.tags.length) return;
  await repo.replaceTicketTags(companyId, ticketId, next);
  emitTicketEvent(companyId, { action: 'update', ticket: await loadTicketDto(companyId, ticketId) });
}
