import { describe, expect, test } from 'bun:test';
import { ticketDto } from '../tickets/ticket-dto.fixture';
import type { TicketViewer } from '../tickets/ticket-visibility';
import {
  decodeKanbanCursor,
  encodeKanbanCursor,
  KanbanQuery,
  type KanbanScope,
  kanbanLanesOf,
  kanbanScope,
  onKanban,
  TicketTagParams,
  tagsAfterMove,
} from './kanban.schemas';
import { emptyBoard, type KanbanBoard, kanbanReducer } from './kanban-board';

const viewer = (over: Partial<TicketViewer> = {}): TicketViewer => ({
  userId: 7,
  isAdmin: false,
  queueIds: [1, 2],
  allowNoQueue: false,
  viewPendingTickets: true,
  ...over,
});

const tagA = { id: 10, name: 'Novo', color: '#ff0000' };
const tagB = { id: 11, name: 'Proposta', color: '#00ff00' };
const plain = { id: 99, name: 'VIP', color: '#000000' };

describe('kanban scope (spec 2 §6: the queues the user belongs to)', () => {
  test('the client can narrow the queues, never widen them', () => {
    expect(kanbanScope(viewer(), []).queueIds).toEqual([1, 2]);
    expect(kanbanScope(viewer(), [2, 3, 4]).queueIds).toEqual([2]);
    expect(kanbanScope(viewer(), [5]).queueIds).toEqual([]);
    // admins too: their own queues
    expect(kanbanScope(viewer({ isAdmin: true, queueIds: [3] }), [1, 3]).queueIds).toEqual([3]);
  });

  test('pending needs allowViewPendingTickets; queueless tickets need allowNoQueue; closed never', () => {
    const s = kanbanScope(viewer({ viewPendingTickets: false }), []);
    expect(s.statuses).toEqual(['open']);
    expect(onKanban({ status: 'open', queueId: 1, userId: null }, s)).toBe(true);
    expect(onKanban({ status: 'pending', queueId: 1, userId: null }, s)).toBe(false);
    expect(onKanban({ status: 'open', queueId: null, userId: null }, s)).toBe(false);
    expect(onKanban({ status: 'open', queueId: 3, userId: 7 }, s)).toBe(false);
    const all = kanbanScope(viewer({ allowNoQueue: true }), []);
    expect(onKanban({ status: 'pending', queueId: null, userId: null }, all)).toBe(true);
    expect(onKanban({ status: 'closed', queueId: 1, userId: null }, all)).toBe(false);
  });
});

describe('lanes', () => {
  const kanban = new Set([10, 11]);
  test("'Em aberto' holds tickets without a kanban tag; one lane per kanban tag carried", () => {
    expect(kanbanLanesOf({ tags: [] }, kanban)).toEqual(['open']);
    expect(kanbanLanesOf({ tags: [plain] }, kanban)).toEqual(['open']);
    expect(kanbanLanesOf({ tags: [plain, tagB] }, kanban)).toEqual([11]);
    expect(kanbanLanesOf({ tags: [tagA, tagB] }, kanban)).toEqual([10, 11]);
  });

  test('a move replaces the kanban tags and keeps the others', () => {
    expect(tagsAfterMove({ tags: [plain, tagA] }, kanban, tagB)).toEqual([plain, tagB]);
    expect(tagsAfterMove({ tags: [tagA, tagB] }, kanban, 'open')).toEqual([]);
  });
});

describe('query', () => {
  test('queueIds as the web sends them; the test flag accepted; lane and cursor', () => {
    const q = KanbanQuery.parse({ queueIds: '[1,2]', test: 'true' });
    expect(q.queueIds).toEqual([1, 2]);
    expect(q.lane).toBeUndefined();
    const cursor = encodeKanbanCursor({ at: '2026-11-28 07:00:00.123456+00', id: 42 });
    const p = KanbanQuery.parse({ lane: '12', cursor });
    expect(p.lane).toBe(12);
    expect(p.cursor).toEqual({ at: '2026-11-28 07:00:00.123456+00', id: 42 });
    expect(KanbanQuery.parse({ lane: 'open' }).lane).toBe('open');
  });

  test('bad lanes, cursors and ids are refused with their texts', () => {
    const lane = KanbanQuery.safeParse({ lane: 'abc' });
    expect(lane.success).toBe(false);
    expect(lane.error?.issues[0].message).toBe('Coluna inválida');
    const cur = KanbanQuery.safeParse({ lane: 'open', cursor: 'bm9wZQ' });
    expect(cur.error?.issues[0].message).toBe('Cursor inválido');
    expect(decodeKanbanCursor(encodeKanbanCursor({ at: "x'; drop table", id: 1 }))).toBeNull();
    expect(decodeKanbanCursor('%%%')).toBeNull();
    expect(TicketTagParams.safeParse({ ticketId: '1', tagId: '0' }).success).toBe(false);
    expect(TicketTagParams.safeParse({ ticketId: '99999999999', tagId: '1' }).success).toBe(false);
  });
});

describe('live board', () => {
  const scope: KanbanScope = { statuses: ['open', 'pending'], queueIds: [1], includeNoQueue: false };
  const at = (min: number) => new Date(Date.UTC(2026, 10, 28, 7, min)).toISOString();
  const t1 = ticketDto(1, { updatedAt: at(1) });
  const t2 = ticketDto(2, { updatedAt: at(2), tags: [tagA] });
  const t3 = ticketDto(3, { updatedAt: at(3) });

  function loaded(): KanbanBoard {
    return kanbanReducer(emptyBoard(scope), {
      type: 'loaded',
      tagIds: [10, 11],
      answer: {
        tickets: [t3, t2, t1],
        lanes: [
          { lane: 'open', ticketIds: [3, 1], count: 5, hasMore: true, cursor: 'c1' },
          { lane: 10, ticketIds: [2], count: 1, hasMore: false, cursor: null },
          { lane: 11, ticketIds: [], count: 0, hasMore: false, cursor: null },
        ],
      },
    });
  }

  test('a move takes the card out of its lane and into the target, counts follow', () => {
    const b = kanbanReducer(loaded(), { type: 'move', ticketId: 3, to: tagB });
    expect(b.lanes.open).toMatchObject({ ids: [1], count: 4 });
    expect(b.lanes['11']).toMatchObject({ ids: [3], count: 1 });
    const back = kanbanReducer(b, { type: 'move', ticketId: 2, to: 'open' });
    expect(back.lanes['10']).toMatchObject({ ids: [], count: 0 });
    expect(back.lanes.open.ids).toEqual([2, 1]);
  });

  test('events: a newer ticket goes on top, a closed or foreign-queue one leaves, a page merges in order', () => {
    let b = kanbanReducer(loaded(), { type: 'update', ticket: ticketDto(4, { updatedAt: at(9) }) });
    expect(b.lanes.open).toMatchObject({ ids: [4, 3, 1], count: 6 });
    b = kanbanReducer(b, { type: 'update', ticket: { ...t1, updatedAt: at(10) } });
    expect(b.lanes.open.ids).toEqual([1, 4, 3]);
    b = kanbanReducer(b, { type: 'update', ticket: { ...t3, status: 'closed' } });
    expect(b.lanes.open).toMatchObject({ ids: [1, 4], count: 5 });
    b = kanbanReducer(b, { type: 'update', ticket: { ...t2, queueId: 5 } });
    expect(b.lanes['10']).toMatchObject({ ids: [], count: 0 });
    expect(b.tickets[2]).toBeUndefined();
    b = kanbanReducer(b, { type: 'remove', ticketId: 4 });
    expect(b.lanes.open.ids).toEqual([1]);
    const t0 = ticketDto(5, { updatedAt: at(0) });
    b = kanbanReducer(b, {
      type: 'laneLoaded',
      answer: {
        tickets: [t1, t0],
        lanes: [{ lane: 'open', ticketIds: [1, 5], count: 4, hasMore: false, cursor: null }],
      },
    });
    expect(b.lanes.open).toMatchObject({ ids: [1, 5], hasMore: false, cursor: null });
  });
});
