import { invalidateActors } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
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
} from './defaults.repo';
import { ensureCompanyDefaults, ensureStandardPlan } from './defaults.service';

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

/** First embedded start: seed the demo when there is no company yet (never in production). */
export async function seedDemoOnFirstStart(opts: { production: boolean }): Promise<boolean> {
  if (opts.production) return false;
  if ((await unsafeCountCompanies()) > 0) return false;
  await seedDemo();
  log.info('demo company seeded (admin@demo.local / agent@demo.local, password demo1234)');
  return true;
}
