import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { settings, tickets, userQueues, users } from '../../db/schema';
import { makeGroup, makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { makeContact, makeWhatsapp } from '../tickets/tickets.fixtures';

const { t, events } = useTestApp();

const db = () => t.platform.dbh.db;
const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Nova Pessoa',
  email: `nova-${Math.random().toString(36).slice(2)}@users.test`,
  password: '12345',
  ...over,
});
const flush = () => new Promise((r) => setTimeout(r, 5));

describe('GET /users/ and /users/list', () => {
  test('pages with searchParam and pageNumber → { users, hasMore, count }', async () => {
    const { company, admin } = await makeTenant();
    for (let i = 0; i < 22; i++) await makeUser(company.id, { name: `Paged ${String(i).padStart(2, '0')}` });
    const p1 = await json(await t.req('GET', '/users/?searchParam=paged&pageNumber=1', { token: admin.token }));
    expect(p1.status).toBe(200);
    expect(p1.body.users.length).toBe(20);
    expect(p1.body.count).toBe(22);
    expect(p1.body.hasMore).toBe(true);
    expect(p1.body.users[0]).toMatchObject({ name: 'Paged 00', companyId: company.id, queues: [], master: 0 });
    expect(p1.body.users[0].passwordHash).toBeUndefined();
    const p2 = await json(await t.req('GET', '/users/?searchParam=paged&pageNumber=2', { token: admin.token }));
    expect(p2.body.users.map((u: { name: string }) => u.name)).toEqual(['Paged 20', 'Paged 21']);
    expect(p2.body.hasMore).toBe(false);
  });

  test('lists only the caller company; agents may list (transfer picker)', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const res = await json(await t.req('GET', '/users/list', { token: a.agent.token }));
    expect(res.status).toBe(200);
    const ids = res.body.map((u: { id: number }) => u.id).sort();
    expect(ids).toEqual([a.admin.user.id, a.agent.user.id].sort());
    expect(ids).not.toContain(b.admin.user.id);
  });

  test('bad pageNumber → 400', async () => {
    const { admin } = await makeTenant();
    expect((await t.req('GET', '/users/?pageNumber=0', { token: admin.token })).status).toBe(400);
  });
});

describe('GET /users/{id}', () => {
  test('answers the user with queues, group and connection', async () => {
    const { company, admin } = await makeTenant();
    const q = await makeQueue(company.id, { name: 'Fila X' });
    const g = await makeGroup(company.id, { name: 'Grupo X' });
    const w = await makeWhatsapp(company.id, { name: 'Conexão X' });
    const { user } = await makeUser(company.id, { queueIds: [q.id], userAuthorizationId: g.id, whatsappId: w.id });
    const res = await json(await t.req('GET', `/users/${user.id}`, { token: admin.token }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      queues: [{ id: q.id, name: 'Fila X', color: q.color }],
      userAuthorization: { id: g.id, name: 'Grupo X' },
      whatsapp: { id: w.id, name: 'Conexão X' },
    });
  });
  test("another company's user → 404 ERR_NO_USER_FOUND", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const res = await json(await t.req('GET', `/users/${b.agent.user.id}`, { token: a.admin.token }));
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
  });
});

describe('POST /users', () => {
  test('an admin creates a user with queues and group; live user-{companyId} create', async () => {
    const { company, admin } = await makeTenant();
    const q1 = await makeQueue(company.id);
    const q2 = await makeQueue(company.id);
    const g = await makeGroup(company.id);
    const body = newUser({ queueIds: [q1.id, q2.id], userAuthorizationId: g.id, profile: 'user', volume: 80 });
    events.length = 0;
    const res = await json(await t.req('POST', '/users', { token: admin.token, json: body }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Nova Pessoa', email: body.email, profile: 'user', volume: 80 });
    expect(res.body.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    await flush();
    const ev = events.find((e) => e.channel === `user-${company.id}`);
    expect(ev?.data).toMatchObject({ action: 'create', user: { id: res.body.id } });
    // the new user can log in
    const login = await t.req('POST', '/auth/login', { json: { email: body.email, password: '12345' } });
    expect(login.status).toBe(200);
  });

  test.each([
    [{ name: '' }, 'name', 'Required'],
    [{ name: 'A' }, 'name', 'Too Short!'],
    [{ name: 'A'.repeat(51) }, 'name', 'Too Long!'],
    [{ email: '' }, 'email', 'Required'],
    [{ email: 'x@' }, 'email', 'Invalid email'],
    [{ password: '1234' }, 'password', 'Too Short!'],
    [{ password: '1'.repeat(51) }, 'password', 'Too Long!'],
  ])('validation %o → 400 %s: %s', async (patch, field, text) => {
    const { admin } = await makeTenant();
    const res = await json(await t.req('POST', '/users', { token: admin.token, json: newUser(patch) }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields[field]).toBe(text);
    expect(res.body.message).toBe(text);
  });

  test('an agent cannot create users → 403 ERR_NO_PERMISSION', async () => {
    const { agent } = await makeTenant();
    const res = await json(await t.req('POST', '/users', { token: agent.token, json: newUser() }));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  test('plan user limit → 403 ERR_NO_LIMIT_USER', async () => {
    const { admin } = await makeTenant({ numberAttendants: 2 });
    const res = await json(await t.req('POST', '/users', { token: admin.token, json: newUser() }));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_LIMIT_USER' } });
  });

  test('plan user limit holds under concurrent creations (PostgreSQL: plan-limits.pg.test)', async () => {
    const { company, admin } = await makeTenant({ numberAttendants: 3 });
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => t.req('POST', '/users', { token: admin.token, json: newUser() }).then(json)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403 && a.body.error === 'ERR_NO_LIMIT_USER')).toHaveLength(3);
    expect(await db().$count(users, eq(users.companyId, company.id))).toBe(3);
  });

  test('setting userCreation disabled → 403 ERR_USER_CREATION_DISABLED', async () => {
    const { company, admin } = await makeTenant();
    await db().insert(settings).values({ companyId: company.id, key: 'userCreation', value: 'disabled' });
    const res = await json(await t.req('POST', '/users', { token: admin.token, json: newUser() }));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
  });

  test('duplicate e-mail → 409 ERR_EMAIL_ALREADY_EXISTS', async () => {
    const { admin, agent } = await makeTenant();
    const res = await json(
      await t.req('POST', '/users', { token: admin.token, json: newUser({ email: agent.user.email }) }),
    );
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  test('master and payPanelAccess only by those allowed to grant them', async () => {
    const { company, admin } = await makeTenant();
    const m = await makeUser(company.id, { profile: 'admin', master: true });
    expect((await t.req('POST', '/users', { token: admin.token, json: newUser({ master: true }) })).status).toBe(403);
    expect(
      (await t.req('POST', '/users', { token: admin.token, json: newUser({ payPanelAccess: true }) })).status,
    ).toBe(403);
    const ok = await json(
      await t.req('POST', '/users', { token: m.token, json: newUser({ master: 1, payPanelAccess: true }) }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ master: 1, payPanelAccess: true });
  });

  test("another company's queue, group or connection → 404", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const q = await makeQueue(b.company.id);
    const g = await makeGroup(b.company.id);
    const w = await makeWhatsapp(b.company.id);
    for (const patch of [{ queueIds: [q.id] }, { userAuthorizationId: g.id }, { whatsappId: w.id }]) {
      const res = await t.req('POST', '/users', { token: a.admin.token, json: newUser(patch) });
      expect(res.status).toBe(404);
    }
  });
});

describe('PUT /users/{id}', () => {
  test('a user edits their own name, greeting, volume, signature and password (with the current one)', async () => {
    const { agent } = await makeTenant();
    const res = await json(
      await t.req('PUT', `/users/${agent.user.id}`, {
        token: agent.token,
        json: {
          name: 'Novo Nome',
          greetingMessage: 'Olá!',
          enableGreeting: true,
          volume: 10,
          signMessage: true,
          password: 'outra1',
          currentPassword: 'secret123',
          // the modal repeats the admin-only fields unchanged
          profile: 'user',
          queueIds: [],
          master: 0,
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Novo Nome', greetingMessage: 'Olá!', volume: 10, signMessage: true });
    const login = await t.req('POST', '/auth/login', { json: { email: agent.user.email, password: 'outra1' } });
    expect(login.status).toBe(200);
  });

  test.each([
    ['profile', { profile: 'admin' }],
    ['queues', 'QUEUE'],
    ['group', 'GROUP'],
    ['master', { master: true }],
    ['payPanelAccess', { payPanelAccess: true }],
    ['showAllTickets', { showAllTickets: true }],
  ])('an agent cannot change their own %s, even calling the API directly → 403', async (_n, patch) => {
    const { company, agent } = await makeTenant();
    let body: Record<string, unknown> = patch as Record<string, unknown>;
    if (patch === 'QUEUE') body = { queueIds: [(await makeQueue(company.id)).id] };
    if (patch === 'GROUP') body = { userAuthorizationId: (await makeGroup(company.id)).id };
    const res = await json(await t.req('PUT', `/users/${agent.user.id}`, { token: agent.token, json: body }));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  test("an agent cannot edit another user's data", async () => {
    const { admin, agent } = await makeTenant();
    const res = await t.req('PUT', `/users/${admin.user.id}`, { token: agent.token, json: { name: 'Hacked' } });
    expect(res.status).toBe(403);
  });

  test('an admin edits profile, queues and group; the edited user gets a targeted `user` event', async () => {
    const { company, admin, agent } = await makeTenant();
    const q = await makeQueue(company.id);
    const g = await makeGroup(company.id);
    events.length = 0;
    const res = await json(
      await t.req('PUT', `/users/${agent.user.id}`, {
        token: admin.token,
        json: { profile: 'admin', queueIds: [q.id], userAuthorizationId: g.id, showAllTickets: true },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profile: 'admin', userAuthorizationId: g.id, showAllTickets: true });
    expect(res.body.queues.map((x: { id: number }) => x.id)).toEqual([q.id]);
    await flush();
    expect(events.find((e) => e.channel === 'user' && e.userId === agent.user.id)?.data.action).toBe('update');
    expect(events.find((e) => e.channel === `user-${company.id}`)?.data.action).toBe('update');
    // the new rights apply at once (actor cache invalidated)
    expect(
      (await t.req('POST', '/queue', { token: agent.token, json: { name: 'Nova', color: '#9C27B0' } })).status,
    ).toBe(201);
    const rows = await db().select().from(userQueues).where(eq(userQueues.userId, agent.user.id));
    expect(rows.map((r) => r.queueId)).toEqual([q.id]);
  });

  test("an admin changing someone's password ends that user's sessions", async () => {
    const { admin, agent } = await makeTenant();
    const res = await t.req('PUT', `/users/${agent.user.id}`, { token: admin.token, json: { password: 'trocada' } });
    expect(res.status).toBe(200);
    // the superseded access token must refresh, and the refresh sessions are gone: the user is logged out
    const stale = await t.req('GET', '/users/list', { token: agent.token });
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toBe('ERR_SESSION_EXPIRED');
  });

  describe('changing your own password (issue 12 point 16)', () => {
    const cookieOf = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((h) => h.startsWith('jrt='))
        ?.split(';')[0]
        .slice(4) ?? '';
    const loginAs = async (email: string, password: string) => {
      const res = await t.req('POST', '/auth/login', { json: { email, password } });
      expect(res.status).toBe(200);
      return { token: (await res.json()).token as string, cookie: cookieOf(res) };
    };
    const refresh = (cookie: string) => t.req('POST', '/auth/refresh_token', { headers: { cookie: `jrt=${cookie}` } });

    test('needs the current password: missing or wrong → 400 on currentPassword, nothing changed', async () => {
      const { agent } = await makeTenant();
      const missing = await json(
        await t.req('PUT', `/users/${agent.user.id}`, { token: agent.token, json: { password: 'nova123' } }),
      );
      expect(missing).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { currentPassword: 'Required' } },
      });
      const wrong = await json(
        await t.req('PUT', `/users/${agent.user.id}`, {
          token: agent.token,
          json: { password: 'nova123', currentPassword: 'chute' },
        }),
      );
      expect(wrong).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { currentPassword: 'Senha atual incorreta' } },
      });
      expect(
        (await t.req('POST', '/auth/login', { json: { email: agent.user.email, password: 'nova123' } })).status,
      ).toBe(401);
      // an admin setting someone else's password needs no current password of theirs
      const { admin, agent: other } = await makeTenant();
      expect(
        (await t.req('PUT', `/users/${other.user.id}`, { token: admin.token, json: { password: 'nova123' } })).status,
      ).toBe(200);
    });

    test('revokes every other session of the user and keeps the current one', async () => {
      const { agent } = await makeTenant();
      const here = await loginAs(agent.user.email, 'secret123');
      const elsewhere = await loginAs(agent.user.email, 'secret123');
      const res = await t.req('PUT', `/users/${agent.user.id}`, {
        token: here.token,
        json: { password: 'trocada1', currentPassword: 'secret123' },
      });
      expect(res.status).toBe(200);
      // the other session: its access token is superseded and its refresh token revoked → logged out
      expect((await t.req('GET', '/users/list', { token: elsewhere.token })).status).toBe(403);
      expect((await refresh(elsewhere.cookie)).status).toBe(401);
      // this session: one refresh (as the client does on the 403) and it carries on
      expect((await t.req('GET', '/users/list', { token: here.token })).status).toBe(403);
      const renewed = await refresh(here.cookie);
      expect(renewed.status).toBe(200);
      const fresh = (await renewed.json()).token as string;
      expect((await t.req('GET', '/users/list', { token: fresh })).status).toBe(200);
      expect(
        (await t.req('POST', '/auth/login', { json: { email: agent.user.email, password: 'trocada1' } })).status,
      ).toBe(200);
    });
  });

  test('an admin cannot grant master nor edit a master account; a master can', async () => {
    const { company, admin, agent } = await makeTenant();
    const m = await makeUser(company.id, { profile: 'admin', master: true });
    expect((await t.req('PUT', `/users/${agent.user.id}`, { token: admin.token, json: { master: 1 } })).status).toBe(
      403,
    );
    expect((await t.req('PUT', `/users/${m.user.id}`, { token: admin.token, json: { name: 'Tomado' } })).status).toBe(
      403,
    );
    const ok = await json(
      await t.req('PUT', `/users/${agent.user.id}`, { token: m.token, json: { master: 1, payPanelAccess: true } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ master: 1, payPanelAccess: true });
  });

  test('validation texts and an empty password meaning "unchanged"', async () => {
    const { admin, agent } = await makeTenant();
    const bad = await json(await t.req('PUT', `/users/${agent.user.id}`, { token: admin.token, json: { name: 'A' } }));
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: 'Too Short!' } });
    const ok = await t.req('PUT', `/users/${agent.user.id}`, { token: admin.token, json: { password: '' } });
    expect(ok.status).toBe(200);
    expect((await t.req('GET', '/users/list', { token: agent.token })).status).toBe(200);
  });

  test("another company's user → 404; duplicate e-mail → 409", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const res = await json(
      await t.req('PUT', `/users/${b.agent.user.id}`, { token: a.admin.token, json: { name: 'Outro' } }),
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const dup = await t.req('PUT', `/users/${a.agent.user.id}`, {
      token: a.admin.token,
      json: { email: b.agent.user.email },
    });
    expect(dup.status).toBe(409);
  });
});

describe('DELETE /users/{id}', () => {
  test('an admin deletes a user: their token stops working, open tickets go back to pending', async () => {
    const { company, admin, agent } = await makeTenant();
    const contact = await makeContact(company.id);
    const [ticket] = await db()
      .insert(tickets)
      .values({
        companyId: company.id,
        protocol: `P${Date.now()}`,
        contactId: contact.id,
        status: 'open',
        userId: agent.user.id,
      })
      .returning();
    events.length = 0;
    const res = await t.req('DELETE', `/users/${agent.user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await t.req('GET', '/users/list', { token: agent.token })).status).toBe(401);
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ status: 'pending', userId: null });
    await flush();
    expect(events.find((e) => e.channel === `user-${company.id}`)?.data).toEqual({
      action: 'delete',
      userId: agent.user.id,
    });
    expect(events.find((e) => e.channel === `ticket-${company.id}`)?.data.action).toBe('update');
  });

  test('agents cannot delete; nobody deletes themselves; masters only by masters', async () => {
    const { company, admin, agent } = await makeTenant();
    const m = await makeUser(company.id, { profile: 'admin', master: true });
    expect((await t.req('DELETE', `/users/${admin.user.id}`, { token: agent.token })).status).toBe(403);
    expect((await t.req('DELETE', `/users/${admin.user.id}`, { token: admin.token })).status).toBe(403);
    expect((await t.req('DELETE', `/users/${m.user.id}`, { token: admin.token })).status).toBe(403);
    expect((await t.req('DELETE', `/users/${agent.user.id}`, { token: m.token })).status).toBe(200);
    const left = await db()
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.id, agent.user.id)));
    expect(left.length).toBe(0);
  });

  test("another company's user → 404 and nothing is deleted", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const res = await json(await t.req('DELETE', `/users/${b.agent.user.id}`, { token: a.admin.token }));
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await t.req('GET', '/users/list', { token: b.agent.token })).status).toBe(200);
  });
});
