import { describe, expect, test } from 'bun:test';
import { makeGroup, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeContact } from '../tickets/tickets.fixtures';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

async function createCategory(token: string, json: Record<string, unknown>) {
  const res = await t.req('POST', '/categorycontacts', { token, json });
  return { res, body: await res.json() };
}

describe('/categorycontacts CRUD', () => {
  test('create, show, list with search and pages, update, delete; events on categoryContact-{companyId}', async () => {
    const { res, body } = await createCategory(A.agent.token, { name: 'Clientes VIP', color: '#ff0000', userId: 999 });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      name: 'Clientes VIP',
      color: '#ff0000',
      userId: A.agent.user.id,
      companyId: A.company.id,
    });
    expect(events.some((e) => e.channel === `categoryContact-${A.company.id}` && e.data.action === 'create')).toBe(
      true,
    );

    for (let i = 0; i < 21; i++) await createCategory(A.admin.token, { name: `Grupo ${String(i).padStart(2, '0')}` });
    const p1 = await (await t.req('GET', '/categorycontacts/', { token: A.agent.token })).json();
    expect(p1.categoryContact).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    const p2 = await (await t.req('GET', '/categorycontacts?pageNumber=2', { token: A.agent.token })).json();
    expect(p2.categoryContact).toHaveLength(2);
    expect(p2.hasMore).toBe(false);
    const search = await (await t.req('GET', '/categorycontacts/?searchParam=VIP', { token: A.agent.token })).json();
    expect(search.categoryContact.map((c: { id: number }) => c.id)).toEqual([body.id]);

    const shown = await t.req('GET', `/categorycontacts/${body.id}`, { token: A.agent.token });
    expect((await shown.json()).name).toBe('Clientes VIP');

    const upd = await t.req('PUT', `/categorycontacts/${body.id}`, {
      token: A.agent.token,
      json: { name: 'Clientes Ouro' },
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({ name: 'Clientes Ouro', color: '#ff0000' });

    const del = await t.req('DELETE', `/categorycontacts/${body.id}`, { token: A.agent.token });
    expect(del.status).toBe(200);
    expect((await t.req('GET', `/categorycontacts/${body.id}`, { token: A.agent.token })).status).toBe(404);
    expect(
      events.some((e) => e.channel === `categoryContact-${A.company.id}` && e.data.categoryContactId === body.id),
    ).toBe(true);
  });

  test('name texts: Obrigatório, Mensagem muito curta; duplicate name ERR_NAME_EXISTS', async () => {
    const missing = await createCategory(A.agent.token, {});
    expect(missing.res.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Obrigatório' });
    const short = await createCategory(A.agent.token, { name: 'ab' });
    expect(short.body.message).toBe('Mensagem muito curta');
    await createCategory(A.agent.token, { name: 'Atacado' });
    const dup = await createCategory(A.agent.token, { name: 'ATACADO' });
    expect(dup.res.status).toBe(409);
    expect(dup.body.error).toBe('ERR_NAME_EXISTS');
  });

  test('needs allowCreateCategoryContacts (server-side), but /categoryContacts/list is open', async () => {
    const g = await makeGroup(A.company.id, { allowCreateCategoryContacts: false });
    const limited = await makeUser(A.company.id, { userAuthorizationId: g.id });
    const create = await createCategory(limited.token, { name: 'Proibida' });
    expect(create.res.status).toBe(403);
    expect(create.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.req('GET', '/categorycontacts/', { token: limited.token })).status).toBe(403);
    const list = await t.req('GET', '/categoryContacts/list', { token: limited.token });
    expect(list.status).toBe(200);
    const cats = await list.json();
    expect(Array.isArray(cats)).toBe(true);
    expect(cats.every((c: { companyId: number }) => c.companyId === A.company.id)).toBe(true);
  });

  test('another company: 404 on every id-bearing route, absent from lists', async () => {
    const { body } = await createCategory(A.agent.token, { name: 'Só da A' });
    expect((await t.req('GET', `/categorycontacts/${body.id}`, { token: B.admin.token })).status).toBe(404);
    expect(
      (await t.req('PUT', `/categorycontacts/${body.id}`, { token: B.admin.token, json: { name: 'Roubada' } })).status,
    ).toBe(404);
    expect((await t.req('DELETE', `/categorycontacts/${body.id}`, { token: B.admin.token })).status).toBe(404);
    const listB = await (await t.req('GET', '/categoryContacts/list', { token: B.admin.token })).json();
    expect(listB.find((c: { id: number }) => c.id === body.id)).toBeUndefined();
    expect((await t.req('GET', `/categorycontacts/${body.id}`, { token: A.agent.token })).status).toBe(200);
  });
});

describe('POST /categoryContacts/sync', () => {
  test('sets exactly the given categories and answers the contact; emits contact update', async () => {
    const contact = await makeContact(A.company.id);
    const c1 = (await createCategory(A.agent.token, { name: 'Sync Um' })).body;
    const c2 = (await createCategory(A.agent.token, { name: 'Sync Dois' })).body;
    const r1 = await t.req('POST', '/categoryContacts/sync', {
      token: A.agent.token,
      json: { contactId: contact.id, categoryContacts: [{ id: c1.id }, c2.id] },
    });
    expect(r1.status).toBe(200);
    expect((await r1.json()).categoryContacts.map((c: { id: number }) => c.id).sort()).toEqual([c1.id, c2.id].sort());
    const r2 = await t.req('POST', '/categoryContacts/sync', {
      token: A.agent.token,
      json: { contactId: contact.id, categoryContacts: [c2.id] },
    });
    expect((await r2.json()).categoryContacts).toEqual([{ id: c2.id, name: 'Sync Dois', color: null }]);
    expect(events.some((e) => e.channel === `contact-${A.company.id}` && e.data.action === 'update')).toBe(true);
    const filtered = await (
      await t.req('GET', `/contacts?selectedContactCategories=${c2.id}`, { token: A.agent.token })
    ).json();
    expect(filtered.contacts.map((c: { id: number }) => c.id)).toEqual([contact.id]);
  });

  test('another company contact or category: 404; without allowCategorizeContacts: 403', async () => {
    const contactA = await makeContact(A.company.id);
    const contactB = await makeContact(B.company.id);
    const catA = (await createCategory(A.agent.token, { name: 'Categoria A' })).body;
    const foreignContact = await t.req('POST', '/categoryContacts/sync', {
      token: A.agent.token,
      json: { contactId: contactB.id, categoryContacts: [catA.id] },
    });
    expect(foreignContact.status).toBe(404);
    expect((await foreignContact.json()).error).toBe('ERR_NO_CONTACT_FOUND');
    const foreignCat = await t.req('POST', '/categoryContacts/sync', {
      token: B.admin.token,
      json: { contactId: contactB.id, categoryContacts: [catA.id] },
    });
    expect(foreignCat.status).toBe(404);
    const g = await makeGroup(A.company.id, { allowCategorizeContacts: false });
    const limited = await makeUser(A.company.id, { userAuthorizationId: g.id });
    const denied = await t.req('POST', '/categoryContacts/sync', {
      token: limited.token,
      json: { contactId: contactA.id, categoryContacts: [catA.id] },
    });
    expect(denied.status).toBe(403);
    const bad = await t.req('POST', '/categoryContacts/sync', { token: A.agent.token, json: { contactId: 'x' } });
    expect(bad.status).toBe(400);
  });
});
