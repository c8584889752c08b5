import { describe, expect, test } from 'bun:test';
import type { TicketDto } from './ticket.types';
import { ticketDto } from './ticket-dto.fixture';
import {
  emptyTicketList,
  passesQueueFilter,
  type TicketListState,
  type TicketListView,
  tabBadgeCount,
  ticketBelongsToList,
  ticketListReducer,
} from './ticket-list';

const mk = ticketDto;
const view = (over: Partial<TicketListView> = {}): TicketListView => ({
  list: 'open',
  currentUserId: 7,
  showAll: false,
  selectedQueueIds: [1, 2],
  allowNoQueue: false,
  viewPendingTickets: true,
  isAdmin: false,
  ...over,
});
const state = (...tickets: TicketDto[]): TicketListState => ({ tickets, hasMore: false, pageNumber: 1 });
const ids = (s: TicketListState) => s.tickets.map((t) => t.id);

describe('membership', () => {
  test('open tab: mine only, unless an admin with showAll', () => {
    expect(ticketBelongsToList(mk(1, { userId: 8 }), view())).toBe(false);
    expect(ticketBelongsToList(mk(1, { userId: 8 }), view({ showAll: true }))).toBe(false);
    expect(ticketBelongsToList(mk(1, { userId: 8 }), view({ showAll: true, isAdmin: true }))).toBe(true);
    expect(ticketBelongsToList(mk(1), view())).toBe(true);
  });
  test('pending: needs allowViewPendingTickets', () => {
    const t = mk(1, { status: 'pending', userId: null });
    expect(ticketBelongsToList(t, view({ list: 'pending' }))).toBe(true);
    expect(ticketBelongsToList(t, view({ list: 'pending', viewPendingTickets: false }))).toBe(false);
    expect(ticketBelongsToList(t, view({ list: 'open' }))).toBe(false);
  });
  test('closed tab shows every attendant', () => {
    expect(ticketBelongsToList(mk(1, { status: 'closed', userId: 9 }), view({ list: 'closed' }))).toBe(true);
  });
  test('queue filter and allowNoQueue', () => {
    expect(passesQueueFilter(3, view())).toBe(false);
    expect(passesQueueFilter(null, view())).toBe(false);
    expect(passesQueueFilter(null, view({ allowNoQueue: true }))).toBe(true);
    expect(ticketBelongsToList(mk(1, { queueId: 3 }), view())).toBe(false);
  });
  test('search view never claims membership', () => {
    expect(ticketBelongsToList(mk(1), view({ list: 'search' }))).toBe(false);
  });
});

describe('reducer', () => {
  test('update inserts an allowed ticket at the top, replaces in place', () => {
    let s = ticketListReducer(state(mk(1), mk(2)), { type: 'update', ticket: mk(3) }, view());
    expect(ids(s)).toEqual([3, 1, 2]);
    s = ticketListReducer(s, { type: 'update', ticket: mk(1, { lastMessage: 'x' }) }, view());
    expect(ids(s)).toEqual([3, 1, 2]);
    expect(s.tickets[1].lastMessage).toBe('x');
  });
  test('update removes a ticket whose queue is no longer selected, or that changed status/user', () => {
    const s0 = state(mk(1), mk(2));
    expect(ids(ticketListReducer(s0, { type: 'update', ticket: mk(1, { queueId: 5 }) }, view()))).toEqual([2]);
    expect(ids(ticketListReducer(s0, { type: 'update', ticket: mk(1, { status: 'closed' }) }, view()))).toEqual([2]);
    expect(ids(ticketListReducer(s0, { type: 'update', ticket: mk(1, { userId: 8 }) }, view()))).toEqual([2]);
  });
  test('a ticket without queue is ignored unless allowNoQueue', () => {
    const t = mk(3, { queueId: null, queue: null });
    const s0 = state(mk(1));
    expect(ticketListReducer(s0, { type: 'update', ticket: t }, view())).toBe(s0);
    expect(ids(ticketListReducer(s0, { type: 'update', ticket: t }, view({ allowNoQueue: true })))).toEqual([3, 1]);
  });
  test('delete removes; updateUnread clears the count', () => {
    const s0 = state(mk(1, { unreadMessages: 3 }), mk(2));
    expect(ids(ticketListReducer(s0, { type: 'delete', ticketId: 1 }, view()))).toEqual([2]);
    expect(ticketListReducer(s0, { type: 'updateUnread', ticketId: 1 }, view()).tickets[0].unreadMessages).toBe(0);
    expect(ticketListReducer(s0, { type: 'delete', ticketId: 99 }, view())).toBe(s0);
  });
  test('a new message moves the ticket to the top with its unread state', () => {
    const s0 = state(mk(1), mk(2), mk(3));
    const s = ticketListReducer(s0, { type: 'newMessage', ticket: mk(3, { unreadMessages: 1 }) }, view());
    expect(ids(s)).toEqual([3, 1, 2]);
    expect(s.tickets[0].unreadMessages).toBe(1);
    // a not-allowed ticket is dropped rather than promoted
    expect(ids(ticketListReducer(s0, { type: 'newMessage', ticket: mk(2, { userId: 9 }) }, view()))).toEqual([1, 3]);
  });
  test('loaded pages merge without duplicates; unread tickets move to the top; page 1 resets', () => {
    let s = ticketListReducer(
      emptyTicketList(),
      { type: 'loaded', tickets: [mk(1), mk(2, { unreadMessages: 2 })], hasMore: true, pageNumber: 1 },
      view(),
    );
    expect(ids(s)).toEqual([2, 1]);
    s = ticketListReducer(s, { type: 'loaded', tickets: [mk(1), mk(3)], hasMore: false, pageNumber: 2 }, view());
    expect(ids(s)).toEqual([2, 1, 3]);
    expect(s.hasMore).toBe(false);
    s = ticketListReducer(s, { type: 'loaded', tickets: [mk(9)], hasMore: false, pageNumber: 1 }, view());
    expect(ids(s)).toEqual([9]);
    expect(ticketListReducer(s, { type: 'reset' }, view())).toEqual(emptyTicketList());
  });
  test('the closed tab keeps the server order (most recent activity first): unread tickets do not jump ahead', () => {
    const closed = view({ list: 'closed' });
    const page1 = [mk(5, { status: 'closed' }), mk(4, { status: 'closed', unreadMessages: 3 })];
    let s = ticketListReducer(
      emptyTicketList(),
      { type: 'loaded', tickets: page1, hasMore: true, pageNumber: 1 },
      closed,
    );
    expect(ids(s)).toEqual([5, 4]);
    const page2 = [mk(3, { status: 'closed' }), mk(2, { status: 'closed', unreadMessages: 1 })];
    s = ticketListReducer(s, { type: 'loaded', tickets: page2, hasMore: false, pageNumber: 2 }, closed);
    expect(ids(s)).toEqual([5, 4, 3, 2]);
    // a ticket closed just now comes first, whatever its unread count
    s = ticketListReducer(s, { type: 'update', ticket: mk(6, { status: 'closed' }) }, closed);
    expect(ids(s)).toEqual([6, 5, 4, 3, 2]);
    // the open and pending lists keep unread first
    const open = ticketListReducer(
      emptyTicketList(),
      { type: 'loaded', tickets: [mk(5), mk(4, { unreadMessages: 3 })], hasMore: false, pageNumber: 1 },
      view(),
    );
    expect(ids(open)).toEqual([4, 5]);
    const pending = view({ list: 'pending' });
    const waiting = [mk(5, { status: 'pending' }), mk(4, { status: 'pending', unreadMessages: 1 })];
    expect(
      ids(
        ticketListReducer(
          emptyTicketList(),
          { type: 'loaded', tickets: waiting, hasMore: false, pageNumber: 1 },
          pending,
        ),
      ),
    ).toEqual([4, 5]);
  });
  test('search results are refreshed, never extended', () => {
    const s0 = state(mk(1));
    expect(ticketListReducer(s0, { type: 'update', ticket: mk(2) }, view({ list: 'search' }))).toBe(s0);
    const s = ticketListReducer(s0, { type: 'update', ticket: mk(1, { status: 'closed' }) }, view({ list: 'search' }));
    expect(s.tickets[0].status).toBe('closed');
  });
  test('contact updates propagate', () => {
    const s = ticketListReducer(
      state(mk(1), mk(2)),
      { type: 'contactUpdated', contact: { ...mk(1).contact, name: 'Novo' } },
      view(),
    );
    expect(s.tickets[0].contact.name).toBe('Novo');
    expect(s.tickets[1].contact.name).toBe('C2');
  });
  test('tab badge is capped at 10', () => {
    expect(tabBadgeCount(3)).toBe(3);
    expect(tabBadgeCount(42)).toBe(10);
    expect(tabBadgeCount(-1)).toBe(0);
  });
});
