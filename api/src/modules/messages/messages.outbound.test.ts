import { describe, expect, test } from 'bun:test';
import type { TicketDto } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { contacts, messages, tickets } from '../../db/schema';
import { sessionManager } from '../../platform/channels/session-manager';
import type { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { db } from '../../platform/db';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, recordEvents, startChannels } from '../pipeline/pipeline.fixtures';
import { sendOutbound } from './messages.outbound';

const { t } = useTestApp(startChannels);

type Outbox = { id: string; to: string; body: string }[];
const outbox = async (token: string, w: number, to: string) =>
  (await (await t.req('GET', `/simulator/${w}/outbox?to=${to}`, { token })).json()) as Outbox;
const contactsOf = (companyId: number, number: string) =>
  db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
const ticketsOf = (companyId: number, contactId: number) =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
    .orderBy(tickets.id);

describe('outbound seam (real database, simulator)', () => {
  test('to a number with no ticket yet: checked, contact and ticket created, sent, stored, ticket state applied', async () => {
    const { company, admin } = await makeTenant();
    const agent = await makeUser(company.id, { profile: 'user' });
    const w = await connectedSimulator(t, admin.token);
    const number = '5511987654001';
    expect(await contactsOf(company.id, number)).toHaveLength(0);
    const rec = recordEvents(t);

    const r = await sendOutbound(company.id, {
      to: { number: '+55 (11) 98765-4001', name: 'Cliente Novo', whatsappId: w },
      content: { kind: 'text', body: 'Seu pedido saiu para entrega.' },
      ticket: { mode: 'reuse', status: 'open', userId: agent.user.id },
      userId: agent.user.id,
    });

    const [contact] = await contactsOf(company.id, number);
    expect(contact).toMatchObject({ name: 'Cliente Novo', isGroup: false });
    const [ticket] = await ticketsOf(company.id, contact.id);
    expect(ticket).toMatchObject({ status: 'open', userId: agent.user.id, whatsappId: w, unreadMessages: 0 });
    expect(ticket.lastMessage).toBe('Seu pedido saiu para entrega.');
    expect(r.ticket).toMatchObject({ id: ticket.id, status: 'open', userId: agent.user.id });
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatchObject({ ticketId: ticket.id, fromMe: true, userId: agent.user.id, ack: 1 });
    const [stored] = await db.select().from(messages).where(eq(messages.id, r.messages[0].id));
    expect(stored).toMatchObject({ companyId: company.id, body: 'Seu pedido saiu para entrega.', whatsappId: w });
    const box = await outbox(admin.token, w, number);
    expect(box.map((m) => [m.id, m.body])).toEqual([[stored.wid, 'Seu pedido saiu para entrega.']]);
    // published like any message: the create, and the ticket's last state is the open one
    expect(rec.of(`appMessage-${company.id}`, 'create')).toHaveLength(1);
    const updates = rec.of(`ticket-${company.id}`, 'update').map((e) => e.data.ticket as TicketDto);
    expect(updates.at(-1)).toMatchObject({ id: ticket.id, status: 'open', userId: agent.user.id });
    rec.off();

    // the same number again, `reuse`: the same ticket
    const again = await sendOutbound(company.id, {
      to: { number, whatsappId: w },
      content: { kind: 'text', body: 'Chega hoje.' },
    });
    expect(again.ticket?.id).toBe(ticket.id);
    expect(await ticketsOf(company.id, contact.id)).toHaveLength(1);

    // presence: shown on the chat, no message, no ticket change
    const presence = await sendOutbound(company.id, {
      to: { contactId: contact.id, whatsappId: w },
      content: { kind: 'presence', presence: 'composing' },
    });
    expect(presence.messages).toEqual([]);
    const session = sessionManager().get(w) as unknown as SimulatorSession;
    expect(session.presences.at(-1)).toMatchObject({ number, presence: 'composing' });
    expect(await outbox(admin.token, w, number)).toHaveLength(2);

    // `create`: the unfinished ticket is closed (silently) and a new one takes the message
    const fresh = await sendOutbound(company.id, {
      to: { contactId: contact.id, whatsappId: w },
      content: { kind: 'text', body: 'Novo atendimento.' },
      ticket: { mode: 'create', status: 'closed' },
    });
    const all = await ticketsOf(company.id, contact.id);
    expect(all.map((x) => x.status)).toEqual(['closed', 'closed']);
    expect(fresh.ticket?.id).toBe(all[1].id);
    expect(fresh.ticket).toMatchObject({ status: 'closed', lastMessage: 'Novo atendimento.' });
  });

  test('policy none sends without storing; a number without WhatsApp creates nothing', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const none = await sendOutbound(company.id, {
      to: { number: '5511987654002', whatsappId: w },
      content: { kind: 'text', body: 'Aviso sem ticket.' },
      ticket: { mode: 'none' },
    });
    expect(none).toEqual({ messages: [], ticket: null });
    expect((await outbox(admin.token, w, '5511987654002')).map((m) => m.body)).toEqual(['Aviso sem ticket.']);
    expect(await contactsOf(company.id, '5511987654002')).toHaveLength(0);

    await expect(
      sendOutbound(company.id, { to: { number: '0001234567', whatsappId: w }, content: { kind: 'text', body: 'x' } }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    expect(await contactsOf(company.id, '0001234567')).toHaveLength(0);

    // the default connection when none is given; an empty text is refused before anything is sent
    await expect(
      sendOutbound(company.id, { to: { number: '5511987654003' }, content: { kind: 'text', body: '  ' } }),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });
});
