import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { companies, messages, plans, whatsapps } from '../../db/schema';
import { configureSseHubs } from '../../platform/events/sse';
import { readSse } from '../../platform/events/sse-test-reader';
import { makeCompany, makeTenant, makeUser } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { ingestChannelEvent } from '../pipeline/pipeline.ingest';

let t: TestApp;
let master: { token: string; companyId: number };
let other: Awaited<ReturnType<typeof makeTenant>>;

beforeAll(async () => {
  configureSseHubs({ heartbeatMs: 200 });
  t = await setupTestApp();
  await startChannels(t);
  const home = await makeTenant();
  const m = await makeUser(home.company.id, { profile: 'admin', master: true });
  master = { token: m.token, companyId: home.company.id };
  other = await makeTenant();
}, 60_000);
afterAll(async () => {
  configureSseHubs({});
  await t.close();
});

const db = () => t.platform.dbh.db;
async function call(method: string, path: string, token: string | undefined, json?: unknown) {
  const res = await t.req(method, path, { token, json });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${++seq}`;

async function createPlan(body: Record<string, unknown>) {
  const r = await call('POST', '/plan', master.token, { name: `Plano ${uniq()}`, ...body });
  expect(r.status).toBe(201);
  return r.body as { id: number } & Record<string, unknown>;
}
async function createCompany(body: Record<string, unknown> = {}) {
  const email = `dono-${uniq()}@empresa.test`;
  const r = await call('POST', '/company', master.token, {
    name: `Empresa ${uniq()}`,
    email,
    userName: 'Dona da Empresa',
    passwordDefault: 'senha123',
    ...body,
  });
  expect(r.status).toBe(201);
  return { company: r.body as Record<string, any> & { id: number }, email, password: 'senha123' };
}
const login = (email: string, password: string) => call('POST', '/auth/login', undefined, { email, password });

describe('master-only routes', () => {
  test('a company admin and an agent get 403 ERR_NO_PERMISSION; another company is a 404', async () => {
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [method, path, body] of [
        ['GET', '/company', undefined],
        ['POST', '/company', { name: 'X Empresa', email: 'x@x.test', userName: 'Xis', passwordDefault: 'senha123' }],
        ['DELETE', `/company/${master.companyId}`, undefined],
        ['GET', '/plan', undefined],
        ['POST', '/plan', { name: 'Plano X' }],
      ] as const) {
        const r = await call(method, path, token, body);
        expect({ path, status: r.status, error: r.body?.error }).toEqual({
          path,
          status: 403,
          error: 'ERR_NO_PERMISSION',
        });
      }
      for (const path of [`/company/${master.companyId}`, `/companyPlan/${master.companyId}`]) {
        expect((await call('GET', path, token)).status).toBe(404);
      }
    }
  });
});

describe('companies', () => {
  test('create with its first admin on a plan: flags and limits copied, the admin logs in', async () => {
    const plan = await createPlan({
      numberAttendants: 4,
      numberConnections: 2,
      enableCampaigns: true,
      enableFlows: false,
    });
    const { company, email, password } = await createCompany({
      planId: plan.id,
      documentNumber: '12.ABC.345/01DE-35',
      address: { cep: '01310-100', street: 'Avenida Paulista', city: 'São Paulo', state: 'SP' },
    });
    expect(company).toMatchObject({
      planId: plan.id,
      planName: plan.name,
      numberAttendants: 4,
      numberConections: 2,
      enableCampaigns: true,
      enableFlows: false,
      status: 1,
      documentNumber: '12ABC34501DE35',
      userName: 'Dona da Empresa',
      usersCount: 1,
      trial: { state: 'none' },
    });
    expect(company.address).toMatchObject({ street: 'Avenida Paulista', country: 'Brasil' });
    const res = await login(email, password);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ profile: 'admin', payPanelAccess: true, master: 0, companyId: company.id });
    expect(res.body.user.userAuthorization.name).toBe('Administradores');
  });

  test('validation: the spec texts, duplicate login refused', async () => {
    const base = { name: 'Empresa Válida', email: 'valida@empresa.test', userName: 'Val', passwordDefault: 'senha123' };
    const bad = async (patch: Record<string, unknown>) =>
      (await call('POST', '/company', master.token, { ...base, ...patch })).body;
    expect((await bad({ documentNumber: '529.982.247-26' })).message).toBe('CPF invalido');
    expect((await bad({ documentNumber: '1234567890' })).message).toBe(
      'O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos',
    );
    expect((await bad({ documentNumber: '123456789012' })).message).toBe('O CNPJ deve conter 14 dígitos');
    expect((await bad({ name: '' })).message).toBe('Nome é obrigatório');
    expect((await bad({ email: 'nada' })).message).toBe('Email é inválido');
    const { email } = await createCompany();
    const dup = await call('POST', '/company', master.token, { ...base, email });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    expect((await call('POST', '/company', master.token, { ...base, planId: 999999 })).status).toBe(404);
  });

  test('list with search and pages (hasMore), get, update every field', async () => {
    const tag = uniq();
    for (let i = 0; i < 22; i++) await makeCompany({ name: `Lista ${tag} ${String(i).padStart(2, '0')}` });
    const p1 = await call('GET', `/company?searchParam=${encodeURIComponent(`LISTA ${tag}`)}`, master.token);
    expect(p1.status).toBe(200);
    expect(p1.body.company).toHaveLength(20);
    expect(p1.body).toMatchObject({ hasMore: true, count: 22 });
    const p2 = await call('GET', `/company?searchParam=lista%20${tag}&pageNumber=2`, master.token);
    expect(p2.body.company.map((c: { name: string }) => c.name)).toEqual([`Lista ${tag} 20`, `Lista ${tag} 21`]);
    expect(p2.body.hasMore).toBe(false);

    const { company } = await createCompany();
    const put = await call('PUT', `/company/${company.id}`, master.token, {
      name: 'Empresa Editada',
      companyName: 'Editada Ltda',
      slogan: 'Slogan',
      documentNumber: '529.982.247-25',
      inscrMunicipal: '123',
      inscrEstadual: '456',
      emailsOfNotifications: 'a@b.test',
      whatsappsOfNotifications: '5511999990000',
      address: {
        cep: '20040-020',
        street: 'Rua',
        numberAddress: '10',
        complement: 'sala 2',
        district: 'Centro',
        city: 'Rio',
        state: 'RJ',
        country: 'Brasil',
      },
      observation: 'obs',
      numberAttendants: 9,
      numberConections: 3,
      enableBots: false,
      campaignSendLimitPerHour: 120,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'Empresa Editada',
      documentNumber: '52998224725',
      numberAttendants: 9,
      numberConections: 3,
      enableBots: false,
      campaignSendLimitPerHour: 120,
      address: { district: 'Centro', country: 'Brasil' },
    });
    expect((await call('GET', `/company/${company.id}`, master.token)).body.name).toBe('Empresa Editada');
  });

  test('a payPanelAccess user: own company only, descriptive fields only, public plans only', async () => {
    const pub = await createPlan({ isPublic: true, numberAttendants: 7, value1Month: 50 });
    const priv = await createPlan({ isPublic: false });
    const { company } = await createCompany();
    const u = await makeUser(company.id, { profile: 'admin', payPanelAccess: true });
    expect((await call('GET', `/company/${company.id}`, u.token)).status).toBe(200);
    expect((await call('GET', `/company/${other.company.id}`, u.token)).status).toBe(404);
    expect((await call('PUT', `/company/${company.id}`, u.token, { slogan: 'Nosso slogan' })).body.slogan).toBe(
      'Nosso slogan',
    );
    for (const patch of [
      { status: 0 },
      { numberAttendants: 99 },
      { enableCampaigns: true },
      { emailsOfNotifications: 'outro@empresa.test' },
      { whatsappsOfNotifications: '5511988887777' },
    ]) {
      const r = await call('PUT', `/company/${company.id}`, u.token, patch);
      expect({ patch, status: r.status, error: r.body.error }).toEqual({
        patch,
        status: 403,
        error: 'ERR_NO_PERMISSION',
      });
    }
    // the unchanged value the form sends back is fine
    expect((await call('PUT', `/company/${company.id}`, u.token, { status: 1, slogan: 'x' })).status).toBe(200);

    const list = await call('GET', '/plan', u.token);
    expect(list.status).toBe(200);
    const ids = list.body.plans.map((p: { id: number }) => p.id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(priv.id);
    const seen = list.body.plans.find((p: { id: number }) => p.id === pub.id);
    for (const hidden of [
      'value1Month',
      'value1MonthBrl',
      'enableCampaigns',
      'campaignSendLimitPerHour',
      'automaticInvoice',
      'highlighted',
    ])
      expect(seen).not.toHaveProperty(hidden);
    expect((await call('GET', `/plan/${priv.id}`, u.token)).status).toBe(404);
    expect((await call('PUT', `/plan/${pub.id}`, u.token, { name: 'Meu' })).status).toBe(403);

    expect((await call('POST', `/savePlanInCompany/${company.id}/${priv.id}`, u.token)).status).toBe(404);
    expect((await call('POST', `/savePlanInCompany/${other.company.id}/${pub.id}`, u.token)).status).toBe(404);
    const saved = await call('POST', `/savePlanInCompany/${company.id}/${pub.id}`, u.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ planId: pub.id, numberAttendants: 7 });
    const plansOf = await call('GET', `/companyPlan/${company.id}`, u.token);
    expect(plansOf.body).toEqual([expect.objectContaining({ id: pub.id, value1MonthBrl: 'R$ 50,00' })]);
  });
});

describe('plans', () => {
  test('create with the spec defaults, master fields, update, public list, delete', async () => {
    const plan = await createPlan({
      value1Month: '100,00',
      value3Months: 90,
      value6Months: 80,
      value12Months: 70,
      highlighted: 1,
    });
    expect(plan).toMatchObject({
      numberAttendants: 1,
      numberConnections: 1,
      status: true,
      billingType: 'PIX',
      recurrence: 'months3',
      campaignSendLimitPerHour: 0,
      enableCampaigns: false,
      enableReports: true,
      enableFlows: true,
      value1Month: 100,
      valueTotal3MonthsBrl: 'R$ 270,00',
      value12MonthsDiscountBrl: 'R$ 360,00',
      highlighted: 1,
    });
    const upd = await call('PUT', `/plan/${plan.id}`, master.token, { name: 'Plano Ouro', status: 0 });
    expect(upd.body).toMatchObject({ name: 'Plano Ouro', status: false });
    expect((await call('POST', '/plan', master.token, { name: 'P' })).body.message).toBe('Too Short!');
    expect((await call('POST', '/plan', master.token, { name: 'Plano', numberAttendants: 'dois' })).status).toBe(400);

    const pub = await call('GET', '/publicplan', undefined);
    expect(pub.status).toBe(200);
    expect(pub.body.map((p: { id: number }) => p.id)).not.toContain(plan.id); // inactive
    await call('PUT', `/plan/${plan.id}`, master.token, { status: 1 });
    const shown = (await call('GET', '/publicplan', undefined)).body.find((p: { id: number }) => p.id === plan.id);
    expect(shown).toMatchObject({ name: 'Plano Ouro', value3MonthsBrl: 'R$ 90,00', highlighted: 1 });
    expect(shown).not.toHaveProperty('companyId');

    expect((await call('DELETE', `/plan/${plan.id}`, master.token)).status).toBe(200);
    expect((await call('GET', `/plan/${plan.id}`, master.token)).status).toBe(404);
  });
});

describe('live plan-{companyId}', () => {
  test("create, update and delete reach the acting master company's administrators", async () => {
    const res = await t.req('GET', '/events', { token: master.token });
    expect(res.status).toBe(200);
    const stream = readSse(res);
    await stream.nextEvent();
    const plan = await createPlan({ value1Month: 10 });
    await call('PUT', `/plan/${plan.id}`, master.token, { slogan: 'Novo' });
    await call('DELETE', `/plan/${plan.id}`, master.token);
    const channel = `plan-${master.companyId}`;
    const got = await stream.until((f) => f.event === channel && f.data?.action === 'delete', 5000);
    const mine = got.filter((f) => f.event === channel);
    expect(mine.map((f) => f.data.action)).toEqual(['create', 'update', 'delete']);
    expect(mine[1].data.plan).toMatchObject({ id: plan.id, slogan: 'Novo' });
    expect(mine[2].data).toEqual({ action: 'delete', planId: plan.id });
    await stream.close();
  });
});

describe('limits on the server', () => {
  test('the N+1th user and connection are refused; without a plan, ERR_NO_COMPANY_PLAN', async () => {
    const plan = await createPlan({ numberAttendants: 2, numberConnections: 1 });
    const { company, email, password } = await createCompany({ planId: plan.id });
    const admin = (await login(email, password)).body.token as string;
    const user = (n: number) => ({ name: `Usuário ${n}`, email: `u${n}-${uniq()}@empresa.test`, password: 'senha123' });
    expect((await call('POST', '/users', admin, user(1))).status).toBe(201);
    const third = await call('POST', '/users', admin, user(2));
    expect(third).toMatchObject({ status: 403, body: { error: 'ERR_NO_LIMIT_USER' } });
    expect((await call('POST', '/whatsapp', admin, { name: 'Primeira', lib: 'simulator' })).status).toBe(200);
    const second = await call('POST', '/whatsapp', admin, { name: 'Segunda', lib: 'simulator' });
    expect(second).toMatchObject({ status: 403, body: { error: 'ERR_NO_LIMIT_WHATSAPP' } });

    // raising the limit (saving a bigger plan) lets the next one in
    const bigger = await createPlan({ numberAttendants: 3, numberConnections: 2 });
    await call('POST', `/savePlanInCompany/${company.id}/${bigger.id}`, master.token);
    expect((await call('POST', '/users', admin, user(3))).status).toBe(201);

    // the plan is deleted: the company keeps its limits but has no plan
    expect((await call('DELETE', `/plan/${bigger.id}`, master.token)).status).toBe(200);
    expect((await call('GET', `/company/${company.id}`, master.token)).body).toMatchObject({
      planId: null,
      numberAttendants: 3,
    });
    const noPlanUser = await call('POST', '/users', admin, user(4));
    expect(noPlanUser).toMatchObject({ status: 403, body: { error: 'ERR_NO_COMPANY_PLAN' } });
    const noPlanConn = await call('POST', '/whatsapp', admin, { name: 'Terceira', lib: 'simulator' });
    expect(noPlanConn).toMatchObject({ status: 403, body: { error: 'ERR_NO_COMPANY_PLAN' } });
  });
});

describe("'Empresa Ativada' off", () => {
  test('its users cannot log in, open sessions end (API and live stream), WhatsApp sessions stop; on again, they resume', async () => {
    const { company, email, password } = await createCompany({ numberConections: 3 });
    const first = await login(email, password);
    const token = first.body.token as string;
    const connId = await connectedSimulator(t, token);
    // a connection its admin disconnected stays so after the reactivation
    const byHand = await connectedSimulator(t, token);
    expect((await call('DELETE', `/whatsappsession/${byHand}`, token)).status).toBe(200);
    const statusOf = async (id: number) => (await db().select().from(whatsapps).where(eq(whatsapps.id, id)))[0].status;
    const res = await t.req('GET', '/events', { token });
    expect(res.status).toBe(200);
    const stream = readSse(res);
    await stream.nextEvent();

    const off = await call('PUT', `/company/${company.id}`, master.token, { status: 0 });
    expect(off.body.status).toBe(0);
    expect(await stream.ended(5000)).toBe(true);
    const again = await call('GET', '/tickets', token);
    expect(again.status).toBe(403);
    expect(['ERR_SESSION_EXPIRED', 'ERR_COMPANY_INACTIVE']).toContain(again.body.error);
    const relog = await login(email, password);
    expect(relog).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_CREDENTIALS', message: 'Empresa desativada.' },
    });
    await waitFor(async () => {
      const [w] = await db().select().from(whatsapps).where(eq(whatsapps.id, connId));
      return w.status === 'DISCONNECTED';
    });

    // inbound messages are still logged: an event that reaches the pipeline for the inactive company is written to
    // the raw log and processed into its ticket (nothing is dropped while the company is off)
    await ingestChannelEvent(company.id, connId, {
      kind: 'message',
      msg: {
        id: `WAMSG${uniq()}`,
        remoteJid: '5511977770001@s.whatsapp.net',
        pushName: 'Cliente',
        fromMe: false,
        timestamp: Math.floor(Date.now() / 1000),
        type: 'chat',
        body: 'Oi, ainda estão aí?',
        raw: {},
      },
    });
    await waitFor(async () => {
      const rows = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, company.id), eq(messages.body, 'Oi, ainda estão aí?')));
      return rows.length === 1;
    });

    // the master switches it on again: its users log in again, the session the deactivation stopped is CONNECTED
    // again (paired: no QR code), the one disconnected by hand is not started
    expect((await call('PUT', `/company/${company.id}`, master.token, { status: 1 })).body.status).toBe(1);
    expect((await login(email, password)).status).toBe(200);
    await waitFor(async () => (await statusOf(connId)) === 'CONNECTED');
    expect(await statusOf(byHand)).toBe('DISCONNECTED');
    // a master may switch their own company off (spec 3 §6, the own-company form): they keep working, its other
    // users are out
    const own = await call('PUT', `/company/${master.companyId}`, master.token, { status: 0 });
    expect(own).toMatchObject({ status: 200, body: { status: 0 } });
    expect((await call('GET', '/company', master.token)).status).toBe(200);
    expect((await call('GET', `/company/${master.companyId}`, master.token)).status).toBe(200);
    expect((await call('PUT', `/company/${master.companyId}`, master.token, { status: 1 })).body.status).toBe(1);
  });
});

describe('plan defaults in the database', () => {
  test('a company created by the master without a plan is on the standard plan', async () => {
    const { company } = await createCompany();
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    const [std] = await db().select().from(plans).where(eq(plans.id, row.planId!));
    expect(std.isStandard).toBe(true);
  });
});
