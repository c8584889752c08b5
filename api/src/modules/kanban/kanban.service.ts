import {
  DomainError,
  encodeKanbanCursor,
  KANBAN_PAGE_SIZE,
  type KanbanAnswer,
  type KanbanLaneKey,
  type KanbanLanePage,
  type KanbanQuery,
  kanbanScope,
  type TagDto,
  type TicketDto,
  ticketViewerOf,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { showTag, tagsList } from '../tags/tags.service';
import { emitTicketEvent, loadTicketDto, loadTicketDtos, showTicket } from '../tickets/tickets.service';
import * as repo from './kanban.repo';

/** GET /tagskanban → { lista }: the company's kanban tags, in lane order (by name). */
export async function kanbanTags(ctx: UserCtx): Promise<{ lista: TagDto[] }> {
  return { lista: await tagsList(ctx, { kanbanOnly: true }) };
}

/**
 * GET /ticketkanban: the open and pending tickets of the user's queues (core kanbanScope: the client's queueIds only
 * narrow), paged per lane. Without `lane`: every lane's first page; with it: that lane's page after `cursor`.
 * A lane that is not one of the company's kanban tags answers 404.
 */
export async function ticketKanban(ctx: UserCtx, q: KanbanQuery): Promise<KanbanAnswer> {
  const scope = kanbanScope(ticketViewerOf(ctx), q.queueIds);
  const kanban = await tagsList(ctx, { kanbanOnly: true });
  let lanes: KanbanLaneKey[];
  if (q.lane === undefined) {
    lanes = ['open', ...kanban.map((t) => t.id)];
  } else {
    if (q.lane !== 'open' && !kanban.some((t) => t.id === q.lane)) {
      throw new DomainError('ERR_NOT_FOUND', 'Tag não encontrada.');
    }
    lanes = [q.lane];
  }
  const cursor = q.lane === undefined ? null : (q.cursor ?? null);
  const links = await repo.kanbanLinks(ctx.companyId, typeof q.lane === 'number' ? q.lane : undefined);
  const filterOf = (lane: KanbanLaneKey): repo.LaneFilter =>
    lane === 'open'
      ? { notIn: [...new Set(links.map((l) => l.ticketId))] }
      : { in: links.filter((l) => l.tagId === lane).map((l) => l.ticketId) };
  const pages: KanbanLanePage[] = await Promise.all(
    lanes.map(async (lane) => {
      const filter = filterOf(lane);
      const [page, count] = await Promise.all([
        repo.lanePage(ctx.companyId, scope, filter, cursor, KANBAN_PAGE_SIZE),
        repo.laneCount(ctx.companyId, scope, filter),
      ]);
      return {
        lane,
        ticketIds: page.ids,
        count,
        hasMore: page.hasMore,
        cursor: page.hasMore && page.last ? encodeKanbanCursor(page.last) : null,
      };
    }),
  );
  const tickets = await loadTicketDtos(ctx.companyId, [...new Set(pages.flatMap((p) => p.ticketIds))]);
  return { tickets, lanes: pages };
}

/** The ticket after a tag change, published on `ticket-{companyId}` (boards and ticket lists update live). */
async function publishTicket(ctx: UserCtx, ticketId: number, changed: boolean): Promise<TicketDto> {
  const ticket = await loadTicketDto(ctx.companyId, ticketId);
  if (changed) emitTicketEvent(ctx.companyId, { action: 'update', ticket });
  return ticket;
}

/**
 * DELETE /ticket-tags/{ticketId}: the first of a move's two calls (spec 2 §4) — the ticket loses its kanban tag
 * links (the lane it was in); its other tags stay. The ticket must be one the user may open (404 for another
 * company's, 403 otherwise). Answers the ticket.
 */
export async function removeTicketKanbanTags(ctx: UserCtx, ticketId: number): Promise<TicketDto> {
  await showTicket(ctx, ticketId);
  const removed = await repo.removeKanbanTags(ctx.companyId, ticketId);
  return publishTicket(ctx, ticketId, removed > 0);
}

/** PUT /ticket-tags/{ticketId}/{tagId}: the second call — the ticket gets the tag (404 for another company's tag). */
export async function addTicketTag(ctx: UserCtx, ticketId: number, tagId: number): Promise<TicketDto> {
  await showTicket(ctx, ticketId);
  await showTag(ctx, tagId);
  const added = await repo.addTicketTag(ctx.companyId, ticketId, tagId);
  return publishTicket(ctx, ticketId, added);
}
