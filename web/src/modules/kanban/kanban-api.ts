import type { KanbanAnswer, KanbanLaneKey, TagDto, TicketDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/** `GET /tagskanban` → the kanban tags (the lanes after 'Em aberto'). */
export async function fetchKanbanTags(): Promise<TagDto[]> {
  const r = (await parseResponse(api.tagskanban.$get())) as { lista: TagDto[] };
  return r.lista;
}

/**
 * `GET /ticketkanban` with the user's queue ids (JSON array) and the spec's test flag: every lane's first page, or —
 * with `lane` and its `cursor` — that lane's next page.
 */
export function fetchKanban(
  queueIds: readonly number[],
  page?: { lane: KanbanLaneKey; cursor: string },
): Promise<KanbanAnswer> {
  const query: Record<string, string> = { queueIds: JSON.stringify(queueIds), test: 'true' };
  if (page) {
    query.lane = String(page.lane);
    query.cursor = page.cursor;
  }
  return parseResponse(api.ticketkanban.$get({ query })) as Promise<KanbanAnswer>;
}

/** A move's first call (spec 2 §4): the ticket leaves its lane. */
export function removeKanbanTags(ticketId: number): Promise<TicketDto> {
  return parseResponse(
    api['ticket-tags'][':ticketId'].$delete({ param: { ticketId: String(ticketId) } }),
  ) as Promise<TicketDto>;
}

/** A move's second call: the ticket joins the tag's lane. */
export function addTicketTag(ticketId: number, tagId: number): Promise<TicketDto> {
  return parseResponse(
    api['ticket-tags'][':ticketId'][':tagId'].$put({ param: { ticketId: String(ticketId), tagId: String(tagId) } }),
  ) as Promise<TicketDto>;
}
