import { describe, expect, test } from 'bun:test';
import { API_TOKEN_TEXTS, type ApiTokenCreatedDto, type ApiTokenDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { apiTokens, companies } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { makeQueue, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeWhatsapp } from '../tickets/tickets.fixtures';
import { hashSecret } from './api-tokens.secret';
import { tokenForSecret } from './api-tokens.service';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

const post = async (token: string, json: Record<string, unknown>) => {
  const res = await t.req('POST', '/ApiSendMessageToken', { token, json });
  return { res, body: await res.json() };
};

describe('API message tokens (spec 2 §7)', () => {
  test('admin creates (secret once), lists masked, shows, edits, reveals, deletes; live to admins only', async () => {
    const conn = await makeWhatsapp(A.company.id, { name: 'Conexão API' });
    const queue = await makeQueue(A.company.id, { name: 'Financeiro' });
    events.length = 0;
    const { res, body } = await post(A.admin.token, {
      name: 'ERP boletos',
      whatsappId: conn.id,
      queueId: queue.id,
      userId: A.agent.user.id,
      companyId: B.company.id, // ignored: always the caller's company
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = body as ApiTokenCreatedDto;
    expect(created.plainToken).toMatch(/^zd_live_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'ERP boletos',
      ticketSetStatus: 'closed',
      ticketCreateOrUpdate: 'create',
      queue: { id: queue.id, name: 'Financeiro' },
      queueId: queue.id,
      userId: A.agent.user.id,
      user: { id: A.agent.user.id, name: A.agent.user.name },
      whatsapp: { id: conn.id, name: 'Conexão API' },
      whatsappId: conn.id,
      companyId: A.company.id,
      lastUsedAt: null,
      callCount: 0,
      token: `zd_live_…${created.plainToken.slice(-4)}`,
    });
    // stored hashed and sealed, never in clear
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(hashSecret(created.plainToken));
    expect(row.secretEnc).not.toContain(created.plainToken);
    expect(JSON.stringify(row)).not.toContain(created.plainToken.slice(8));
    const ev = events.find((e) => e.channel === `apiSendMessageToken-${A.company.id}`);
    expect(ev).toMatchObject({ adminOnly: true, data: { action: 'create' } });
    expect(JSON.stringify(ev)).not.toContain(created.plainToken);

    const list = await (await t.req('GET', '/ApiSendMessageToken/', { token: A.admin.token })).json();
    expect(list).toMatchObject({ count: 1, hasMore: false });
    expect(list.apiSendMessageTokens[0]).toMatchObject({ id: created.id, token: created.token });
    expect(JSON.stringify(list)).not.toContain(created.plainToken);
    const none = await (await t.req('GET', '/ApiSendMessageToken?searchParam=nada', { token: A.admin.token })).json();
    expect(none).toEqual({ apiSendMessageTokens: [], count: 0, hasMore: false });

    const one = await (await t.req('GET', `/ApiSendMessageToken/${created.id}`, { token: A.admin.token })).json();
    expect(one).toMatchObject({ id: created.id, name: 'ERP boletos', whatsapp: { id: conn.id } });
    expect(one.plainToken).toBeUndefined();

    const upd = await t.req('PUT', `/ApiSendMessageToken/${created.id}`, {
      token: A.admin.token,
      json: { name: 'ERP 2', whatsappId: conn.id, ticketSetStatus: 'destroy', ticketCreateOrUpdate: 'update' },
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({
      name: 'ERP 2',
      ticketSetStatus: 'destroy',
      ticketCreateOrUpdate: 'update',
      queue: null,
      user: null,
    });
    expect(events.some((e) => e.channel === `apiSendMessageToken-${A.company.id}` && e.data.action === 'update')).toBe(
      true,
    );

    const reveal = await t.req('GET', `/ApiSendMessageToken/${created.id}/reveal`, { token: A.admin.token });
    expect(reveal.status).toBe(200);
    expect(await reveal.json()).toEqual({ token: created.plainToken });

    expect((await tokenForSecret(created.plainToken))?.id).toBe(created.id);
    const del = await t.req('DELETE', `/ApiSendMessageToken/${created.id}`, { token: A.admin.token });
    expect(del.status).toBe(200);
    expect(await tokenForSecret(created.plainToken)).toBeNull();
    expect((await t.req('GET', `/ApiSendMessageToken/${created.id}`, { token: A.admin.token })).status).toBe(404);
    expect(
      events.find((e) => e.channel === `apiSendMessageToken-${A.company.id}` && e.data.action === 'delete')?.data,
    ).toEqual({ action: 'delete', apiSendMessageTokenId: created.id });
  });

  test('bad input: name and connection required (spec texts), the default connection refused, foreign refs 404', async () => {
    const conn = await makeWhatsapp(A.company.id);
    const def = await makeWhatsapp(A.company.id, { isDefault: true });
    const noName = await post(A.admin.token, { name: ' ', whatsappId: conn.id });
    expect(noName.res.status).toBe(400);
    expect(noName.body).toMatchObject({ error: 'ERR_VALIDATION', message: API_TOKEN_TEXTS.nameRequired });
    const noConn = await post(A.admin.token, { name: 'x' });
    expect(noConn.res.status).toBe(400);
    expect(noConn.body.message).toBe(API_TOKEN_TEXTS.connectionRequired);
    const badStatus = await post(A.admin.token, { name: 'x', whatsappId: conn.id, ticketSetStatus: 'deleted' });
    expect(badStatus.body.message).toBe(API_TOKEN_TEXTS.invalidStatus);

    const dflt = await post(A.admin.token, { name: 'x', whatsappId: def.id });
    expect(dflt.res.status).toBe(400);
    expect(dflt.body).toEqual({ error: 'ERR_API_DEFAULT_WHATSAPP', message: API_TOKEN_TEXTS.defaultConnection });

    const bConn = await makeWhatsapp(B.company.id);
    const bQueue = await makeQueue(B.company.id);
    expect((await post(A.admin.token, { name: 'x', whatsappId: bConn.id })).res.status).toBe(404);
    expect((await post(A.admin.token, { name: 'x', whatsappId: conn.id, queueId: bQueue.id })).res.status).toBe(404);
    expect((await post(A.admin.token, { name: 'x', whatsappId: conn.id, userId: B.admin.user.id })).res.status).toBe(
      404,
    );
    expect((await post(A.admin.token, { name: 'x', whatsappId: 999_999 })).res.status).toBe(404);
    const [{ n }] = await db
      .select({ n: apiTokens.id })
      .from(apiTokens)
      .where(eq(apiTokens.whatsappId, def.id))
      .then((r) => (r.length ? r : [{ n: 0 }]));
    expect(n).toBe(0);
  });

  test("another company's token is 404 on every route; nothing changes", async () => {
    const conn = await makeWhatsapp(B.company.id);
    const { body } = await post(B.admin.token, { name: 'De B', whatsappId: conn.id });
    const id = (body as ApiTokenDto).id;
    const connA = await makeWhatsapp(A.company.id);
    for (const [method, path, json] of [
      ['GET', `/ApiSendMessageToken/${id}`, undefined],
      ['GET', `/ApiSendMessageToken/${id}/reveal`, undefined],
      ['PUT', `/ApiSendMessageToken/${id}`, { name: 'roubado', whatsappId: connA.id }],
      ['DELETE', `/ApiSendMessageToken/${id}`, undefined],
    ] as const) {
      const r = await t.req(method, path, { token: A.admin.token, json });
      expect(r.status).toBe(404);
    }
    const list = await (await t.req('GET', '/ApiSendMessageToken', { token: A.admin.token })).json();
    expect(list.apiSendMessageTokens.map((x: ApiTokenDto) => x.id)).not.toContain(id);
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.name).toBe('De B');
  });

  test('permissions: an attendant is refused (403); a plan without the API refuses even its admin', async () => {
    const conn = await makeWhatsapp(A.company.id);
    const { body } = await post(A.admin.token, { name: 'Perm', whatsappId: conn.id });
    const id = (body as ApiTokenDto).id;
    const routes = [
      ['GET', '/ApiSendMessageToken', undefined],
      ['GET', `/ApiSendMessageToken/${id}`, undefined],
      ['GET', `/ApiSendMessageToken/${id}/reveal`, undefined],
      ['POST', '/ApiSendMessageToken', { name: 'x', whatsappId: conn.id }],
      ['PUT', `/ApiSendMessageToken/${id}`, { name: 'x', whatsappId: conn.id }],
      ['DELETE', `/ApiSendMessageToken/${id}`, undefined],
    ] as const;
    for (const [method, path, json] of routes) {
      const r = await t.req(method, path, { token: A.agent.token, json });
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect((await r.json()).error).toBe('ERR_NO_PERMISSION');
    }
    // an admin whose permission group has no administration
    const { makeGroup } = await import('../../test/factories');
    const group = await makeGroup(A.company.id, { enableAdministration: false });
    const limited = await makeUser(A.company.id, { profile: 'admin', userAuthorizationId: group.id });
    expect((await t.req('GET', '/ApiSendMessageToken', { token: limited.token })).status).toBe(403);

    await db.update(companies).set({ enableApi: false }).where(eq(companies.id, A.company.id));
    invalidateActors();
    try {
      for (const [method, path, json] of routes) {
        const r = await t.req(method, path, { token: A.admin.token, json });
        expect([method, path, r.status]).toEqual([method, path, 403]);
      }
    } finally {
      await db.update(companies).set({ enableApi: true }).where(eq(companies.id, A.company.id));
      invalidateActors();
    }
    expect((await t.req('GET', `/ApiSendMessageToken/${id}`, { token: A.admin.token })).status).toBe(200);
  });
});
