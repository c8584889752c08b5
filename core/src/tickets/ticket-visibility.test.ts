import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { ListTicketsQuery } from './ticket.schemas';
import type { TicketStatus } from './ticket.types';
import {
  audienceCanView,
  audienceKey,
  canViewTicket,
  type TicketSubject,
  type TicketViewer,
  ticketListFilter,
  ticketViewerOf,
} from './ticket-visibility';

const agent = (over: Partial<TicketViewer> = {}): TicketViewer => ({
  userId: 7,
  isAdmin: false,
  queueIds: [1],
  allowNoQueue: false,
  viewPendingTickets: true,
  ...over,
});
const t = (over: Partial<TicketSubject> = {}): TicketSubject => ({ status: 'open', userId: null, queueId: 1, ...over });

describe('canViewTicket', () => {
  test('admins see every ticket', () => {
    const admin = agent({ isAdmin: true, queueIds: [], viewPendingTickets: false });
    expect(canViewTicket(admin, t({ queueId: 9, status: 'pending' }))).toBe(true);
    expect(canViewTicket(admin, t({ queueId: null }))).toBe(true);
  });
  test('a queue of theirs, not another queue', () => {
    expect(canViewTicket(agent(), t({ queueId: 1 }))).toBe(true);
    expect(canViewTicket(agent(), t({ queueId: 2 }))).toBe(false);
  });
  test('no queue needs allowNoQueue', () => {
    expect(canViewTicket(agent(), t({ queueId: null }))).toBe(false);
    expect(canViewTicket(agent({ allowNoQueue: true }), t({ queueId: null }))).toBe(true);
  });
  test('pending needs the pending permission, even in their queue', () => {
    expect(canViewTicket(agent({ viewPendingTickets: false }), t({ status: 'pending' }))).toBe(false);
    expect(canViewTicket(agent(), t({ status: 'pending' }))).toBe(true);
  });
  test('the owner always sees their ticket, whatever its queue', () => {
    expect(canViewTicket(agent({ viewPendingTickets: false }), t({ queueId: 2, userId: 7, status: 'pending' }))).toBe(
      true,
    );
  });
  test('ticketViewerOf reads the capabilities and the queues (deduplicated, ordered)', () => {
    const v = ticketViewerOf({
      user: { id: 3, queueIds: [5, 2, 5] },
      caps: { isAdmin: false, allowNoQueue: true, viewPendingTickets: false },
    });
    expect(v).toEqual({ userId: 3, isAdmin: false, queueIds: [2, 5], allowNoQueue: true, viewPendingTickets: false });
  });
});

describe('audience classes', () => {
  const viewerArb = fc.record({
    userId: fc.integer({ min: 1, max: 5 }),
    isAdmin: fc.boolean(),
    queueIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
    allowNoQueue: fc.boolean(),
    viewPendingTickets: fc.boolean(),
  });
  const subjectArb = fc.record({
    status: fc.constantFrom<TicketStatus>('open', 'pending', 'closed'),
    userId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    queueId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  });

  test('viewers with the same key get the same answer for every ticket (one decision per class is exact)', () => {
    fc.assert(
      fc.property(viewerArb, viewerArb, subjectArb, (a, b, s) => {
        if (audienceKey(a) !== audienceKey(b)) return;
        expect(audienceCanView(a, s)).toBe(audienceCanView(b, s));
      }),
    );
  });

  test('class decision + owner clause = canViewTicket', () => {
    fc.assert(
      fc.property(viewerArb, subjectArb, (v, s) => {
        expect(s.userId === v.userId || audienceCanView(v, s)).toBe(canViewTicket(v, s));
      }),
    );
  });

  test('queue order does not split a class; admins are one class', () => {
    expect(audienceKey(agent({ queueIds: [2, 1] }))).toBe(audienceKey(agent({ queueIds: [1, 2] })));
    expect(audienceKey(agent({ isAdmin: true, queueIds: [3] }))).toBe(audienceKey(agent({ isAdmin: true })));
    expect(audienceKey(agent({ allowNoQueue: true }))).not.toBe(audienceKey(agent()));
  });
});

describe('ticketListFilter (GET /tickets)', () => {
  const q = (over: Record<string, unknown> = {}) => ListTicketsQuery.parse(over);

  test('an attendant’s selection is cut to their queues; no-queue tickets follow allowNoQueue', () => {
    const f = ticketListFilter(
      agent({ queueIds: [1, 2], allowNoQueue: true }),
      q({ status: 'closed', queueIds: '[2,3]' }),
    );
    expect(f.scopes).toEqual([{ statuses: ['closed'], queues: { ids: [2], includeNull: true } }]);
  });
  test('open tab: mine, unless an admin asks showAll', () => {
    expect(ticketListFilter(agent(), q({ status: 'open', showAll: 'true' })).scopes[0].assignedTo).toBe(7);
    const admin = ticketListFilter(agent({ isAdmin: true }), q({ status: 'open', showAll: 'true' }));
    expect(admin.scopes).toEqual([{ statuses: ['open'], queues: { ids: null, includeNull: false } }]);
  });
  test('pending without the permission matches nothing', () => {
    expect(ticketListFilter(agent({ viewPendingTickets: false }), q({ status: 'pending' })).scopes).toEqual([]);
  });
  test('a search also finds the user’s own tickets in any queue (the owner rule)', () => {
    const f = ticketListFilter(agent({ viewPendingTickets: false }), q({ tab: 'search' }));
    expect(f.scopes).toEqual([
      { statuses: ['open', 'closed'], queues: { ids: [1], includeNull: false } },
      { statuses: ['open', 'closed'], assignedTo: 7, queues: { ids: null, includeNull: true } },
    ]);
  });
});
