import { SUBSCRIPTION_FLAG_DEFAULTS } from '@zapdesk/core';
import * as repo from './billing-notices.repo';

/**
 * The demo's notification subscription (issue 21): the clinic's finance contact hears of its invoices by e-mail (the
 * embedded outbox; the demo has no notification connection for WhatsApp). Idempotent: a company that has a
 * subscription gets none.
 */
export async function seedDemoSubscription(companyId: number): Promise<void> {
  if ((await repo.listSubscriptions(companyId)).length) return;
  await repo.insertSubscription(companyId, {
    ...SUBSCRIPTION_FLAG_DEFAULTS,
    contactName: 'Ana Financeiro',
    email: 'financeiro@clinicasorriso.demo.local',
    whatsapp: null,
    whatsappValidated: null,
  });
}
