import { beforeAll, describe, expect, test } from 'bun:test';
import {
  CAMPAIGN_SETUP_DEFAULTS,
  CAMPAIGN_TEXTS,
  type CampaignSetupDto,
  CampaignSetupInput,
  DEFAULT_BUTTON_LIST,
  DEFAULT_WARMUP,
  ERROR_TEXT,
} from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { campaignSetups, campaigns, companies } from '../../db/schema';
import { invalidateActors, loadActorRow, userCtxOf } from '../../platform/auth/actor';
import { signAccessToken } from '../../platform/auth/tokens';
import { db } from '../../platform/db';
import { makeQueue } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { DEMO_CAMPAIGN_NAME, DEMO_CAMPAIGN_SEND_LIST, seedDemoCampaign } from '../campaigns/campaigns.demo';
import { DEMO, seedDemo } from '../companies/demo-seed';
import { makeWhatsapp } from '../tickets/tickets.fixtures';
import { DEMO_API_CONNECTION } from '../whatsapp/whatsapp.startup';
import { DEMO_SETUP_NAME, seedDemoCampaignSetup } from './campaign-setups.demo';
import { createCampaignSetup, deleteCampaignSetup, updateCampaignSetup } from './campaign-setups.service';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

beforeAll(async () => {
  for (const x of [A, B])
    await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, x.company.id));
  invalidateActors();
});

const post = async (token: string, json: Record<string, unknown>) => {
  const res = await t.req('POST', '/CampaignSetup', { token, json });
  return { res, body: await res.json() };
};

describe('campaign setups (spec 2 §3, §5, §7)', () => {
  test('admin creates with defaults, lists, searches, shows, edits, deletes; live to admins only', async () => {
    const conn = await makeWhatsapp(A.company.id, { name: 'Conexão Campanha' });
    const conn2 = await makeWhatsapp(A.company.id, { name: 'Conexão 2' });
    const queue = await makeQueue(A.company.id, { name: 'Vendas' });
    events.length = 0;
    const { res, body } = await post(A.admin.token, {
      name: 'Black Friday',
      whatsapps: [conn.id],
      companyId: B.company.id, // ignored: always the caller's company
    });
    expect(res.status).toBe(200);
    const created = body as CampaignSetupDto;
    expect(created).toMatchObject({
      name: 'Black Friday',
      queueId: null,
      queue: null,
      userId: null,
      user: null,
      whatsapps: [{ id: conn.id, name: 'Conexão Campanha' }],
      ticketSetStatus: 'closed',
      tMax: 10,
      tMin: 2,
      interval: 30,
      autoStart: true,
      webhookUrlConcluded: null,
      jsonButtonOrList: null,
      intervalJitterPct: CAMPAIGN_SETUP_DEFAULTS.intervalJitterPct,
      sendWindowStart: '08:00',
      sendWindowEnd: '20:00',
      breakerThreshold: 5,
      warmup: DEFAULT_WARMUP,
      companyId: A.company.id,
    });
    const ev = events.find((e) => e.channel === `campaignSetup-${A.company.id}`);
    expect(ev).toMatchObject({ adminOnly: true, data: { action: 'create', campaignSetup: { id: created.id } } });

    const second = await post(A.admin.token, {
      name: 'Natal',
      whatsapps: [conn2.id, conn.id, conn2.id],
      queueId: queue.id,
      userId: A.agent.user.id,
      tMax: 30,
      tMin: 5,
      interval: 60,
      autoStart: false,
      ticketSetStatus: 'open',
      webhookUrlConcluded: 'https://example.com/fim',
      jsonButtonOrList: JSON.stringify(DEFAULT_BUTTON_LIST),
      sendWindowStart: '09:00',
      sendWindowEnd: '18:00',
    });
    expect(second.res.status).toBe(200);
    expect(second.body).toMatchObject({
      whatsapps: [
        { id: conn2.id, name: 'Conexão 2' },
        { id: conn.id, name: 'Conexão Campanha' },
      ],
      queue: { id: queue.id, name: 'Vendas' },
      user: { id: A.agent.user.id, name: A.agent.user.name },
      tMax: 30,
      tMin: 5,
      interval: 60,
      autoStart: false,
      ticketSetStatus: 'open',
      webhookUrlConcluded: 'https://example.com/fim',
      sendWindowStart: '09:00',
      sendWindowEnd: '18:00',
    });
    expect(JSON.parse(second.body.jsonButtonOrList)).toEqual(DEFAULT_BUTTON_LIST);

    // the list and the selector: /CampaignSetup/ and /CampaignSetup answer the same paged shape
    const list = await (await t.req('GET', '/CampaignSetup/', { token: A.admin.token })).json();
    expect(list).toMatchObject({ count: 2, hasMore: false });
    expect(list.campaignSetups.map((s: CampaignSetupDto) => s.name)).toEqual(['Natal', 'Black Friday']);
    const selector = await (await t.req('GET', '/CampaignSetup', { token: A.admin.token })).json();
    expect(selector).toEqual(list);
    const found = await (await t.req('GET', '/CampaignSetup/?searchParam=black', { token: A.admin.token })).json();
    expect(found.campaignSetups.map((s: CampaignSetupDto) => s.id)).toEqual([created.id]);
    const mine = await (
      await t.req('GET', `/CampaignSetup/?user=${A.agent.user.id}&pageNumber=1`, { token: A.admin.token })
    ).json();
    expect(mine).toMatchObject({ count: 1, campaignSetups: [{ name: 'Natal' }] });
    const none = await (await t.req('GET', '/CampaignSetup?searchParam=nada', { token: A.admin.token })).json();
    expect(none).toEqual({ campaignSetups: [], count: 0, hasMore: false });

    const one = await (await t.req('GET', `/campaignSetup/${created.id}`, { token: A.admin.token })).json();
    expect(one).toEqual(created);

    const upd = await t.req('PUT', `/campaignSetup/${created.id}`, {
      token: A.admin.token,
      json: { name: 'Black Friday 2', whatsapps: [conn2.id], intervalJitterPct: 10, breakerThreshold: 0 },
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({
      name: 'Black Friday 2',
      whatsapps: [{ id: conn2.id, name: 'Conexão 2' }],
      intervalJitterPct: 10,
      breakerThreshold: 0,
    });
    expect(events.some((e) => e.channel === `campaignSetup-${A.company.id}` && e.data.action === 'update')).toBe(true);

    const del = await t.req('DELETE', `/campaignSetup/${created.id}`, { token: A.admin.token });
    expect(del.status).toBe(200);
    expect((await t.req('GET', `/campaignSetup/${created.id}`, { token: A.admin.token })).status).toBe(404);
    expect(
      events.find((e) => e.channel === `campaignSetup-${A.company.id}` && e.data.action === 'delete')?.data,
    ).toEqual({ action: 'delete', campaignSetupId: created.id });
  });

  test("bad input: the spec's texts, the default connection, the 3-button limit; foreign refs 404", async () => {
    const conn = await makeWhatsapp(A.company.id);
    const def = await makeWhatsapp(A.company.id, { isDefault: true });
    const noConn = await post(A.admin.token, { name: 'x' });
    expect(noConn.res.status).toBe(400);
    expect(noConn.body).toMatchObject({ error: 'ERR_VALIDATION', message: CAMPAIGN_TEXTS.connectionRequired });
    const emptyConn = await post(A.admin.token, { name: 'x', whatsapps: [] });
    expect(emptyConn.body.message).toBe(CAMPAIGN_TEXTS.connectionRequired);
    const noName = await post(A.admin.token, { name: ' ', whatsapps: [conn.id] });
    expect(noName.res.status).toBe(400);
    expect(noName.body.message).toBe(CAMPAIGN_TEXTS.required);

    const dflt = await post(A.admin.token, { name: 'x', whatsapps: [conn.id, def.id] });
    expect(dflt.res.status).toBe(400);
    expect(dflt.body).toEqual({
      error: 'ERR_CAMPAIGN_SETUP_DEFAULT_WHATSAPP',
      message: CAMPAIGN_TEXTS.nonDefaultConnection,
    });

    const buttons = {
      ...DEFAULT_BUTTON_LIST,
      buttons: [...DEFAULT_BUTTON_LIST.buttons, DEFAULT_BUTTON_LIST.buttons[0]],
    };
    const four = await post(A.admin.token, { name: 'x', whatsapps: [conn.id], jsonButtonOrList: buttons });
    expect(four.res.status).toBe(400);
    expect(four.body.message).toBe(CAMPAIGN_TEXTS.tooManyButtons);
    const badTMax = await post(A.admin.token, { name: 'x', whatsapps: [conn.id], tMax: 12 });
    expect(badTMax.body.message).toBe(CAMPAIGN_TEXTS.tMaxInvalid);
    const badUrl = await post(A.admin.token, { name: 'x', whatsapps: [conn.id], webhookUrlConcluded: 'nada' });
    expect(badUrl.body.message).toBe(CAMPAIGN_TEXTS.invalidUrl);

    const bConn = await makeWhatsapp(B.company.id);
    const bQueue = await makeQueue(B.company.id);
    expect((await post(A.admin.token, { name: 'x', whatsapps: [bConn.id] })).res.status).toBe(404);
    expect((await post(A.admin.token, { name: 'x', whatsapps: [conn.id], queueId: bQueue.id })).res.status).toBe(404);
    expect((await post(A.admin.token, { name: 'x', whatsapps: [conn.id], userId: B.admin.user.id })).res.status).toBe(
      404,
    );
    const rows = await db.select().from(campaignSetups).where(eq(campaignSetups.name, 'x'));
    expect(rows).toEqual([]);
  });

  test('delete is refused (409) while a non-finalized campaign uses the setup', async () => {
    const conn = await makeWhatsapp(A.company.id);
    const { body } = await post(A.admin.token, { name: 'Em uso', whatsapps: [conn.id] });
    const [camp] = await db
      .insert(campaigns)
      .values({ companyId: A.company.id, name: 'Campanha', status: 'pause', campaignSetupId: body.id })
      .returning();
    const refused = await t.req('DELETE', `/campaignSetup/${body.id}`, { token: A.admin.token });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: 'ERR_CAMPAIGN_SETUP_IN_USE',
      message: ERROR_TEXT.ERR_CAMPAIGN_SETUP_IN_USE,
    });
    expect((await t.req('GET', `/campaignSetup/${body.id}`, { token: A.admin.token })).status).toBe(200);
    await db.update(campaigns).set({ status: 'finalized' }).where(eq(campaigns.id, camp.id));
    expect((await t.req('DELETE', `/campaignSetup/${body.id}`, { token: A.admin.token })).status).toBe(200);
  });

  test("another company's setup is 404 on every route; nothing changes", async () => {
    const conn = await makeWhatsapp(B.company.id);
    const { body } = await post(B.admin.token, { name: 'De B', whatsapps: [conn.id] });
    const id = (body as CampaignSetupDto).id;
    const connA = await makeWhatsapp(A.company.id);
    for (const [method, path, json] of [
      ['GET', `/campaignSetup/${id}`, undefined],
      ['PUT', `/campaignSetup/${id}`, { name: 'roubado', whatsapps: [connA.id] }],
      ['DELETE', `/campaignSetup/${id}`, undefined],
    ] as const) {
      const r = await t.req(method, path, { token: A.admin.token, json });
      expect([method, r.status]).toEqual([method, 404]);
    }
    const list = await (await t.req('GET', '/CampaignSetup/', { token: A.admin.token })).json();
    expect(list.campaignSetups.map((x: CampaignSetupDto) => x.id)).not.toContain(id);
    expect((await t.req('GET', `/CampaignSetup/?user=${B.admin.user.id}`, { token: A.admin.token })).status).toBe(404);
    const [row] = await db.select().from(campaignSetups).where(eq(campaignSetups.id, id));
    expect(row.name).toBe('De B');
  });

  test('permissions: an attendant (even the setup’s user) is refused 403; a plan without campaigns refuses its admin', async () => {
    const conn = await makeWhatsapp(A.company.id);
    const { body } = await post(A.admin.token, { name: 'Perm', whatsapps: [conn.id], userId: A.agent.user.id });
    const id = (body as CampaignSetupDto).id;
    const routes = [
      ['GET', '/CampaignSetup/', undefined],
      ['GET', '/CampaignSetup', undefined],
      ['GET', `/campaignSetup/${id}`, undefined],
      ['POST', '/CampaignSetup', { name: 'x', whatsapps: [conn.id] }],
      ['PUT', `/campaignSetup/${id}`, { name: 'x', whatsapps: [conn.id] }],
      ['DELETE', `/campaignSetup/${id}`, undefined],
    ] as const;
    for (const [method, path, json] of routes) {
      const r = await t.req(method, path, { token: A.agent.token, json });
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect((await r.json()).error).toBe('ERR_NO_PERMISSION');
    }
    await db.update(companies).set({ enableCampaigns: false }).where(eq(companies.id, A.company.id));
    invalidateActors();
    try {
      for (const [method, path, json] of routes) {
        const r = await t.req(method, path, { token: A.admin.token, json });
        expect([method, path, r.status]).toEqual([method, path, 403]);
      }
    } finally {
      await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, A.company.id));
      invalidateActors();
    }
    const [row] = await db.select().from(campaignSetups).where(eq(campaignSetups.id, id));
    expect(row.name).toBe('Perm');
  });
});

describe('§9 options and the buttons', () => {
  test('options outside §9 are refused with their texts; the default buttons (as object or JSON text) are kept', async () => {
    const conn = await makeWhatsapp(A.company.id);
    const base = { name: 'Opções', whatsapps: [conn.id] };
    for (const [field, value, text] of [
      ['tMax', 65, CAMPAIGN_TEXTS.tMaxInvalid],
      ['tMin', 0, CAMPAIGN_TEXTS.tMinInvalid],
      ['tMin', 11, CAMPAIGN_TEXTS.tMinInvalid],
      ['interval', 15, CAMPAIGN_TEXTS.intervalInvalid],
      ['ticketSetStatus', 'destroy', CAMPAIGN_TEXTS.ticketStatusInvalid],
      ['sendWindowStart', '25:00', CAMPAIGN_TEXTS.windowInvalid],
      ['warmup', [{ fromDay: 1, perDay: 10 }], CAMPAIGN_TEXTS.warmupFirstDay],
    ] as const) {
      const r = await post(A.admin.token, { ...base, [field]: value });
      expect([field, r.res.status, r.body.message]).toEqual([field, 400, text]);
    }
    // tMin may equal tMax (10): the options never let it exceed it
    expect((await post(A.admin.token, { ...base, tMax: 10, tMin: 10, interval: 5 })).res.status).toBe(200);
    // every §9 option is accepted
    const all = await post(A.admin.token, { ...base, tMax: 60, tMin: 1, interval: 60, autoStart: false });
    expect(all.body).toMatchObject({ tMax: 60, tMin: 1, interval: 60, autoStart: false });

    const obj = await post(A.admin.token, { ...base, jsonButtonOrList: DEFAULT_BUTTON_LIST });
    expect(JSON.parse(obj.body.jsonButtonOrList)).toEqual(DEFAULT_BUTTON_LIST);
    expect(JSON.parse(obj.body.jsonButtonOrList).text).toBe('Você tem interesse?');
    const asText = await post(A.admin.token, { ...base, jsonButtonOrList: JSON.stringify(DEFAULT_BUTTON_LIST) });
    expect(JSON.parse(asText.body.jsonButtonOrList)).toEqual(DEFAULT_BUTTON_LIST);
    // PUT replaces the whole setup: absent optional fields go back to their defaults
    const put = await t.req('PUT', `/campaignSetup/${obj.body.id}`, { token: A.admin.token, json: base });
    expect(await put.json()).toMatchObject({ jsonButtonOrList: null, tMax: 10, tMin: 2, interval: 30 });
  });
});

describe("ban-safety fields are an administrator's (core SAFETY_FIELDS)", () => {
  /** the attendant's own context with the campaign capability widened (today only admins have it) */
  async function widenedAgentCtx() {
    const row = await loadActorRow(A.agent.user.id);
    if (!row) throw new Error('no agent');
    const ctx = userCtxOf(row);
    return { ...ctx, caps: { ...ctx.caps, useCampaigns: true } };
  }
  const custom = {
    intervalJitterPct: 45,
    sendWindowStart: '00:00',
    sendWindowEnd: '00:00',
    breakerThreshold: 0,
    warmup: [{ fromDay: 0, perDay: 100_000 }],
  };

  test('a non-admin owner saves the rest but never the safety fields; a non-owner non-admin is refused', async () => {
    const conn = await makeWhatsapp(A.company.id);
    const agent = await widenedAgentCtx();
    const base = { name: 'Do atendente', whatsapps: [conn.id], userId: A.agent.user.id };
    const parse = (x: Record<string, unknown>) => CampaignSetupInput.parse(x);
    const mine = await createCampaignSetup(agent, parse({ ...base, ...custom, tMin: 5 }));
    expect(mine).toMatchObject({
      tMin: 5,
      intervalJitterPct: CAMPAIGN_SETUP_DEFAULTS.intervalJitterPct,
      sendWindowStart: CAMPAIGN_SETUP_DEFAULTS.sendWindowStart,
      sendWindowEnd: CAMPAIGN_SETUP_DEFAULTS.sendWindowEnd,
      breakerThreshold: CAMPAIGN_SETUP_DEFAULTS.breakerThreshold,
      warmup: DEFAULT_WARMUP,
    });
    // an admin sets them; the owner's later edit keeps the admin's values
    const byAdmin = await t.req('PUT', `/campaignSetup/${mine.id}`, {
      token: A.admin.token,
      json: { ...base, ...custom },
    });
    expect(await byAdmin.json()).toMatchObject(custom);
    const edited = await updateCampaignSetup(
      agent,
      mine.id,
      parse({ ...base, name: 'Renomeada', intervalJitterPct: 0 }),
    );
    expect(edited).toMatchObject({ name: 'Renomeada', ...custom });
    // not the owner, not an admin: no edit, no delete
    const other = await post(A.admin.token, { name: 'Do admin', whatsapps: [conn.id] });
    await expect(updateCampaignSetup(agent, other.body.id, parse(base))).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(deleteCampaignSetup(agent, other.body.id)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await deleteCampaignSetup(agent, mine.id);
  });
});

describe('demo campaign setup (npm start)', () => {
  test("the demo gets one setup on its non-default connection 'Demo API', once", async () => {
    const { company, admin } = await seedDemo();
    await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, company.id));
    invalidateActors();
    // as seedDemoConnection leaves it (without starting the simulator sessions): 'Principal' default, 'Demo API' not
    await makeWhatsapp(company.id, { name: 'Principal', isDefault: true });
    expect(await seedDemoCampaignSetup(DEMO.companyName, DEMO.admin.email)).toBeNull();
    expect((await db.select().from(campaignSetups).where(eq(campaignSetups.companyId, company.id))).length).toBe(0);
    await makeWhatsapp(company.id, { name: DEMO_API_CONNECTION });
    const seeded = await seedDemoCampaignSetup(DEMO.companyName, DEMO.admin.email);
    expect(seeded).toMatchObject({ companyId: company.id, ownerId: admin.id });
    expect(await seedDemoCampaignSetup(DEMO.companyName, DEMO.admin.email)).toBeNull();
    const token = await signAccessToken(t.platform.env, admin);
    const list = await (await t.req('GET', '/CampaignSetup/', { token })).json();
    expect(list.count).toBe(1);
    expect(list.campaignSetups[0]).toMatchObject({
      name: DEMO_SETUP_NAME,
      whatsapps: [{ name: 'Demo API' }],
      userId: admin.id,
      tMax: 10,
      tMin: 2,
      interval: 30,
      ticketSetStatus: 'closed',
      autoStart: true,
    });

    // the demo campaign goes on the setup just seeded (only then): 3 contacts, taken by the engine at once
    await seedDemoCampaign(null);
    await seedDemoCampaign(seeded);
    const campaignsList = await (await t.req('GET', '/Campaign/', { token })).json();
    expect(campaignsList.count).toBe(1);
    expect(campaignsList.campaigns[0]).toMatchObject({ name: DEMO_CAMPAIGN_NAME, campaignSetupId: seeded!.setupId });
    expect(['start', 'finalized']).toContain(campaignsList.campaigns[0].status);
    const dispatches = await (
      await t.req('GET', `/CampaignDispatch/${campaignsList.campaigns[0].id}`, { token })
    ).json();
    expect(dispatches.count).toBe(DEMO_CAMPAIGN_SEND_LIST.length);
    expect(dispatches.campaignDispatches.map((d: { number: string }) => d.number)).toEqual(
      DEMO_CAMPAIGN_SEND_LIST.map((c) => c.number),
    );
  });
});
