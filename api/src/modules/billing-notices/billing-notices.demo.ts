import { localDay, SUBSCRIPTION_FLAG_DEFAULTS } from '@zapdesk/core';
import { now } from '../../platform/clock';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { demoCompanyIdByName } from '../billing/billing.service';
import { platformCompanyId } from '../lookups/lookups.service';
import { markNotificationCenter, notificationCenterWhatsapp } from '../whatsapp/whatsapp.service';
import { seedDemoSimulatorConnection } from '../whatsapp/whatsapp.startup';
import { runDailySweep } from './billing-notices.dispatcher';
import * as repo from './billing-notices.repo';
import { seedDefaultTemplates } from './billing-notices.service';

export const DEMO_NOTIFICATION_CONNECTION = 'Central de Notificações';
export const DEMO_SUBSCRIPTION = {
  companyName: 'Clínica Sorriso',
  contactName: 'Ana Financeiro',
  email: 'financeiro@clinicasorriso.demo.local',
  whatsapp: '5511999990021',
} as const;

/**
 * The demo's notification subscription (issue 21): the clinic's finance contact hears of its invoices by e-mail (the
 * embedded outbox) and WhatsApp (the demo's notification connection, a simulator). Idempotent: a company that has a
 * subscription gets none.
 */
export async function seedDemoSubscription(companyId: number): Promise<void> {
  if ((await repo.listSubscriptions(companyId)).length) return;
  await repo.insertSubscription(companyId, {
    ...SUBSCRIPTION_FLAG_DEFAULTS,
    contactName: DEMO_SUBSCRIPTION.contactName,
    email: DEMO_SUBSCRIPTION.email,
    whatsapp: DEMO_SUBSCRIPTION.whatsapp,
    whatsappValidated: 'valido',
  });
}

/**
 * The demo's billing notices, after the billing demo (its invoices): the clinic's subscription, the default
 * templates, a simulator connection 'Central de Notificações' on the platform's company flagged
 * saasNotificationCenter (when no connection has the flag), then today's notices of the demo's invoices — the e-mails
 * land in /mailOutbox, the WhatsApp messages in that connection's simulator.
 */
export async function seedDemoBillingNotices(): Promise<void> {
  const env = platform().env;
  if (env.production) return;
  await seedDefaultTemplates();
  // the clinic's finance contact (after the billing demo made its invoices)
  const clinicId = await demoCompanyIdByName(DEMO_SUBSCRIPTION.companyName);
  if (clinicId !== null) await seedDemoSubscription(clinicId);
  const platformId = await platformCompanyId();
  if (platformId === null) return;
  if (!(await notificationCenterWhatsapp(null)) && env.simulatorEnabled) {
    const id = await seedDemoSimulatorConnection(platformId, DEMO_NOTIFICATION_CONNECTION);
    if (id !== null) await markNotificationCenter(platformId, id);
  }
  // the daily sweep may have run before the demo's invoices existed: today's notices now (idempotent)
  const queued = await runDailySweep(localDay(now()));
  log.info({ invoices: queued }, 'billing notices demo: today checked');
}
