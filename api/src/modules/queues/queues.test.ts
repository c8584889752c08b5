import { describe, expect, test } from 'bun:test';
import { QUEUE_COLOR_NOT_IN_PALETTE } from '@zapdesk/core';
import { makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const { t, events } = useTestApp();

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const flush = () => new Promise((r) => setTimeout(r, 5));

describe('queues', () => {
  test('create, read, update, delete with live queue-{companyId} events', async () => {
    const { company, admin, agent } = await makeTenant();
    events.length = 0;
    const created = await json(
      await t.req('POST', '/queue', {
        token: admin.token,
        json: { name: 'Suporte', color: '#e67e22', greetingMessage: 'Bem-vindo!' },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Suporte', color: '#E67E22', greetingMessage: 'Bem-vindo!' });
    const id = created.body.id;
    // every user of the company may read queues (accept/transfer modals)
    const list = await json(await t.req('GET', '/queue', { token: agent.token }));
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([id]);
    expect((await json(await t.req('GET', `/queue/${id}`, { token: agent.token }))).body.name).toBe('Suporte');
    const updated = await json(
      await t.req('PUT', `/queue/${id}`, { token: admin.token, json: { name: 'Suporte 2', color: '#9B59B6' } }),
    );
    expect(updated.body).toMatchObject({ name: 'Suporte 2', color: '#9B59B6', greetingMessage: 'Bem-vindo!' });
    expect((await t.req('DELETE', `/queue/${id}`, { token: admin.token })).status).toBe(200);
    expect((await t.req('GET', `/queue/${id}`, { token: admin.token })).status).toBe(404);
    await flush();
    const mine = events.filter((e) => e.channel === `queue-${company.id}`).map((e) => e.data.action);
    expect(mine).toEqual(['create', 'update', 'delete']);
    expect(events.find((e) => e.data.action === 'delete')?.data).toEqual({ action: 'delete', queueId: id });
  });

  test('duplicate colour in the company → 409 ERR_QUEUE_COLOR_ALREADY_EXISTS; other companies may use it', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    await makeQueue(a.company.id, { color: '#2ECC71' });
    const dup = await json(
      await t.req('POST', '/queue', { token: a.admin.token, json: { name: 'Outra', color: '#2ecc71' } }),
    );
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    const other = await makeQueue(a.company.id, { color: '#3498DB' });
    const dupPut = await t.req('PUT', `/queue/${other.id}`, { token: a.admin.token, json: { color: '#2ECC71' } });
    expect(dupPut.status).toBe(409);
    // keeping its own colour is fine
    expect(
      (await t.req('PUT', `/queue/${other.id}`, { token: a.admin.token, json: { color: '#3498DB' } })).status,
    ).toBe(200);
    expect(
      (await t.req('POST', '/queue', { token: b.admin.token, json: { name: 'Verde', color: '#2ECC71' } })).status,
    ).toBe(201);
  });

  test('duplicate name in the company → 409 ERR_NAME_EXISTS', async () => {
    const { company, admin } = await makeTenant();
    await makeQueue(company.id, { name: 'Vendas' });
    const res = await json(
      await t.req('POST', '/queue', { token: admin.token, json: { name: 'vendas', color: '#FF9800' } }),
    );
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_NAME_EXISTS' } });
  });

  test.each([
    [{ name: '' }, 'name', 'Required'],
    [{ name: 'V' }, 'name', 'Too Short!'],
    [{ name: 'V'.repeat(51) }, 'name', 'Too Long!'],
    [{ color: '' }, 'color', 'Required'],
    [{ color: '#f' }, 'color', 'Too Short!'],
    [{ color: '#ffffffffff' }, 'color', 'Too Long!'],
    [{ color: '#123456' }, 'color', QUEUE_COLOR_NOT_IN_PALETTE],
  ])('validation %o → 400 %s: %s', async (patch, field, text) => {
    const { admin } = await makeTenant();
    const res = await json(
      await t.req('POST', '/queue', { token: admin.token, json: { name: 'Vendas', color: '#FF9800', ...patch } }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', message: text });
    expect(res.body.fields[field]).toBe(text);
  });

  test('agents cannot create, update or delete → 403 ERR_NO_PERMISSION', async () => {
    const { company, agent } = await makeTenant();
    const q = await makeQueue(company.id);
    const calls: [string, string, unknown?][] = [
      ['POST', '/queue', { name: 'Nope', color: '#FF9800' }],
      ['PUT', `/queue/${q.id}`, { name: 'Nope' }],
      ['DELETE', `/queue/${q.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await json(await t.req(method, path, { token: agent.token, json: body }));
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
  });

  test("another company's queue → 404 on every id-bearing route; lists never mix companies", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const q = await makeQueue(b.company.id, { name: 'Deles' });
    await makeQueue(a.company.id, { name: 'Nossa' });
    for (const [method, body] of [['GET'], ['PUT', { name: 'Nossa 2' }], ['DELETE']] as [string, unknown?][]) {
      const res = await json(await t.req(method, `/queue/${q.id}`, { token: a.admin.token, json: body }));
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    }
    const list = await json(await t.req('GET', '/queue', { token: a.admin.token }));
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Nossa']);
    expect((await json(await t.req('GET', `/queue/${q.id}`, { token: b.agent.token }))).body.name).toBe('Deles');
  });

  test("deleting a queue removes it from its users' queue list", async () => {
    const { company, admin } = await makeTenant();
    const q = await makeQueue(company.id);
    const u = await makeUser(company.id, { queueIds: [q.id] });
    expect((await json(await t.req('GET', `/users/${u.user.id}`, { token: admin.token }))).body.queues.length).toBe(1);
    await t.req('DELETE', `/queue/${q.id}`, { token: admin.token });
    expect((await json(await t.req('GET', `/users/${u.user.id}`, { token: admin.token }))).body.queues).toEqual([]);
  });
});
