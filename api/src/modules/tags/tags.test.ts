import { describe, expect, test } from 'bun:test';
import { countStatements } from '../../platform/db';
import { makeGroup, makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeContact, makeTicket } from '../tickets/tickets.fixtures';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

const create = async (token: string, json: Record<string, unknown>) => {
  const res = await t.req('POST', '/tags', { token, json });
  return { res, body: await res.json() };
};

async function ticketOf(
  companyId: number,
  extra: { userId?: number; queueId?: number; status?: 'open' | 'pending' } = {},
) {
  const contact = await makeContact(companyId);
  return makeTicket(companyId, { contactId: contact.id, ...extra });
}

describe('tags', () => {
  test('admin creates, edits, deletes; list with search, pages and ticketsCount; live tag-{companyId}', async () => {
    const { res, body } = await create(A.admin.token, { name: 'Urgente', color: '#ff0000', kanban: 1, userId: 12345 });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      name: 'Urgente',
      color: '#ff0000',
      kanban: 1,
      userId: A.admin.user.id,
      ticketsCount: 0,
    });
    expect(events.some((e) => e.channel === `tag-${A.company.id}` && e.data.action === 'create')).toBe(true);
    const plain = await create(A.admin.token, { name: 'Sem cor' });
    expect(plain.body).toMatchObject({ color: '#5C59A0', kanban: 0 });

    for (let i = 0; i < 20; i++) await create(A.admin.token, { name: `Etiqueta ${String(i).padStart(2, '0')}` });
    const p1 = await (await t.req('GET', '/tags/', { token: A.agent.token })).json();
    expect(p1.tags).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    const p2 = await (await t.req('GET', '/tags/?pageNumber=2', { token: A.agent.token })).json();
    expect(p2.tags).toHaveLength(2);
    expect(p2.hasMore).toBe(false);
    const s = await (await t.req('GET', '/tags?searchParam=URG', { token: A.agent.token })).json();
    expect(s.tags.map((x: { id: number }) => x.id)).toEqual([body.id]);

    const upd = await t.req('PUT', `/tags/${body.id}`, {
      token: A.admin.token,
      json: { name: 'Muito urgente', kanban: 0 },
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({ name: 'Muito urgente', kanban: 0, color: '#ff0000' });
    expect((await (await t.req('GET', `/tags/${body.id}`, { token: A.agent.token })).json()).name).toBe(
      'Muito urgente',
    );

    expect((await t.req('DELETE', `/tags/${body.id}`, { token: A.admin.token })).status).toBe(200);
    expect((await t.req('GET', `/tags/${body.id}`, { token: A.admin.token })).status).toBe(404);
    expect(events.some((e) => e.channel === `tag-${A.company.id}` && e.data.tagId === body.id)).toBe(true);
  });

  test('ticketsCount in the same statement as the list', async () => {
    const tenant = await makeTenant();
    const tags = [];
    for (let i = 0; i < 5; i++) tags.push((await create(tenant.admin.token, { name: `Contagem ${i}` })).body);
    for (let i = 0; i < 3; i++) {
      const ticket = await ticketOf(tenant.company.id);
      const r = await t.req('POST', '/tags/sync', {
        token: tenant.admin.token,
        json: { ticketId: ticket.id, tags: [tags[0].id, ...(i < 2 ? [tags[1].id] : [])] },
      });
      expect(r.status).toBe(200);
    }
    const list = await (await t.req('GET', '/tags/', { token: tenant.agent.token })).json();
    const counts = Object.fromEntries(
      list.tags.map((x: { name: string; ticketsCount: number }) => [x.name, x.ticketsCount]),
    );
    expect(counts).toEqual({ 'Contagem 0': 3, 'Contagem 1': 2, 'Contagem 2': 0, 'Contagem 3': 0, 'Contagem 4': 0 });
    const { listTags } = await import('./tags.repo');
    const { count } = await countStatements(() => listTags(tenant.company.id, '', { limit: 20, offset: 0 }));
    expect(count).toBe(2);
    const all = await (await t.req('GET', '/tags/list', { token: tenant.agent.token })).json();
    expect(all).toHaveLength(5);
    expect(all[0].ticketsCount).toBe(3);
  });

  test('validation texts, kanban 0/1, duplicate name', async () => {
    expect((await create(A.admin.token, {})).body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Obrigatório' });
    expect((await create(A.admin.token, { name: 'ab' })).body.message).toBe('Mensagem muito curta');
    expect((await create(A.admin.token, { name: 'Cor ruim', color: 'vermelho' })).res.status).toBe(400);
    expect((await create(A.admin.token, { name: 'Kanban ruim', kanban: 3 })).res.status).toBe(400);
    await create(A.admin.token, { name: 'Financeiro' });
    const dup = await create(A.admin.token, { name: 'financeiro' });
    expect(dup.res.status).toBe(409);
    expect(dup.body.error).toBe('ERR_NAME_EXISTS');
  });

  test('writes need manageTags: agents and admins without administration are refused', async () => {
    const { body } = await create(A.admin.token, { name: 'Protegida' });
    const agentCreate = await create(A.agent.token, { name: 'Do atendente' });
    expect(agentCreate.res.status).toBe(403);
    expect(agentCreate.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.req('PUT', `/tags/${body.id}`, { token: A.agent.token, json: { name: 'Mudou' } })).status).toBe(
      403,
    );
    expect((await t.req('DELETE', `/tags/${body.id}`, { token: A.agent.token })).status).toBe(403);
    const g = await makeGroup(A.company.id, { enableAdministration: false });
    const admin = await makeUser(A.company.id, { profile: 'admin', userAuthorizationId: g.id });
    expect((await create(admin.token, { name: 'Sem admin' })).res.status).toBe(403);
    // reading stays open
    expect((await t.req('GET', `/tags/${body.id}`, { token: A.agent.token })).status).toBe(200);
  });

  test('another company: 404 on every id route and absent from lists', async () => {
    const { body } = await create(A.admin.token, { name: 'Exclusiva A' });
    expect((await t.req('GET', `/tags/${body.id}`, { token: B.admin.token })).status).toBe(404);
    expect((await t.req('PUT', `/tags/${body.id}`, { token: B.admin.token, json: { name: 'Hack' } })).status).toBe(404);
    expect((await t.req('DELETE', `/tags/${body.id}`, { token: B.admin.token })).status).toBe(404);
    const listB = await (await t.req('GET', '/tags/list', { token: B.admin.token })).json();
    expect(listB.find((x: { id: number }) => x.id === body.id)).toBeUndefined();
  });
});

describe('POST /tags/sync', () => {
  test("sets the ticket's tags exactly, answers the ticket and emits ticket-{companyId} update", async () => {
    const t1 = (await create(A.admin.token, { name: 'Sync A', color: '#111111' })).body;
    const t2 = (await create(A.admin.token, { name: 'Sync B', color: '#222222' })).body;
    const ticket = await ticketOf(A.company.id);
    const r1 = await t.req('POST', '/tags/sync', {
      token: A.admin.token,
      json: { ticketId: ticket.id, tags: [{ id: t1.id }, { id: t2.id }] },
    });
    expect(r1.status).toBe(200);
    const dto = await r1.json();
    expect(dto.id).toBe(ticket.id);
    expect(dto.tags.map((x: { id: number }) => x.id).sort()).toEqual([t1.id, t2.id].sort());
    const ev = events.filter((e) => e.channel === `ticket-${A.company.id}` && e.data.action === 'update').at(-1);
    expect((ev?.data.ticket as { id: number } | undefined)?.id).toBe(ticket.id);

    const cleared = await (
      await t.req('POST', '/tags/sync', { token: A.admin.token, json: { ticketId: ticket.id, tags: [] } })
    ).json();
    expect(cleared.tags).toEqual([]);

    // the ticket list's tag filter sees it
    await t.req('POST', '/tags/sync', { token: A.admin.token, json: { ticketId: ticket.id, tags: [t2.id] } });
    const renamed = await t.req('PUT', `/tags/${t2.id}`, { token: A.admin.token, json: { name: 'Sync B2' } });
    expect(renamed.status).toBe(200);
    const refreshed = events.filter((e) => e.channel === `ticket-${A.company.id}` && e.data.action === 'update').at(-1);
    const refreshedTicket = refreshed?.data.ticket as { tags: { name: string }[] } | undefined;
    expect(refreshedTicket?.tags.map((x) => x.name)).toEqual(['Sync B2']);
  });

  test('another company ticket or tag: 404; a ticket the agent may not open: 403', async () => {
    const tagA = (await create(A.admin.token, { name: 'Tag da A' })).body;
    const ticketB = await ticketOf(B.company.id);
    const foreignTicket = await t.req('POST', '/tags/sync', {
      token: A.admin.token,
      json: { ticketId: ticketB.id, tags: [tagA.id] },
    });
    expect(foreignTicket.status).toBe(404);
    expect((await foreignTicket.json()).error).toBe('ERR_NO_TICKET_FOUND');
    const foreignTag = await t.req('POST', '/tags/sync', {
      token: B.admin.token,
      json: { ticketId: ticketB.id, tags: [tagA.id] },
    });
    expect(foreignTag.status).toBe(404);

    const q = await makeQueue(A.company.id);
    const other = await makeUser(A.company.id);
    const hidden = await ticketOf(A.company.id, { status: 'open', userId: other.user.id, queueId: q.id });
    const denied = await t.req('POST', '/tags/sync', {
      token: A.agent.token,
      json: { ticketId: hidden.id, tags: [tagA.id] },
    });
    expect(denied.status).toBe(403);
    const bad = await t.req('POST', '/tags/sync', { token: A.agent.token, json: { tags: [] } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /tagcontacts (campaign send list by tags)', () => {
  test('unique contacts of tickets tagged in the date range; campaigns users only; other company tag 404', async () => {
    const tenant = await makeTenant({ enableCampaigns: true });
    const tag = (await create(tenant.admin.token, { name: 'Campanha' })).body;
    const other = (await create(tenant.admin.token, { name: 'Outra' })).body;
    const maria = await makeContact(tenant.company.id, { name: 'Maria' });
    const joao = await makeContact(tenant.company.id, { name: 'João' });
    const old = await makeContact(tenant.company.id, { name: 'Antigo' });
    const tag1 = async (contactId: number, tagId: number, createdAt?: Date) => {
      const tk = await makeTicket(tenant.company.id, { contactId, createdAt });
      await t.req('POST', '/tags/sync', { token: tenant.admin.token, json: { ticketId: tk.id, tags: [tagId] } });
    };
    await tag1(maria.id, tag.id, new Date('2026-03-10T12:00:00Z'));
    await tag1(maria.id, tag.id, new Date('2026-03-11T12:00:00Z'));
    await tag1(joao.id, other.id, new Date('2026-03-10T12:00:00Z'));
    await tag1(old.id, tag.id, new Date('2025-01-01T12:00:00Z'));
    const q = `tags=${encodeURIComponent(JSON.stringify([tag.id]))}&dateInitial=2026-03-01&dateFinal=2026-03-31`;
    const res = await t.req('GET', `/tagcontacts?${q}`, { token: tenant.admin.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.uniqueContacts.map((c: { name: string }) => c.name)).toEqual(['Maria']);
    const both = await (
      await t.req('GET', `/tagcontacts?tags=${encodeURIComponent(JSON.stringify([tag.id, other.id]))}`, {
        token: tenant.admin.token,
      })
    ).json();
    expect(both.uniqueContacts.map((c: { name: string }) => c.name).sort()).toEqual(['Antigo', 'João', 'Maria']);
    expect((await t.req('GET', `/tagcontacts?${q}`, { token: tenant.agent.token })).status).toBe(403);
    const foreign = (await create(A.admin.token, { name: 'Tag alheia' })).body;
    expect((await t.req('GET', `/tagcontacts?tags=${foreign.id}`, { token: tenant.admin.token })).status).toBe(404);
    const badRange = await t.req('GET', `/tagcontacts?tags=${tag.id}&dateInitial=2026-03-31&dateFinal=2026-03-01`, {
      token: tenant.admin.token,
    });
    expect(badRange.status).toBe(400);
    expect((await badRange.json()).message).toBe('A data final não pode ser anterior à inicial');
  });
});
