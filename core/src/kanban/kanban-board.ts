/**
 * The live kanban board as a pure reducer the web feeds with `GET /ticketkanban` pages, its own moves and the
 * `ticket-{companyId}` events. Each lane keeps the ids it has loaded in the server's order (updatedAt desc, id desc)
 * and the server's count, adjusted as tickets come and go, so a live board and a reload agree.
 */
import type { TicketDto } from '../tickets/ticket.types';
import {
  type KanbanAnswer,
  type KanbanLaneKey,
  type KanbanScope,
  kanbanLanesOf,
  onKanban,
  tagsAfterMove,
} from './kanban.schemas';

export type KanbanLaneState = { ids: number[]; count: number; hasMore: boolean; cursor: string | null };

export type KanbanBoard = {
  scope: KanbanScope;
  /** the kanban tags, in lane order */
  tagIds: number[];
  /** by String(lane key): 'open', '12' */
  lanes: Record<string, KanbanLaneState>;
  tickets: Record<number, TicketDto>;
};

export type KanbanAction =
  /** a first load (every lane's first page) with the kanban tags in lane order */
  | { type: 'loaded'; answer: KanbanAnswer; tagIds: number[] }
  /** a lane's next page */
  | { type: 'laneLoaded'; answer: KanbanAnswer }
  /** a ticket event (or the answer of a move) */
  | { type: 'update'; ticket: TicketDto }
  | { type: 'remove'; ticketId: number }
  /** the user's own drop, shown before the server confirms it */
  | { type: 'move'; ticketId: number; to: { id: number; name: string; color: string } | 'open' };

export const laneKey = (lane: KanbanLaneKey): string => String(lane);

export const emptyBoard = (scope: KanbanScope): KanbanBoard => ({ scope, tagIds: [], lanes: {}, tickets: {} });

/** updatedAt desc, id desc (the server's lane order). ISO strings of one format compare as text. */
function before(a: TicketDto, b: TicketDto): boolean {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt;
  return a.id > b.id;
}

function sortIds(ids: number[], tickets: Record<number, TicketDto>): number[] {
  return [...ids].sort((x, y) => {
    const a = tickets[x];
    const b = tickets[y];
    if (!a || !b) return 0;
    return before(a, b) ? -1 : before(b, a) ? 1 : 0;
  });
}

function insertSorted(ids: number[], t: TicketDto, tickets: Record<number, TicketDto>): number[] {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = tickets[ids[mid]];
    if (other && before(other, t)) lo = mid + 1;
    else hi = mid;
  }
  return [...ids.slice(0, lo), t.id, ...ids.slice(lo)];
}

/** Puts a ticket where it now belongs: out of the lanes it left, into (and re-ordered in) the lanes it is in. */
function place(board: KanbanBoard, t: TicketDto): KanbanBoard {
  const kanban = new Set(board.tagIds);
  const wanted = onKanban(t, board.scope) ? new Set(kanbanLanesOf(t, kanban).map(laneKey)) : new Set<string>();
  const tickets = { ...board.tickets };
  if (wanted.size) tickets[t.id] = t;
  else delete tickets[t.id];
  const lanes: Record<string, KanbanLaneState> = {};
  for (const [key, lane] of Object.entries(board.lanes)) {
    const had = lane.ids.includes(t.id);
    const rest = had ? lane.ids.filter((id) => id !== t.id) : lane.ids;
    if (wanted.has(key)) {
      lanes[key] = { ...lane, ids: insertSorted(rest, t, tickets), count: had ? lane.count : lane.count + 1 };
    } else if (had) {
      lanes[key] = { ...lane, ids: rest, count: Math.max(0, lane.count - 1) };
    } else {
      lanes[key] = lane;
    }
  }
  return { ...board, lanes, tickets };
}

export function kanbanReducer(board: KanbanBoard, action: KanbanAction): KanbanBoard {
  switch (action.type) {
    case 'loaded': {
      const tickets: Record<number, TicketDto> = {};
      for (const t of action.answer.tickets) tickets[t.id] = t;
      const lanes: Record<string, KanbanLaneState> = {};
      for (const key of ['open' as const, ...action.tagIds])
        lanes[laneKey(key)] = { ids: [], count: 0, hasMore: false, cursor: null };
      for (const p of action.answer.lanes) {
        lanes[laneKey(p.lane)] = {
          ids: p.ticketIds.filter((id) => tickets[id]),
          count: p.count,
          hasMore: p.hasMore,
          cursor: p.cursor,
        };
      }
      return { ...board, tagIds: action.tagIds, lanes, tickets };
    }
    case 'laneLoaded': {
      const tickets = { ...board.tickets };
      for (const t of action.answer.tickets) tickets[t.id] = t;
      const lanes = { ...board.lanes };
      for (const p of action.answer.lanes) {
        const key = laneKey(p.lane);
        const lane = lanes[key];
        if (!lane) continue;
        const known = new Set(lane.ids);
        const added = p.ticketIds.filter((id) => tickets[id] && !known.has(id));
        lanes[key] = {
          ids: sortIds([...lane.ids, ...added], tickets),
          count: Math.max(p.count, lane.ids.length + added.length),
          hasMore: p.hasMore,
          cursor: p.cursor,
        };
      }
      return { ...board, lanes, tickets };
    }
    case 'update':
      return place(board, action.ticket);
    case 'remove': {
      const t = board.tickets[action.ticketId];
      if (!t) return board;
      return place(board, { ...t, status: 'closed' });
    }
    case 'move': {
      const t = board.tickets[action.ticketId];
      if (!t) return board;
      return place(board, { ...t, tags: tagsAfterMove(t, new Set(board.tagIds), action.to) });
    }
  }
}

/** The lane a card is dragged from and the lane it is dropped on are different lanes of the board. */
export function isRealMove(from: string, to: string | null | undefined): to is string {
  return !!to && to !== from;
}
