import { describe, expect, test } from 'bun:test';
import { makeQueue, makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { makeContact, makeWhatsapp } from './tickets.fixtures';
import { findOrCreateTicketForInbound, loadTicketDto, touchTicketOnMessage } from './tickets.service';

const { events } = useTestApp();

describe('inbound pipeline contract', () => {
  test('creates a pending ticket with the next protocol, then reuses it', async () => {
    const { company } = await makeTenant();
    const q = await makeQueue(company.id);
    const w = await makeWhatsapp(company.id, { queueIds: [q.id] });
    const contact = await makeContact(company.id);
    const a = await findOrCreateTicketForInbound(company.id, {
      contactId: contact.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: false,
    });
    expect(a.created).toBe(true);
    expect(a.ticket.status).toBe('pending');
    expect(a.ticket.userId).toBeNull();
    expect(a.ticket.queueId).toBe(q.id);
    expect(a.ticket.queue?.name).toBe(q.name);
    expect(a.ticket.contact.id).toBe(contact.id);
    expect(a.ticket.protocol).toBe('1');
    const b = await findOrCreateTicketForInbound(company.id, {
      contactId: contact.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: false,
    });
    expect(b.created).toBe(false);
    expect(b.ticket.id).toBe(a.ticket.id);
    const other = await makeContact(company.id);
    const c = await findOrCreateTicketForInbound(company.id, {
      contactId: other.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: true,
    });
    expect(c.ticket.protocol).toBe('2');
    expect(c.ticket.status).toBe('pending');
  });

  test('no queue when the connection has several; concurrent calls create one ticket', async () => {
    const { company } = await makeTenant();
    const q1 = await makeQueue(company.id);
    const q2 = await makeQueue(company.id);
    const w = await makeWhatsapp(company.id, { queueIds: [q1.id, q2.id] });
    const contact = await makeContact(company.id);
    const input = { contactId: contact.id, whatsappId: w.id, isGroup: false, fromMe: false };
    const all = await Promise.all([1, 2, 3].map(() => findOrCreateTicketForInbound(company.id, input)));
    expect(new Set(all.map((r) => r.ticket.id)).size).toBe(1);
    expect(all.filter((r) => r.created).length).toBe(1);
    expect(all[0].ticket.queueId).toBeNull();
  });

  test('touchTicketOnMessage updates preview and unread and emits; other company 404', async () => {
    const { company } = await makeTenant();
    const other = await makeTenant();
    const w = await makeWhatsapp(company.id);
    const contact = await makeContact(company.id);
    const { ticket } = await findOrCreateTicketForInbound(company.id, {
      contactId: contact.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: false,
    });
    events.length = 0;
    const t1 = await touchTicketOnMessage(company.id, ticket.id, { lastMessage: 'oi', incrementUnread: true });
    const t2 = await touchTicketOnMessage(company.id, ticket.id, { lastMessage: 'tudo bem?', incrementUnread: true });
    expect(t1.unreadMessages).toBe(1);
    expect(t2.unreadMessages).toBe(2);
    expect(t2.lastMessage).toBe('tudo bem?');
    await new Promise((r) => setTimeout(r, 10));
    const ev = events.filter((e) => e.channel === `ticket-${company.id}`);
    expect(ev.length).toBe(2);
    expect(ev[1].data).toMatchObject({ action: 'update', ticket: { id: ticket.id, unreadMessages: 2 } });
    await expect(loadTicketDto(other.company.id, ticket.id)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
    await expect(
      touchTicketOnMessage(other.company.id, ticket.id, { lastMessage: 'x', incrementUnread: true }),
    ).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
  });
});
