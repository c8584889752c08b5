import { beforeAll, describe, expect, test } from 'bun:test';
import { CAMPAIGN_SETUP_DEFAULTS, CAMPAIGN_TEXTS, type CampaignDto } from '@zapdesk/core';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  campaignDispatchCounts,
  campaignDispatches,
  campaignSetups,
  campaignSetupWhatsapps,
  campaigns,
  companies,
} from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { rateLimiter } from '../../platform/ratelimit';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeWhatsapp } from '../tickets/tickets.fixtures';
import { AWKWARD_SEND_LIST } from './campaigns.fixtures';
import * as repo from './campaigns.repo';
import { CAMPAIGN_CREATE_RULE } from './campaigns.routes';
import { CAMPAIGN_API_TEXTS } from './campaigns.service';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

async function makeSetup(companyId: number, opts: { autoStart?: boolean; connections?: number } = {}) {
  const [s] = await db
    .insert(campaignSetups)
    .values({
      companyId,
      name: `Config ${Math.random().toString(36).slice(2, 7)}`,
      autoStart: opts.autoStart ?? true,
      warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((w) => ({ ...w })),
    })
    .returning();
  if (!s) throw new Error('no setup');
  for (let i = 0; i < (opts.connections ?? 1); i++) {
    const w = await makeWhatsapp(companyId, { name: `Campanhas ${i}` });
    await db.insert(campaignSetupWhatsapps).values({ companyId, campaignSetupId: s.id, whatsappId: w.id, position: i });
  }
  return s;
}

let setupA: { id: number };
let pausedSetupA: { id: number };
let setupB: { id: number };
beforeAll(async () => {
  await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, A.company.id));
  await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, B.company.id));
  invalidateActors();
  setupA = await makeSetup(A.company.id);
  pausedSetupA = await makeSetup(A.company.id, { autoStart: false });
  setupB = await makeSetup(B.company.id);
});

const numbers = (n: number, base = 5511900000000) =>
  Array.from({ length: n }, (_, i) => ({ number: String(base + i) }));

const validBody = (setupId: number, extra: Record<string, unknown> = {}) => ({
  name: 'Black Friday',
  campaignSetupId: setupId,
  messages: [{ greeting: 'Olá!', body: 'Temos ofertas para você' }],
  sendList: numbers(3),
  ...extra,
});

async function create(token: string, json: unknown) {
  const res = await t.req('POST', '/Campaign', { token, json });
  return { res, body: await res.json() };
}

async function createdId(json: unknown, token = A.admin.token): Promise<number> {
  const { res, body } = await create(token, json);
  expect(res.status).toBe(200);
  return body.id as number;
}

describe('insertCampaign (the frozen list as unnest arrays)', () => {
  test('values arrive intact, a repeated number is kept once (the first), the counters match', async () => {
    const { id, dispatches } = await repo.insertCampaign(
      A.company.id,
      {
        name: 'arrays',
        status: 'created',
        schedule: null,
        initialized: null,
        userId: A.admin.user.id,
        campaignSetupId: pausedSetupA.id,
        seed: 1,
      },
      [],
      AWKWARD_SEND_LIST,
    );
    expect(dispatches).toBe(4);
    const rows = await db
      .select({ number: campaignDispatches.number, name: campaignDispatches.name, email: campaignDispatches.email })
      .from(campaignDispatches)
      .where(eq(campaignDispatches.campaignId, id))
      .orderBy(campaignDispatches.id);
    expect(rows).toEqual([AWKWARD_SEND_LIST[0], AWKWARD_SEND_LIST[1], AWKWARD_SEND_LIST[2], AWKWARD_SEND_LIST[4]]);
    expect(await repo.dispatchCounters(A.company.id, id)).toMatchObject({ count: 4, pendingCount: 4 });
  });
});

describe('POST /Campaign (spec 2 §5 Campaign creation)', () => {
  test('freezes the send list (normalised, short and repeated numbers dropped) and begins at once (autoStart)', async () => {
    events.length = 0;
    const { res, body } = await create(A.admin.token, {
      ...validBody(setupA.id),
      sendList: [
        { number: '+55 (11) 98765-4321', name: 'Maria', email_opcional: 'maria@ex.com' },
        { number: '5511987654321', name: 'Repetida' },
        { number: '12345' },
        { number: 5521998765432 },
      ],
    });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      name: 'Black Friday',
      status: 'start',
      schedule: null,
      finalized: null,
      userId: A.admin.user.id,
      campaignSetupId: setupA.id,
      campaignSetup: { id: setupA.id, whatsapps: [{ name: 'Campanhas 0' }] },
      campaignMessages: [{ greeting: 'Olá!', body: 'Temos ofertas para você', typeMessage: 'Texto', mediaUrl: null }],
      dispatchCount: 2,
      dropped: { short: 1, duplicates: 1 },
      companyId: A.company.id,
    });
    expect(body.initialized).not.toBeNull();
    const rows = await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, body.id));
    expect(rows.map((r) => [r.number, r.name, r.email, r.status]).sort()).toEqual([
      ['5511987654321', 'Maria', 'maria@ex.com', 'pending'],
      ['5521998765432', null, null, 'pending'],
    ]);
    const ev = events.find((e) => e.channel === `campaigns-${A.company.id}`);
    expect(ev).toMatchObject({ adminOnly: true, companyId: A.company.id, data: { action: 'create' } });
  });

  test('autoStart off begins paused; a schedule waits (scheduled, the engine plans the start)', async () => {
    const paused = await create(A.admin.token, validBody(pausedSetupA.id));
    expect(paused.body).toMatchObject({ status: 'pause', schedule: null });

    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await create(A.admin.token, validBody(setupA.id, { schedule: at }));
    expect(scheduled.body).toMatchObject({ status: 'scheduled', schedule: at, initialized: null });
  });

  test("the creator's refusals, in the spec's words (400)", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, CAMPAIGN_TEXTS.nameRequired],
      [{ campaignSetupId: null }, CAMPAIGN_TEXTS.setupRequired],
      [{ messages: [] }, CAMPAIGN_TEXTS.messagesRequired],
      [{ sendList: [] }, CAMPAIGN_TEXTS.contactsRequired],
      [{ sendList: [{ number: '123' }, { number: '99999' }] }, CAMPAIGN_TEXTS.contactsRequired],
      [{ messages: [{ greeting: '', body: 'Texto longo' }] }, CAMPAIGN_TEXTS.greetingRequired],
      [{ messages: [{ greeting: 'Oi', body: 'abc' }] }, CAMPAIGN_TEXTS.messageTooShort],
      [{ messages: [{ greeting: 'Oi' }] }, CAMPAIGN_TEXTS.messageRequired],
      [{ schedule: new Date(Date.now() + 40 * 86_400_000).toISOString() }, CAMPAIGN_TEXTS.scheduleTooFarCreator],
      [{ schedule: new Date(Date.now() - 3_600_000).toISOString() }, CAMPAIGN_TEXTS.schedulePast],
    ];
    for (const [patch, message] of cases) {
      const { res, body } = await create(A.admin.token, { ...validBody(setupA.id), ...patch });
      expect({ status: res.status, message: body.message }).toEqual({ status: 400, message });
    }
    // the first problem in the creator's toast order
    const { body } = await create(A.admin.token, { name: '', messages: [], sendList: [] });
    expect(body.message).toBe(CAMPAIGN_TEXTS.nameRequired);
    // a media message needs its file: POST /Campaign carries none
    const media = await create(
      A.admin.token,
      validBody(setupA.id, { messages: [{ greeting: 'Oi', mediaName: 'a.png' }] }),
    );
    expect(media.res.status).toBe(400);
    expect(media.body.message).toBe(CAMPAIGN_API_TEXTS.mediaMissing);
    const noConn = await makeSetup(A.company.id, { connections: 0 });
    const r = await create(A.admin.token, validBody(noConn.id));
    expect(r.res.status).toBe(400);
    expect(r.body.message).toBe(CAMPAIGN_TEXTS.connectionRequired);
    expect(await db.select().from(campaigns).where(eq(campaigns.name, ''))).toEqual([]);
  });

  test("another company's setup is a missing one (404); attendants and plans without campaigns are refused", async () => {
    const foreign = await create(A.admin.token, validBody(setupB.id));
    expect(foreign.res.status).toBe(404);
    const agent = await create(A.agent.token, validBody(setupA.id));
    expect(agent.res.status).toBe(403);
    await db.update(companies).set({ enableCampaigns: false }).where(eq(companies.id, A.company.id));
    invalidateActors();
    try {
      const off = await create(A.admin.token, validBody(setupA.id));
      expect(off.res.status).toBe(403);
      expect((await t.req('GET', '/Campaign', { token: A.admin.token })).status).toBe(403);
    } finally {
      await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, A.company.id));
      invalidateActors();
    }
  });

  test('creations per company are rate limited (429 with Retry-After, before the body is read)', async () => {
    const [company] = await db.insert(companies).values({ name: 'Rate', enableCampaigns: true }).returning();
    if (!company) throw new Error('no company');
    const { makeUser } = await import('../../test/factories');
    const admin = await makeUser(company.id, { profile: 'admin' });
    for (let i = 0; i < CAMPAIGN_CREATE_RULE.limit; i++) {
      await rateLimiter().hit(`campaigns:create:${company.id}`, CAMPAIGN_CREATE_RULE);
    }
    const res = await t.req('POST', '/Campaign', { token: admin.token, body: 'not even json' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toBe('ERR_TOO_MANY_REQUESTS');
  });
});

describe('GET /Campaign/, GET /Campaign/{id}, GET /CampaignDispatch/{campaignId}', () => {
  test('lists newest first with search and user; shows the campaign with its first page and the counters', async () => {
    const id = await createdId({ ...validBody(setupA.id), name: 'Natal 2026', sendList: numbers(25) });
    await db
      .update(campaignDispatches)
      .set({ status: 'sent', greetingSentAt: new Date(), messageSentAt: new Date() })
      .where(eq(campaignDispatches.number, '5511900000000'));
    await db
      .update(campaignDispatches)
      .set({ status: 'sentFail', failReason: 'noWhatsapp' })
      .where(eq(campaignDispatches.number, '5511900000001'));
    await db
      .update(campaignDispatches)
      .set({ status: 'uncertain' })
      .where(eq(campaignDispatches.number, '5511900000002'));

    const list = await (await t.req('GET', '/Campaign/?searchParam=natal', { token: A.admin.token })).json();
    expect(list).toMatchObject({ count: 1, hasMore: false });
    expect(list.campaigns[0]).toMatchObject({ id, name: 'Natal 2026', status: 'start' });
    const all = await (await t.req('GET', '/Campaign', { token: A.admin.token })).json();
    expect(all.campaigns[0].id).toBe(id);
    expect(all.campaigns.every((c: CampaignDto) => c.companyId === A.company.id)).toBe(true);
    const mine = await (await t.req('GET', `/Campaign?user=${A.agent.user.id}`, { token: A.admin.token })).json();
    expect(mine).toEqual({ campaigns: [], count: 0, hasMore: false });
    expect((await t.req('GET', `/Campaign?user=${B.admin.user.id}`, { token: A.admin.token })).status).toBe(200);
    expect((await t.req('GET', '/Campaign?pageNumber=0', { token: A.admin.token })).status).toBe(400);

    const detail = await (await t.req('GET', `/Campaign/${id}`, { token: A.admin.token })).json();
    expect(detail.campaign).toMatchObject({ id, name: 'Natal 2026' });
    expect(detail.dispatchs).toMatchObject({ count: 25, sentCount: 1, failCount: 1, uncertainCount: 1, hasMore: true });
    expect(detail.dispatchs.campaignDispatches).toHaveLength(20);
    expect(detail.dispatchs.campaignDispatches[0]).toMatchObject({
      number: '5511900000000',
      status: 'sent',
      greeting: true,
      message: true,
      campaignId: id,
    });
    expect(detail.dispatchs.campaignDispatches[1]).toMatchObject({ status: 'sentFail', failReason: 'noWhatsapp' });

    const page2 = await (await t.req('GET', `/CampaignDispatch/${id}?pageNumber=2`, { token: A.admin.token })).json();
    expect(page2).toMatchObject({ count: 25, sentCount: 1, failCount: 1, hasMore: false });
    expect(page2.campaignDispatches.map((d: { number: string }) => d.number)).toEqual(
      numbers(5, 5511900000020).map((n) => n.number),
    );
  });

  test("another company's campaign is a missing one (404); attendants 403; a bad id 400", async () => {
    const id = await createdId(validBody(setupA.id));
    expect((await t.req('GET', `/Campaign/${id}`, { token: B.admin.token })).status).toBe(404);
    expect((await t.req('GET', `/CampaignDispatch/${id}`, { token: B.admin.token })).status).toBe(404);
    expect((await t.req('GET', `/Campaign/${id}`, { token: A.agent.token })).status).toBe(403);
    expect((await t.req('GET', '/Campaign/abc', { token: A.admin.token })).status).toBe(400);
    expect((await t.req('GET', '/Campaign/999999', { token: A.admin.token })).status).toBe(404);
    const listB = await (await t.req('GET', '/Campaign', { token: B.admin.token })).json();
    expect(listB.campaigns.some((c: CampaignDto) => c.id === id)).toBe(false);
  });
});

describe('PUT /campaign/{id} and DELETE /campaign/{id}', () => {
  test("renames and reschedules (the manager's now … +2 months; null clears it back to created)", async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const id = await createdId(validBody(setupA.id, { schedule: at }));
    events.length = 0;
    const later = new Date(Date.now() + 50 * 86_400_000).toISOString();
    const res = await t.req('PUT', `/campaign/${id}`, {
      token: A.admin.token,
      json: { name: 'Renomeada', schedule: later, campaignDispatchs: [] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Renomeada', status: 'scheduled', schedule: later });
    // the engine publishes its schedule move, then the campaigns area the whole change
    expect(events.filter((e) => e.channel === `campaign-${id}`).at(-1)).toMatchObject({
      adminOnly: true,
      data: { action: 'refresh', campaignId: id, status: 'scheduled', counters: { count: 3, pendingCount: 3 } },
    });

    const tooFar = await t.req('PUT', `/campaign/${id}`, {
      token: A.admin.token,
      json: { schedule: new Date(Date.now() + 70 * 86_400_000).toISOString() },
    });
    expect(tooFar.status).toBe(400);
    expect((await tooFar.json()).message).toBe(CAMPAIGN_TEXTS.scheduleTooFarManager);

    const cleared = await t.req('PUT', `/campaign/${id}`, { token: A.admin.token, json: { schedule: null } });
    expect(await cleared.json()).toMatchObject({ status: 'created', schedule: null });

    const other = await makeSetup(A.company.id);
    const moved = await t.req('PUT', `/campaign/${id}`, { token: A.admin.token, json: { campaignSetupId: other.id } });
    expect(await moved.json()).toMatchObject({ campaignSetupId: other.id });
    const foreignSetup = await t.req('PUT', `/campaign/${id}`, {
      token: A.admin.token,
      json: { campaignSetupId: setupB.id },
    });
    expect(foreignSetup.status).toBe(404);
  });

  test('a running campaign is neither edited nor deleted (409); a finalized one is only renamed', async () => {
    const id = await createdId(validBody(setupA.id));
    const edit = await t.req('PUT', `/campaign/${id}`, { token: A.admin.token, json: { name: 'Outra' } });
    expect(edit.status).toBe(409);
    expect(await edit.json()).toMatchObject({
      error: 'ERR_INVALID_CAMPAIGN_TRANSITION',
      message: CAMPAIGN_API_TEXTS.running,
    });
    const del = await t.req('DELETE', `/campaign/${id}`, { token: A.admin.token });
    expect(del.status).toBe(409);

    await db.update(campaigns).set({ status: 'finalized', finalized: new Date() }).where(eq(campaigns.id, id));
    const rename = await t.req('PUT', `/campaign/${id}`, { token: A.admin.token, json: { name: 'Histórico' } });
    expect(await rename.json()).toMatchObject({ name: 'Histórico', status: 'finalized' });
    const resched = await t.req('PUT', `/campaign/${id}`, {
      token: A.admin.token,
      json: { schedule: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(resched.status).toBe(409);
    expect((await resched.json()).message).toBe(CAMPAIGN_API_TEXTS.finalized);
  });

  test('deletes a paused campaign with its rows; cross-tenant 404, attendants 403, bad body 400', async () => {
    const id = await createdId(validBody(pausedSetupA.id));
    expect((await t.req('PUT', `/campaign/${id}`, { token: B.admin.token, json: { name: 'X' } })).status).toBe(404);
    expect((await t.req('DELETE', `/campaign/${id}`, { token: B.admin.token })).status).toBe(404);
    expect((await t.req('DELETE', `/campaign/${id}`, { token: A.agent.token })).status).toBe(403);
    expect((await t.req('PUT', `/campaign/${id}`, { token: A.admin.token, json: { name: '' } })).status).toBe(400);
    expect((await t.req('PUT', `/campaign/${id}`, { token: A.admin.token, body: '[' })).status).toBe(400);
    events.length = 0;
    const res = await t.req('DELETE', `/campaign/${id}`, { token: A.admin.token });
    expect(res.status).toBe(200);
    expect(await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, id))).toEqual([]);
    expect(events.map((e) => [e.channel, e.data])).toEqual([
      [
        `campaign-${id}`,
        {
          action: 'delete',
          campaignId: id,
          counters: { count: 0, sentCount: 0, failCount: 0, uncertainCount: 0, pendingCount: 0, canceledCount: 0 },
        },
      ],
      [`campaigns-${A.company.id}`, { action: 'delete', campaignId: id }],
    ]);
    expect((await t.req('GET', `/Campaign/${id}`, { token: A.admin.token })).status).toBe(404);
  });
});

describe('DELETE /CampaignDispatch/{id}', () => {
  test('takes a contact out (live, with counters); never one being sent (409); cross-tenant 404', async () => {
    const id = await createdId(validBody(pausedSetupA.id));
    const rows = await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, id));
    const [first, second] = rows.sort((a, b) => a.id - b.id);
    if (!first || !second) throw new Error('no rows');
    expect((await t.req('DELETE', `/CampaignDispatch/${first.id}`, { token: B.admin.token })).status).toBe(404);
    expect((await t.req('DELETE', `/CampaignDispatch/${first.id}`, { token: A.agent.token })).status).toBe(403);
    events.length = 0;
    const res = await t.req('DELETE', `/CampaignDispatch/${first.id}`, { token: A.admin.token });
    expect(res.status).toBe(200);
    expect(events.find((e) => e.channel === `campaign-${id}`)?.data).toEqual({
      action: 'delete',
      campaignDispatchId: first.id,
      counters: { count: 2, sentCount: 0, failCount: 0, uncertainCount: 0, pendingCount: 2, canceledCount: 0 },
    });
    expect((await t.req('DELETE', `/CampaignDispatch/${first.id}`, { token: A.admin.token })).status).toBe(404);

    await db.update(campaignDispatches).set({ status: 'claimed' }).where(eq(campaignDispatches.id, second.id));
    const claimed = await t.req('DELETE', `/CampaignDispatch/${second.id}`, { token: A.admin.token });
    expect(claimed.status).toBe(409);
    expect((await claimed.json()).message).toBe(CAMPAIGN_API_TEXTS.dispatchClaimed);
  });
});

describe('POST /api/campaign/v1 (multipart: campaign JSON + messageMedias)', () => {
  const v1 = (token: string, form: FormData) => t.req('POST', '/api/campaign/v1', { token, body: form });

  test('creates with a media message (stored like other media) and answers the new id', async () => {
    const f = new FormData();
    f.append(
      'campaign',
      JSON.stringify({
        name: 'Via API',
        schedule: null,
        messages: [
          { greeting: 'Bom dia', body: 'Veja o folheto', mediaName: 'folheto.png' },
          { greeting: 'Oi', body: 'Só texto aqui' },
        ],
        sendList: [{ number: '5511987650000', name_opcional: 'Ana' }, { number: '5511987650001' }],
      }),
    );
    f.append('campaignSetupId', String(setupA.id));
    f.append('messageMedias', new File([PNG], 'folheto.png', { type: 'image/png' }));
    f.append('messageMedias', new File([], 'vazio'));
    const res = await v1(A.admin.token, f);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.id).toBe('number');
    expect(body).toMatchObject({ status: 'start', dispatchCount: 2 });
    expect(body.campaignMessages[0]).toMatchObject({ typeMessage: 'Mídia', mediaName: 'folheto.png' });
    expect(body.campaignMessages[0].mediaUrl).toMatch(/^\/media\//);
    expect(body.campaignMessages[1]).toMatchObject({ typeMessage: 'Texto', mediaUrl: null });
    const media = await t.req('GET', body.campaignMessages[0].mediaUrl, { token: A.admin.token });
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(PNG);
  });

  test('errors come in `error` (with the spec text): bad JSON, no setup, a missing file, a foreign setup', async () => {
    const form = (campaign: string, setup: string | null, file?: File) => {
      const f = new FormData();
      f.append('campaign', campaign);
      if (setup !== null) f.append('campaignSetupId', setup);
      if (file) f.append('messageMedias', file);
      return f;
    };
    const ok = JSON.stringify({
      name: 'X',
      messages: [{ greeting: 'Oi', body: 'Texto grande' }],
      sendList: [{ number: '5511987650000' }],
    });
    const bad = await v1(A.admin.token, form('{not json', String(setupA.id)));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'ERR_VALIDATION', message: CAMPAIGN_TEXTS.campaignJsonInvalid });
    const noSetup = await v1(A.admin.token, form(ok, null));
    expect((await noSetup.json()).message).toBe(CAMPAIGN_TEXTS.setupRequired);
    const withMedia = JSON.stringify({ ...JSON.parse(ok), messages: [{ greeting: 'Oi', mediaName: 'a.png' }] });
    const noFile = await v1(A.admin.token, form(withMedia, String(setupA.id)));
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).message).toBe(CAMPAIGN_API_TEXTS.mediaMissing);
    const notMedia = await v1(A.admin.token, form(withMedia, String(setupA.id), new File(['MZ...'], 'a.png')));
    expect(notMedia.status).toBe(400);
    expect((await v1(A.admin.token, form(ok, String(setupB.id)))).status).toBe(404);
    expect((await v1(A.agent.token, form(ok, String(setupA.id)))).status).toBe(403);
    expect((await t.req('POST', '/api/campaign/v1', { body: form(ok, String(setupA.id)) })).status).toBe(401);
  });
});

async function sheet(rows: (string | number)[][], header = ['number', 'name_opcional', 'email_opcional']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contatos');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('POST /api/campaign/v1 with sendListFile (ours: the .xlsx in the same request)', () => {
  test("the sheet's contacts join the JSON's list; the dropped counts add up", async () => {
    const f = new FormData();
    f.append(
      'campaign',
      JSON.stringify({
        name: 'Planilha direta',
        messages: [{ greeting: 'Oi', body: 'Mensagem da planilha' }],
        sendList: [{ number: '5511987651111' }],
      }),
    );
    f.append('campaignSetupId', String(pausedSetupA.id));
    const data = await sheet([
      ['5511987652222', 'Bia', 'bia@ex.com'],
      ['5511987651111', 'Repetida', ''],
      ['12', 'Curta', ''],
    ]);
    f.append('sendListFile', new File([data as Uint8Array<ArrayBuffer>], 'lista.xlsx'));
    const res = await t.req('POST', '/api/campaign/v1', { token: A.admin.token, body: f });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ dispatchCount: 2, dropped: { short: 1, duplicates: 1 }, status: 'pause' });
    const rows = await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, body.id));
    expect(rows.map((r) => [r.number, r.name, r.email]).sort()).toEqual([
      ['5511987651111', 'Repetida', null],
      ['5511987652222', 'Bia', 'bia@ex.com'],
    ]);
    const bad = new FormData();
    bad.append('campaign', JSON.stringify({ name: 'X', messages: [{ greeting: 'Oi', body: 'Mensagem' }] }));
    bad.append('campaignSetupId', String(pausedSetupA.id));
    bad.append('sendListFile', new File([new Uint8Array([1, 2, 3])], 'lista.xlsx'));
    const refused = await t.req('POST', '/api/campaign/v1', { token: A.admin.token, body: bad });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Envie uma planilha .xlsx');
  });
});

describe('Excel import (POST /CampaignSendList/import) and the model (GET /CampaignSendList/model)', () => {
  const upload = (token: string, data: Uint8Array, name = 'lista.xlsx') => {
    const f = new FormData();
    f.append('file', new File([data as Uint8Array<ArrayBuffer>], name));
    return t.req('POST', '/CampaignSendList/import', { token, body: f });
  };

  test('reads number, name_opcional, email_opcional: normalised, short and repeated dropped', async () => {
    const data = await sheet([
      ['5511987654321', 'Maria', 'maria@ex.com'],
      [5521998765432, 'João', 'não é email'],
      ['+55 (11) 98765-4321', 'Repetida', ''],
      ['123', 'Curta', ''],
      ['', '', ''],
    ]);
    const res = await upload(A.admin.token, data);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sendList: [
        { number: '5511987654321', name: 'Maria', email: 'maria@ex.com' },
        { number: '5521998765432', name: 'João', email: null },
      ],
      rows: 4,
      short: 1,
      duplicates: 1,
    });
  });

  test('refusals: no number column, not a spreadsheet, attendants; the model opens with the three columns', async () => {
    const noNumber = await upload(A.admin.token, await sheet([['Maria']], ['nome']));
    expect(noNumber.status).toBe(400);
    expect((await noNumber.json()).message).toBe('A planilha precisa da coluna number (veja o modelo)');
    const notXlsx = await upload(A.admin.token, new Uint8Array([1, 2, 3]));
    expect(notXlsx.status).toBe(400);
    expect((await notXlsx.json()).message).toBe('Envie uma planilha .xlsx');
    expect((await upload(A.agent.token, await sheet([]))).status).toBe(403);

    const model = await t.req('GET', '/CampaignSendList/model', { token: A.admin.token });
    expect(model.status).toBe(200);
    expect(model.headers.get('content-disposition')).toContain('modelo-campanha.xlsx');
    const bytes = await model.arrayBuffer();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    expect(wb.worksheets[0]?.getRow(1).values).toEqual([undefined, 'number', 'name_opcional', 'email_opcional']);
    // the model imports back
    const back = await upload(A.admin.token, new Uint8Array(bytes));
    expect((await back.json()).sendList).toHaveLength(2);
  });
});

describe('the counters (campaign_dispatch_counts, kept by the database)', () => {
  test('equal the rows after bulk inserts, single and bulk moves, deletes and a campaign deleted', async () => {
    const id = await createdId({ ...validBody(pausedSetupA.id), sendList: numbers(40, 5511800000000) });
    const truth = async () => {
      const rows = await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, id));
      const n = (s: string) => rows.filter((r) => r.status === s).length;
      return {
        count: rows.length,
        sentCount: n('sent'),
        failCount: n('sentFail'),
        uncertainCount: n('uncertain'),
        pendingCount: n('pending') + n('claimed'),
        canceledCount: n('canceled'),
      };
    };
    const served = async () => {
      const b = await (await t.req('GET', `/CampaignDispatch/${id}`, { token: A.admin.token })).json();
      const { count, sentCount, failCount, uncertainCount, pendingCount, canceledCount } = b;
      return { count, sentCount, failCount, uncertainCount, pendingCount, canceledCount };
    };
    expect(await served()).toEqual(await truth());
    const rows = (await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, id))).sort(
      (a, b) => a.id - b.id,
    );
    const ids = rows.map((r) => r.id);
    // the engine's kind of moves: one row at a time, and many at once (Concluir cancels the rest)
    await db
      .update(campaignDispatches)
      .set({ status: 'claimed' })
      .where(eq(campaignDispatches.id, ids[0] as number));
    await db
      .update(campaignDispatches)
      .set({ status: 'sent' })
      .where(eq(campaignDispatches.id, ids[0] as number));
    await db
      .update(campaignDispatches)
      .set({ status: 'sentFail' })
      .where(eq(campaignDispatches.id, ids[1] as number));
    await db
      .update(campaignDispatches)
      .set({ status: 'uncertain' })
      .where(eq(campaignDispatches.id, ids[2] as number));
    await db
      .update(campaignDispatches)
      .set({ status: 'canceled' })
      .where(inArray(campaignDispatches.id, ids.slice(10, 30)));
    // a no-op update and a name change move nothing
    await db.update(campaignDispatches).set({ name: 'X' }).where(eq(campaignDispatches.campaignId, id));
    expect(await served()).toEqual(await truth());
    expect((await t.req('DELETE', `/CampaignDispatch/${ids[5]}`, { token: A.admin.token })).status).toBe(200);
    expect(await served()).toEqual(await truth());
    expect(await served()).toMatchObject({
      count: 39,
      sentCount: 1,
      failCount: 1,
      uncertainCount: 1,
      canceledCount: 20,
    });
    // another campaign's rows never count here; deleting the campaign takes its counts along
    const other = await createdId({ ...validBody(pausedSetupA.id), sendList: numbers(7, 5511700000000) });
    expect(await served()).toEqual(await truth());
    expect((await t.req('DELETE', `/campaign/${id}`, { token: A.admin.token })).status).toBe(200);
    expect(await db.select().from(campaignDispatchCounts).where(eq(campaignDispatchCounts.campaignId, id))).toEqual([]);
    const left = await db.select().from(campaignDispatchCounts).where(eq(campaignDispatchCounts.campaignId, other));
    expect(left.map((r) => [r.status, r.n])).toEqual([['pending', 7]]);
  });
});
