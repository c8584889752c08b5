import { describe, expect, test } from 'bun:test';
import { messageBelongsToChat, prependPage, upsertMessage } from './message-scope';

const ev = (ticketId: number, contactId: number, userId: number | null) =>
  ({ message: { ticketId }, ticket: { id: ticketId, contactId, userId } }) as never;

describe('messageBelongsToChat', () => {
  const chat = { id: 10, contactId: 5 };
  test('this ticket always', () => {
    expect(messageBelongsToChat(ev(10, 5, 1), chat, 2, 1)).toBe(true);
  });
  test('mode 0: any ticket of the contact; mode 2: never another ticket', () => {
    expect(messageBelongsToChat(ev(11, 5, 99), chat, 0, 1)).toBe(true);
    expect(messageBelongsToChat(ev(11, 5, 1), chat, 2, 1)).toBe(false);
    expect(messageBelongsToChat(ev(11, 6, 1), chat, 0, 1)).toBe(false);
  });
  test('mode 1: the contact tickets of this user', () => {
    expect(messageBelongsToChat(ev(11, 5, 1), chat, 1, 1)).toBe(true);
    expect(messageBelongsToChat(ev(11, 5, 2), chat, 1, 1)).toBe(false);
  });
});

describe('list helpers', () => {
  const m = (id: number, at: string) => ({ id, createdAt: at });
  test('upsert replaces by id and keeps time order', () => {
    let list = [m(1, '2026-01-01T10:00:00Z'), m(2, '2026-01-01T11:00:00Z')];
    list = upsertMessage(list, m(3, '2026-01-01T12:00:00Z'));
    list = upsertMessage(list, m(4, '2026-01-01T10:30:00Z'));
    list = upsertMessage(list, { ...m(2, '2026-01-01T11:00:00Z') });
    expect(list.map((x) => x.id)).toEqual([1, 4, 2, 3]);
  });
  test('prepend drops duplicates', () => {
    expect(prependPage([m(3, 'c'), m(4, 'd')], [m(1, 'a'), m(3, 'c')]).map((x) => x.id)).toEqual([1, 3, 4]);
  });
});
