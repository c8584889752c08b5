import { CompanyCreateInput, PlanCreateInput } from '@zapdesk/core';
import type { z } from 'zod';
import { invalidateActors } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import { now } from '../../platform/clock';
import { log } from '../../platform/log';
import {
  allowNoQueueInGroup,
  companyValuesFromPlan,
  findGroupByName,
  findQueueByName,
  insertCompany,
  insertUserWithQueues,
  listQueueIds,
  unsafeCountCompanies,
  unsafeFindCompanyByName,
  unsafeFindUserByEmail,
  updateCompanyRow,
} from './defaults.repo';
import { ensureCompanyDefaults, ensureStandardPlan } from './defaults.service';
import { createCompanyOnPlan, insertPlanWithDefaults, setCompanyActive, setPlanPublic } from './saas.service';

export const DEMO = {
  companyName: 'Demo',
  admin: { name: 'Administrador', email: 'admin@demo.local', password: 'demo1234' },
  agent: { name: 'Atendente', email: 'agent@demo.local', password: 'demo1234' },
} as const;

/**
 * The demo tenant: company "Demo" with every plan feature and generous limits, the default queues and groups,
 * a master admin (admin@demo.local, Administradores, every queue, payPanelAccess) and an attendant
 * (agent@demo.local, profile user, Operacionais, queue Suporte). The demo's Operacionais may see tickets without a
 * queue: the demo connection serves every queue, so a customer's first message lands without one, and the
 * attendant must see it on a first try (issue 12 point 12). Idempotent: existing rows are kept as they are
 * (a changed password is not reset). Other areas add their demo data after it (e.g. the 'Principal' connection).
 */
export async function seedDemo() {
  const plan = await ensureStandardPlan();
  let company = await unsafeFindCompanyByName(DEMO.companyName);
  if (!company) {
    company = await insertCompany({
      ...companyValuesFromPlan(plan),
      name: DEMO.companyName,
      companyName: 'Demo Atendimento Ltda',
      slogan: 'Atendimento pelo WhatsApp',
      email: DEMO.admin.email,
      numberAttendants: 50,
      numberConections: 10,
      enableReports: true,
      enableDashboard: true,
      enableCampaigns: true,
      enableSchedules: true,
      enableApi: true,
      enableBots: true,
      enableFlows: true,
      iaIntegrationEnabled: true,
      campaignSendLimitPerHour: 1000,
    });
  }
  const companyId = company.id;
  await ensureCompanyDefaults(companyId);

  let admin = await unsafeFindUserByEmail(DEMO.admin.email);
  if (!admin) {
    const group = await findGroupByName(companyId, 'Administradores');
    admin = await insertUserWithQueues(
      {
        companyId,
        name: DEMO.admin.name,
        email: DEMO.admin.email,
        passwordHash: await hashPassword(DEMO.admin.password),
        profile: 'admin',
        master: true,
        payPanelAccess: true,
        userAuthorizationId: group?.id ?? null,
        showAllTickets: true,
      },
      await listQueueIds(companyId),
    );
  }

  let agent = await unsafeFindUserByEmail(DEMO.agent.email);
  if (!agent) {
    const group = await findGroupByName(companyId, 'Operacionais');
    if (group) await allowNoQueueInGroup(companyId, group.id);
    const suporte = await findQueueByName(companyId, 'Suporte');
    agent = await insertUserWithQueues(
      {
        companyId,
        name: DEMO.agent.name,
        email: DEMO.agent.email,
        passwordHash: await hashPassword(DEMO.agent.password),
        profile: 'user',
        userAuthorizationId: group?.id ?? null,
      },
      suporte ? [suporte.id] : [],
    );
  }
  invalidateActors();
  return { company, admin, agent };
}

/** The demo's plans (issue 20): three public ones, 'Profissional' highlighted as the biggest. */
export const DEMO_PLANS: z.input<typeof PlanCreateInput>[] = [
  {
    name: 'Básico',
    slogan: 'Para começar a atender pelo WhatsApp',
    description: 'Uma conexão e dois atendentes, filas ilimitadas, relatórios e agendamentos.',
    numberAttendants: 2,
    numberConnections: 1,
    isPublic: true,
    highlighted: 0,
    value1Month: 99.9,
    value3Months: 89.9,
    value6Months: 84.9,
    value12Months: 79.9,
  },
  {
    name: 'Profissional',
    slogan: 'O mais escolhido',
    description: 'Três conexões, cinco atendentes, campanhas (500 envios por hora), chatbots e fluxos.',
    numberAttendants: 5,
    numberConnections: 3,
    enableCampaigns: true,
    campaignSendLimitPerHour: 500,
    isPublic: true,
    highlighted: 1,
    value1Month: 199.9,
    value3Months: 179.9,
    value6Months: 169.9,
    value12Months: 149.9,
  },
  {
    name: 'Empresarial',
    slogan: 'Para equipes grandes',
    description: 'Dez conexões, vinte atendentes, campanhas sem limite por hora, API e IA.',
    numberAttendants: 20,
    numberConnections: 10,
    enableCampaigns: true,
    isPublic: true,
    highlighted: 2,
    value1Month: 499.9,
    value3Months: 449.9,
    value6Months: 429.9,
    value12Months: 399.9,
  },
];

/** Client companies on those plans, so /companies and /plans show data (one in trial, one deactivated). */
export const DEMO_COMPANIES = [
  {
    plan: 'Básico',
    trialDays: 10,
    input: {
      name: 'Padaria Pão Quente',
      email: 'contato@padaria.demo.local',
      userName: 'Joana Padeira',
      passwordDefault: 'demo1234',
      documentNumber: '52998224725',
      address: { cep: '01310-100', street: 'Avenida Paulista', numberAddress: '1000', city: 'São Paulo', state: 'SP' },
    },
  },
  {
    plan: 'Profissional',
    input: {
      name: 'Clínica Sorriso',
      companyName: 'Clínica Sorriso Odontologia Ltda',
      email: 'contato@sorriso.demo.local',
      userName: 'Dr. Paulo',
      passwordDefault: 'demo1234',
      documentNumber: '11222333000181',
      address: {
        cep: '20040-020',
        street: 'Rua da Assembleia',
        numberAddress: '10',
        city: 'Rio de Janeiro',
        state: 'RJ',
      },
    },
  },
  {
    plan: 'Empresarial',
    inactive: true,
    input: {
      name: 'Loja Antiga',
      email: 'contato@lojaantiga.demo.local',
      userName: 'Marcos Lojista',
      passwordDefault: 'demo1234',
      documentNumber: '12ABC34501DE35',
    },
  },
] as const;

/** The demo's SaaS data: plans and client companies (first start only: a master may delete them). */
export async function seedDemoSaas(): Promise<void> {
  // the standard plan (R$ 0,00, what a company made without a plan gets) stays off the demo's store
  await setPlanPublic((await ensureStandardPlan()).id, false);
  const plans = new Map<string, number>();
  for (const p of DEMO_PLANS) plans.set(p.name, (await insertPlanWithDefaults(PlanCreateInput.parse(p))).id);
  for (const c of DEMO_COMPANIES) {
    if (await unsafeFindUserByEmail(c.input.email)) continue;
    const company = await createCompanyOnPlan(CompanyCreateInput.parse({ ...c.input, planId: plans.get(c.plan) }));
    if ('trialDays' in c)
      await updateCompanyRow(company.id, { trialEndsAt: new Date(now() + c.trialDays * 86_400_000) });
    if ('inactive' in c) await setCompanyActive(company.id, false);
  }
}

/** First embedded start: seed the demo when there is no company yet (never in production). */
export async function seedDemoOnFirstStart(opts: { production: boolean }): Promise<boolean> {
  if (opts.production) return false;
  if ((await unsafeCountCompanies()) > 0) return false;
  await seedDemo();
  await seedDemoSaas();
  log.info('demo company seeded (admin@demo.local / agent@demo.local, password demo1234)');
  return true;
}
