import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_GROUPS, DEFAULT_QUEUES } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies, plans, queues, userAuthorizations, userQueues, users } from '../../db/schema';
import { makeCompany, makeQueue } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { ensureCompanyDefaults, ensureStandardPlan } from './defaults.service';
import { DEMO, seedDemo, seedDemoOnFirstStart } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());
const db = () => t.platform.dbh.db;

describe('seedDemoOnFirstStart', () => {
  // runs first: the cloned test database has no company yet
  test('never in production; once on an empty database; never again', async () => {
    expect(await seedDemoOnFirstStart({ production: true })).toBe(false);
    expect((await db().select().from(companies)).length).toBe(0);
    expect(await seedDemoOnFirstStart({ production: false })).toBe(true);
    expect(await seedDemoOnFirstStart({ production: false })).toBe(false);
    // the Demo company and the SaaS demo's client companies (issue 20)
    const all = await db().select().from(companies);
    expect(all.map((c) => c.name).sort()).toEqual(['Clínica Sorriso', 'Demo', 'Loja Antiga', 'Padaria Pão Quente']);
    expect(all.find((c) => c.name === 'Loja Antiga')?.status).toBe(false);
    expect(all.find((c) => c.name === 'Padaria Pão Quente')?.trialEndsAt).toBeInstanceOf(Date);
    const demoPlans = await db().select().from(plans).where(eq(plans.isPublic, true));
    expect(demoPlans.map((p) => p.name).sort()).toEqual(['Básico', 'Empresarial', 'Profissional']);
    expect(demoPlans.find((p) => p.name === 'Profissional')).toMatchObject({ highlighted: 1, value1Month: '199.90' });
    expect(all.find((c) => c.name === 'Clínica Sorriso')).toMatchObject({
      planId: demoPlans.find((p) => p.name === 'Profissional')?.id,
      numberAttendants: 5,
      enableCampaigns: true,
    });
    const login = await t.req('POST', '/auth/login', {
      json: { email: 'contato@sorriso.demo.local', password: 'demo1234' },
    });
    expect(login.status).toBe(200);
  });
});

describe('seedDemo', () => {
  test('company Demo with every plan feature, defaults, master admin and the attendant in Suporte', async () => {
    const { company, admin, agent } = await seedDemo();
    expect(company).toMatchObject({
      name: 'Demo',
      enableCampaigns: true,
      enableFlows: true,
      iaIntegrationEnabled: true,
      enableApi: true,
      enableBots: true,
      enableSchedules: true,
      enableReports: true,
      enableDashboard: true,
    });
    expect(company.numberAttendants).toBeGreaterThanOrEqual(10);
    const groups = await db().select().from(userAuthorizations).where(eq(userAuthorizations.companyId, company.id));
    const qs = await db().select().from(queues).where(eq(queues.companyId, company.id));
    const groupName = (id: number | null) => groups.find((g) => g.id === id)?.name;
    expect(admin).toMatchObject({ email: DEMO.admin.email, profile: 'admin', master: true, payPanelAccess: true });
    expect(groupName(admin.userAuthorizationId)).toBe('Administradores');
    expect(agent).toMatchObject({ email: DEMO.agent.email, profile: 'user', master: false });
    expect(groupName(agent.userAuthorizationId)).toBe('Operacionais');
    const agentQueues = await db().select().from(userQueues).where(eq(userQueues.userId, agent.id));
    expect(agentQueues.map((r) => qs.find((q) => q.id === r.queueId)?.name)).toEqual(['Suporte']);
    const adminQueues = await db().select().from(userQueues).where(eq(userQueues.userId, admin.id));
    expect(adminQueues.length).toBe(3);
  });

  test('is idempotent and the demo logins work', async () => {
    await seedDemo();
    await seedDemo();
    expect((await db().select().from(companies).where(eq(companies.name, 'Demo'))).length).toBe(1);
    const demoUsers = await db().select().from(users);
    expect(demoUsers.filter((u) => u.email.endsWith('@demo.local')).length).toBe(2);
    for (const who of [DEMO.admin, DEMO.agent]) {
      const res = await t.req('POST', '/auth/login', { json: { email: who.email, password: who.password } });
      expect(res.status).toBe(200);
    }
    const res = await t.req('POST', '/auth/login', { json: DEMO.admin });
    const { user } = await res.json();
    expect(user).toMatchObject({ master: 1, payPanelAccess: true, profile: 'admin' });
  });
});

describe('ensureCompanyDefaults', () => {
  test('creates Financeiro/Vendas/Suporte (green, blue, orange) and the three groups', async () => {
    const c = await makeCompany();
    const created = await ensureCompanyDefaults(c.id);
    expect(created.queues.map((q) => [q.name, q.color])).toEqual(DEFAULT_QUEUES.map((q) => [q.name, q.color]));
    const groups = await db().select().from(userAuthorizations).where(eq(userAuthorizations.companyId, c.id));
    expect(groups.map((g) => g.name).sort()).toEqual(['Administradores', 'Gerentes', 'Operacionais']);
    const admins = groups.find((g) => g.name === 'Administradores')!;
    expect(admins).toMatchObject(DEFAULT_GROUPS[0].flags);
    const ops = groups.find((g) => g.name === 'Operacionais')!;
    expect(ops).toMatchObject({ enableAdministration: false, enableDash: false });
  });

  test('is idempotent, also under concurrent calls', async () => {
    const c = await makeCompany();
    await Promise.all([ensureCompanyDefaults(c.id), ensureCompanyDefaults(c.id), ensureCompanyDefaults(c.id)]);
    await ensureCompanyDefaults(c.id);
    expect((await db().select().from(queues).where(eq(queues.companyId, c.id))).length).toBe(3);
    expect((await db().select().from(userAuthorizations).where(eq(userAuthorizations.companyId, c.id))).length).toBe(3);
  });

  test('a company with its own queues keeps them and gets no default queues', async () => {
    const c = await makeCompany();
    await makeQueue(c.id, { name: 'Minha' });
    const created = await ensureCompanyDefaults(c.id);
    expect(created.queues).toEqual([]);
    expect((await db().select().from(queues).where(eq(queues.companyId, c.id))).map((q) => q.name)).toEqual(['Minha']);
  });
});

describe('ensureStandardPlan', () => {
  test('one standard plan with the spec 3 §9 defaults, created once', async () => {
    const [a, b] = await Promise.all([ensureStandardPlan(), ensureStandardPlan()]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({
      isStandard: true,
      numberAttendants: 1,
      numberConnections: 1,
      status: true,
      billingType: 'PIX',
      campaignSendLimitPerHour: 0,
      enableCampaigns: false,
      enableReports: true,
    });
    expect((await db().select().from(plans).where(eq(plans.isStandard, true))).length).toBe(1);
  });
});
