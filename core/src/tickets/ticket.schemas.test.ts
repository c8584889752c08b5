import { describe, expect, test } from 'bun:test';
import {
  CreateTicketBody,
  dayEnd,
  dayStart,
  ListMessagesQuery,
  ListTicketsQuery,
  TicketsClosedBody,
} from './ticket.schemas';

describe('ticket schemas', () => {
  test('body ids above int4 are refused with the field text', () => {
    const r = CreateTicketBody.safeParse({ contactId: 2147483648 });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0].message).toBe('Dados inválidos.');
    expect(ListTicketsQuery.safeParse({ searchContactId: '2147483648' }).success).toBe(false);
  });
  test('list query defaults and coercions', () => {
    const q = ListTicketsQuery.parse({
      queueIds: '[1,2]',
      showAll: 'true',
      searchTicketStatus: 'all',
      pageNumber: '2',
    });
    expect(q).toMatchObject({ queueIds: [1, 2], showAll: true, pageNumber: 2, withUnreadMessages: false, tags: [] });
    expect(q.searchTicketStatus).toBeUndefined();
    expect(ListTicketsQuery.safeParse({ pageNumber: 'abc' }).success).toBe(false);
    expect(ListTicketsQuery.safeParse({ status: 'weird' }).success).toBe(false);
    expect(ListTicketsQuery.safeParse({ searchInitialDate: '2024-13-45' }).success).toBe(false);
    expect(ListTicketsQuery.safeParse({ queueIds: '[1,' }).success).toBe(false);
  });
  test('create body: contactId required, status defaults to open', () => {
    expect(CreateTicketBody.parse({ contactId: 3 })).toMatchObject({ contactId: 3, status: 'open', queueId: null });
    const r = CreateTicketBody.safeParse({});
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0].message).toBe('Required');
  });
  test('bulk close needs ids', () => {
    expect(TicketsClosedBody.safeParse({ Tickets: [] }).success).toBe(false);
    expect(TicketsClosedBody.safeParse({ Tickets: [1, 2] }).success).toBe(true);
  });
  test('message search only above 2 characters', () => {
    expect(ListMessagesQuery.parse({ searchTerm: 'ab' }).searchTerm).toBeUndefined();
    expect(ListMessagesQuery.parse({ searchTerm: ' abc ' }).searchTerm).toBe('abc');
  });
  test('day bounds in the company zone', () => {
    expect(dayStart('2024-05-10').toISOString()).toBe('2024-05-10T03:00:00.000Z');
    expect(dayEnd('2024-05-10').toISOString()).toBe('2024-05-11T02:59:59.999Z');
  });
});
