import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { makeGroup, makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const { t, events } = useTestApp();

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const flush = () => new Promise((r) => setTimeout(r, 5));

describe('permission groups', () => {
  test('create applies the new-group defaults of spec 1 §9 and emits userAuthorization-{companyId}', async () => {
    const { company, admin } = await makeTenant();
    events.length = 0;
    const res = await json(
      await t.req('POST', '/usersAuthorizations', { token: admin.token, json: { name: 'Suporte N1' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Suporte N1',
      allowNoQueue: true,
      allowMultipleTickets: false,
      enableAdministration: true,
      enableDash: true,
      companyId: company.id,
    });
    await flush();
    expect(events.find((e) => e.channel === `userAuthorization-${company.id}`)?.data).toMatchObject({
      action: 'create',
      userAuthorization: { id: res.body.id },
    });
  });

  test('create with every flag (0/1 or booleans)', async () => {
    const { admin } = await makeTenant();
    const flags = {
      allowNoQueue: 0,
      allowMultipleTickets: 1,
      viewMessagesByTicket: 2,
      disableGreeting: true,
      disableSignature: 1,
      enableAdministration: false,
      enableDash: 0,
      allowCategorizeContacts: 0,
      allowCreateCategoryContacts: false,
      allowViewPendingTickets: 0,
      allowTicketExport: 1,
    };
    const res = await json(
      await t.req('POST', '/usersAuthorizations', { token: admin.token, json: { name: 'Tudo', ...flags } }),
    );
    expect(res.body).toMatchObject({
      allowNoQueue: false,
      allowMultipleTickets: true,
      viewMessagesByTicket: 2,
      disableGreeting: true,
      disableSignature: true,
      enableAdministration: false,
      enableDash: false,
      allowCategorizeContacts: false,
      allowCreateCategoryContacts: false,
      allowViewPendingTickets: false,
      allowTicketExport: true,
    });
  });

  test.each([
    ['', 'Required'],
    ['G', 'Too Short!'],
    ['G'.repeat(51), 'Too Long!'],
  ])('name %j → 400 %s', async (name, text) => {
    const { admin } = await makeTenant();
    const res = await json(await t.req('POST', '/usersAuthorizations', { token: admin.token, json: { name } }));
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: text, fields: { name: text } },
    });
  });

  test('duplicate name in the company → 409 ERR_NAME_EXISTS (another company may reuse it)', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    await makeGroup(a.company.id, { name: 'Vendedores' });
    expect(
      (await t.req('POST', '/usersAuthorizations', { token: a.admin.token, json: { name: 'vendedores' } })).status,
    ).toBe(409);
    expect(
      (await t.req('POST', '/usersAuthorizations', { token: b.admin.token, json: { name: 'Vendedores' } })).status,
    ).toBe(201);
  });

  test('list pages with search → { userAuthorizations, hasMore }', async () => {
    const { company, admin } = await makeTenant();
    for (let i = 0; i < 21; i++) await makeGroup(company.id, { name: `Grp ${String(i).padStart(2, '0')}` });
    const p1 = await json(await t.req('GET', '/usersAuthorizations?searchParam=grp', { token: admin.token }));
    expect(p1.status).toBe(200);
    expect(p1.body.userAuthorizations.length).toBe(20);
    expect(p1.body.hasMore).toBe(true);
    const p2 = await json(
      await t.req('GET', '/usersAuthorizations?searchParam=grp&pageNumber=2', { token: admin.token }),
    );
    expect(p2.body.userAuthorizations.map((g: { name: string }) => g.name)).toEqual(['Grp 20']);
    expect(p2.body.hasMore).toBe(false);
  });

  test('update changes flags and the members feel it at once', async () => {
    const { company, admin } = await makeTenant();
    const g = await makeGroup(company.id, { enableAdministration: true });
    const member = await makeUser(company.id, { profile: 'admin', userAuthorizationId: g.id });
    expect((await t.req('GET', '/usersAuthorizations', { token: member.token })).status).toBe(200);
    const res = await json(
      await t.req('PUT', `/usersAuthorizations/${g.id}`, {
        token: admin.token,
        json: { name: 'Sem admin', enableAdministration: false },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sem admin', enableAdministration: false });
    expect((await t.req('GET', '/usersAuthorizations', { token: member.token })).status).toBe(403);
  });

  test('delete leaves members without a group', async () => {
    const { company, admin } = await makeTenant();
    const g = await makeGroup(company.id);
    const member = await makeUser(company.id, { userAuthorizationId: g.id });
    const res = await t.req('DELETE', `/usersAuthorizations/${g.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    const [u] = await t.platform.dbh.db.select().from(users).where(eq(users.id, member.user.id));
    expect(u.userAuthorizationId).toBeNull();
    expect((await t.req('GET', `/usersAuthorizations/${g.id}`, { token: admin.token })).status).toBe(404);
  });

  test('agents are refused on every route → 403 ERR_NO_PERMISSION', async () => {
    const { company, agent } = await makeTenant();
    const g = await makeGroup(company.id);
    const calls: [string, string, unknown?][] = [
      ['GET', '/usersAuthorizations'],
      ['GET', `/usersAuthorizations/${g.id}`],
      ['POST', '/usersAuthorizations', { name: 'Nope' }],
      ['PUT', `/usersAuthorizations/${g.id}`, { name: 'Nope' }],
      ['DELETE', `/usersAuthorizations/${g.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await json(await t.req(method, path, { token: agent.token, json: body }));
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
  });

  test("another company's group → 404 on every id-bearing route, and it is left untouched", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const g = await makeGroup(b.company.id, { name: 'Deles' });
    for (const [method, body] of [['GET'], ['PUT', { name: 'Nosso' }], ['DELETE']] as [string, unknown?][]) {
      const res = await t.req(method, `/usersAuthorizations/${g.id}`, { token: a.admin.token, json: body });
      expect(res.status).toBe(404);
    }
    const still = await json(await t.req('GET', `/usersAuthorizations/${g.id}`, { token: b.admin.token }));
    expect(still.body.name).toBe('Deles');
  });
});
