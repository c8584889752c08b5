import { describe, expect, test } from 'bun:test';
import { ticketDto } from '../tickets/ticket-dto.fixture';
import { type Channel, events, type PayloadOf, ticketScopeOf } from './catalogue';

describe('event catalogue', () => {
  test('wire names are the spec’s (spec 1 §7 and the areas’ channels)', () => {
    expect(String(events.ticket.of(12))).toBe('ticket-12');
    expect(String(events.appMessage.of(12))).toBe('appMessage-12');
    expect(String(events.ticketTransfer.of(12))).toBe('ticketTransfer-12');
    expect(String(events.contact.of(12))).toBe('contact-12');
    expect(String(events.categoryContact.of(12))).toBe('categoryContact-12');
    expect(String(events.quickAnswer.of(12))).toBe('quickAnswer-12');
    expect(String(events.tag.of(12))).toBe('tag-12');
    expect(String(events.queue.of(12))).toBe('queue-12');
    expect(String(events.location.of(12))).toBe('location-12');
    expect(String(events.schedule.of(12))).toBe('schedule-12');
    expect(String(events.user.of(12))).toBe('user-12');
    expect(String(events.self.of())).toBe('user');
    expect(String(events.userAuthorization.of(12))).toBe('userAuthorization-12');
    expect(String(events.company.of(12))).toBe('company-12');
    expect(String(events.whatsapp.of(12))).toBe('whatsapp-12');
    expect(String(events.whatsappDelete.of())).toBe('whatsapp');
    expect(String(events.whatsappSession.of())).toBe('whatsappSession');
    expect(String(events.importMessages.of(12))).toBe('importMessages-12');
    expect(String(events.scheduleAction.of(12))).toBe('scheduleAction-12');
    expect(String(events.messagesBruteLog.of())).toBe('messagesBruteLog');
  });

  test('a channel carries its payload type (compile-time: a wrong payload does not type-check)', () => {
    const c = events.tag.of(1);
    const ok: PayloadOf<typeof c> = { action: 'delete', tagId: 3 };
    // @ts-expect-error a tag event has no ticketId
    const bad: PayloadOf<typeof c> = { action: 'delete', ticketId: 3 };
    // @ts-expect-error a plain string is not a channel of the catalogue
    const raw: Channel<{ action: 'x' }> = 'tag-1';
    expect([ok, bad, raw]).toHaveLength(3);
  });

  test('ticket channels name their ticket and what the users who may not see it get', () => {
    const ticket = ticketDto(5, { queueId: 2, userId: 9, status: 'pending' });
    const scope = ticketScopeOf(events.ticket.of(1));
    expect(scope?.ticketOf({ action: 'update', ticket })).toBe(ticket);
    expect(scope?.hidden({ action: 'update', ticket })).toEqual({ action: 'delete', ticketId: 5 });
    // ids only: everyone
    expect(scope?.ticketOf({ action: 'updateUnread', ticketId: 5 })).toBeNull();
    expect(scope?.ticketOf({ action: 'delete', ticketId: 5 })).toBeNull();
    const msg = ticketScopeOf(events.appMessage.of(1));
    const data = { action: 'create' as const, message: {} as never, ticket, contact: null };
    expect(msg?.ticketOf(data)).toBe(ticket);
    expect(msg?.hidden(data)).toBeNull();
    expect(ticketScopeOf(events.contact.of(1))).toBeUndefined();
    expect(ticketScopeOf(events.self.of())).toBeUndefined();
  });
});
