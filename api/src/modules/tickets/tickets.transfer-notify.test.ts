import { describe, expect, test } from 'bun:test';
import type { TicketTransferEvent } from '@zapdesk/core';
import { makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { makeContact, makeTicket, makeWhatsapp } from './tickets.fixtures';

const { t, events } = useTestApp();

const tick = () => new Promise((r) => setTimeout(r, 5));

async function world() {
  const { company, admin } = await makeTenant();
  const q = await makeQueue(company.id, { name: 'Suporte' });
  const w = await makeWhatsapp(company.id, { queueIds: [q.id], isDefault: true });
  const agent = await makeUser(company.id, { queueIds: [q.id], name: 'Ana' });
  const agent2 = await makeUser(company.id, { queueIds: [q.id], name: 'Bruno' });
  const contact = await makeContact(company.id);
  const ticket = await makeTicket(company.id, {
    contactId: contact.id,
    status: 'open',
    userId: agent.user.id,
    queueId: q.id,
    whatsappId: w.id,
  });
  return { company, admin, agent, agent2, q, w, ticket };
}

const transfers = (companyId: number) => events.filter((e) => e.channel === `ticketTransfer-${companyId}`);

describe('ticketTransfer-{companyId}', () => {
  test('a transfer to another user notifies only that user, naming who transferred', async () => {
    const { company, agent, agent2, q, ticket } = await world();
    events.length = 0;
    const r = await t.req('PUT', `/tickets/${ticket.id}`, {
      token: agent.token,
      json: { transf: true, userId: agent2.user.id, queueId: q.id },
    });
    expect(r.status).toBe(200);
    await tick();
    const sent = transfers(company.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].userId).toBe(agent2.user.id);
    const data = sent[0].data as unknown as TicketTransferEvent;
    expect(data.action).toBe('transfer');
    expect(data.ticket.id).toBe(ticket.id);
    expect(data.ticket.userId).toBe(agent2.user.id);
    expect(data.fromUser).toEqual({ id: agent.user.id, name: 'Ana' });
  });

  test('a transfer to the queue (no user), a refused transfer and an accept notify nobody', async () => {
    const { company, admin, agent, agent2, q, ticket } = await world();
    events.length = 0;
    // refused: agent2 does not own the open ticket
    let r = await t.req('PUT', `/tickets/${ticket.id}`, {
      token: agent2.token,
      json: { transf: true, userId: agent2.user.id, queueId: q.id },
    });
    expect(r.status).toBe(403);
    r = await t.req('PUT', `/tickets/${ticket.id}`, {
      token: agent.token,
      json: { transf: true, userId: null, queueId: q.id },
    });
    expect(r.status).toBe(200);
    r = await t.req('PUT', `/tickets/${ticket.id}`, {
      token: admin.token,
      json: { status: 'open', userId: admin.user.id },
    });
    expect(r.status).toBe(200);
    await tick();
    expect(transfers(company.id)).toHaveLength(0);
  });

  test("another company's ticket answers 404 and publishes nothing", async () => {
    const { q, ticket } = await world();
    const other = await makeTenant();
    events.length = 0;
    const r = await t.req('PUT', `/tickets/${ticket.id}`, {
      token: other.admin.token,
      json: { transf: true, userId: other.admin.user.id, queueId: q.id },
    });
    expect(r.status).toBe(404);
    await tick();
    expect(events.filter((e) => e.channel.startsWith('ticketTransfer-'))).toHaveLength(0);
  });
});
