import { describe, expect, test } from 'bun:test';
import type { MessageDto } from '../messages/message.types';
import type { TicketDto } from './ticket.types';
import { ticketDto } from './ticket-dto.fixture';
import {
  messageShouldNotify,
  NOTIFICATIONS_MAX,
  type NotificationViewer,
  notificationsReducer,
  type TicketNotification,
  ticketWaitsForUser,
} from './ticket-notifications';

/** a pending ticket of queue 1 with one unread message (what notifications are about) */
const mk = (id: number, over: Partial<TicketDto> = {}): TicketDto =>
  ticketDto(id, {
    status: 'pending',
    userId: null,
    user: null,
    unreadMessages: 1,
    lastMessage: `hello ${id}`,
    updatedAt: `2024-01-01T00:00:${String(id % 60).padStart(2, '0')}.000Z`,
    ...over,
  });

const agent: NotificationViewer = {
  userId: 7,
  isAdmin: false,
  queueIds: [1],
  allowNoQueue: false,
  viewPendingTickets: true,
};
const admin: NotificationViewer = { ...agent, userId: 1, isAdmin: true, queueIds: [] };

const msg = (over: Partial<MessageDto> = {}): MessageDto => ({
  id: 1,
  wid: 'W1',
  ticketId: 1,
  contactId: 1,
  contact: null,
  userId: null,
  body: 'oi',
  fromMe: false,
  read: false,
  ack: 0,
  mediaType: 'chat',
  mediaUrl: null,
  quotedMsgId: null,
  quotedMsg: null,
  isDeleted: false,
  deletedByContact: false,
  isEdited: false,
  dataJson: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...over,
});

describe('ticketWaitsForUser', () => {
  test('open tickets wait for their attendant only, admins included', () => {
    expect(ticketWaitsForUser(mk(1, { status: 'open', userId: 7 }), agent)).toBe(true);
    expect(ticketWaitsForUser(mk(1, { status: 'open', userId: 8 }), agent)).toBe(false);
    expect(ticketWaitsForUser(mk(1, { status: 'open', userId: 8 }), admin)).toBe(false);
  });
  test('pending tickets wait in the queues the user serves, when the group shows the pending tab', () => {
    expect(ticketWaitsForUser(mk(1), agent)).toBe(true);
    expect(ticketWaitsForUser(mk(1, { queueId: 2 }), agent)).toBe(false);
    expect(ticketWaitsForUser(mk(1), { ...agent, viewPendingTickets: false })).toBe(false);
    expect(ticketWaitsForUser(mk(1, { queueId: 2 }), admin)).toBe(true);
  });
  test('a ticket without a queue needs allowNoQueue (admins always)', () => {
    expect(ticketWaitsForUser(mk(1, { queueId: null }), agent)).toBe(false);
    expect(ticketWaitsForUser(mk(1, { queueId: null }), { ...agent, allowNoQueue: true })).toBe(true);
    expect(ticketWaitsForUser(mk(1, { queueId: null }), admin)).toBe(true);
  });
  test('closed tickets never wait', () => {
    expect(ticketWaitsForUser(mk(1, { status: 'closed', userId: 7 }), agent)).toBe(false);
  });
});

describe('messageShouldNotify', () => {
  const screen = { openTicketId: null, visible: true };
  test('a contact message on a waiting ticket rings', () => {
    expect(messageShouldNotify({ action: 'create', message: msg(), ticket: mk(1) }, agent, screen)).toBe(true);
  });
  test('our own messages, updates and other people’s tickets do not', () => {
    expect(
      messageShouldNotify({ action: 'create', message: msg({ fromMe: true }), ticket: mk(1) }, agent, screen),
    ).toBe(false);
    expect(messageShouldNotify({ action: 'update', message: msg(), ticket: mk(1) }, agent, screen)).toBe(false);
    const others = mk(1, { status: 'open', userId: 8 });
    expect(messageShouldNotify({ action: 'create', message: msg(), ticket: others }, agent, screen)).toBe(false);
  });
  test('the conversation on screen does not ring while the window is visible; in the background it does', () => {
    const e = { action: 'create' as const, message: msg(), ticket: mk(1) };
    expect(messageShouldNotify(e, agent, { openTicketId: 1, visible: true })).toBe(false);
    expect(messageShouldNotify(e, agent, { openTicketId: 1, visible: false })).toBe(true);
    expect(messageShouldNotify(e, agent, { openTicketId: 2, visible: true })).toBe(true);
  });
});

describe('notificationsReducer', () => {
  const ids = (s: TicketNotification[]) => s.map((n) => n.ticketId);

  test('loaded keeps the waiting tickets with unread messages, newest first', () => {
    const s = notificationsReducer(
      [],
      {
        type: 'loaded',
        tickets: [mk(1), mk(3), mk(2, { unreadMessages: 0 }), mk(4, { status: 'open', userId: 8 }), mk(5)],
      },
      agent,
    );
    expect(ids(s)).toEqual([5, 3, 1]);
    expect(s[0]).toMatchObject({ contactName: 'C5', lastMessage: 'hello 5', unread: 1, status: 'pending' });
  });

  test('a new message moves its ticket to the top with the new count; reading or deleting removes it', () => {
    let s = notificationsReducer([], { type: 'loaded', tickets: [mk(1), mk(2)] }, agent);
    s = notificationsReducer(
      s,
      { type: 'ticket', ticket: mk(1, { unreadMessages: 3, updatedAt: '2024-01-02T00:00:00.000Z' }) },
      agent,
    );
    expect(ids(s)).toEqual([1, 2]);
    expect(s[0].unread).toBe(3);
    s = notificationsReducer(s, { type: 'read', ticketId: 1 }, agent);
    expect(ids(s)).toEqual([2]);
    s = notificationsReducer(s, { type: 'delete', ticketId: 2 }, agent);
    expect(s).toEqual([]);
  });

  test('the preview is what the contact wrote last: our greeting or reply does not replace it', () => {
    const contact = { body: 'Quero saber do pedido', mediaType: 'chat', fromMe: false };
    const greeting = { body: 'Olá! Bem-vindo', mediaType: 'chat', fromMe: true };
    let s = notificationsReducer(
      [],
      { type: 'ticket', ticket: mk(1, { lastMessage: contact.body }), message: contact },
      agent,
    );
    s = notificationsReducer(
      s,
      { type: 'ticket', ticket: mk(1, { lastMessage: greeting.body }), message: greeting },
      agent,
    );
    expect(s[0].lastMessage).toBe('Quero saber do pedido');
    s = notificationsReducer(s, { type: 'ticket', ticket: mk(1, { lastMessage: greeting.body }) }, agent);
    expect(s[0].lastMessage).toBe('Quero saber do pedido');
    const photo = { body: '', mediaType: 'image', fromMe: false };
    s = notificationsReducer(s, { type: 'ticket', ticket: mk(1, { unreadMessages: 2 }), message: photo }, agent);
    expect(s[0].lastMessage).not.toBe('');
    expect(s[0].unread).toBe(2);
  });

  test('a ticket taken by another attendant, closed or read elsewhere leaves the list', () => {
    const s = notificationsReducer([], { type: 'loaded', tickets: [mk(1), mk(2), mk(3)] }, agent);
    const a = notificationsReducer(s, { type: 'ticket', ticket: mk(1, { status: 'open', userId: 8 }) }, agent);
    const b = notificationsReducer(a, { type: 'ticket', ticket: mk(2, { status: 'closed' }) }, agent);
    const c = notificationsReducer(b, { type: 'ticket', ticket: mk(3, { unreadMessages: 0 }) }, agent);
    expect([ids(a), ids(b), ids(c)]).toEqual([[3, 2], [3], []]);
  });

  test('accepting a ticket keeps it (now open and mine) while it has unread messages', () => {
    const s = notificationsReducer([], { type: 'loaded', tickets: [mk(1)] }, agent);
    const next = notificationsReducer(s, { type: 'ticket', ticket: mk(1, { status: 'open', userId: 7 }) }, agent);
    expect(next[0]).toMatchObject({ ticketId: 1, status: 'open' });
  });

  test('unchanged state is returned as is (no re-render)', () => {
    const s = notificationsReducer([], { type: 'loaded', tickets: [mk(1)] }, agent);
    expect(notificationsReducer(s, { type: 'read', ticketId: 99 }, agent)).toBe(s);
    expect(notificationsReducer(s, { type: 'ticket', ticket: mk(99, { queueId: 5 }) }, agent)).toBe(s);
  });

  test('every waiting conversation is kept, newest first: the badge counts them all (issue 12 §2)', () => {
    const many = Array.from({ length: NOTIFICATIONS_MAX + 10 }, (_, i) =>
      mk(i + 1, { updatedAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString() }),
    );
    const all = notificationsReducer([], { type: 'loaded', tickets: many }, agent);
    expect(all.length).toBe(NOTIFICATIONS_MAX + 10);
    expect(all[0].ticketId).toBe(NOTIFICATIONS_MAX + 10);
    const more = notificationsReducer(
      all,
      { type: 'ticket', ticket: mk(500, { updatedAt: '2025-01-01T00:00:00Z' }) },
      agent,
    );
    expect(more.length).toBe(NOTIFICATIONS_MAX + 11);
    expect(more[0].ticketId).toBe(500);
  });
});
