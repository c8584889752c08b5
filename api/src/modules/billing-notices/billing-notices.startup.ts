import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { dailyJob, dispatchJob, onInvoiceEventNotices, planDailyNotices } from './billing-notices.dispatcher';
import { listenToInvoiceEvents } from './billing-notices.invoices';
import { seedDefaultTemplates } from './billing-notices.service';

/**
 * Startup step of the billing notices (issue 21): the dispatch and daily jobs' handlers; where jobs run, the default
 * templates (first start) and today's daily sweep (idempotent per day: every process may ask).
 */
export async function startBillingNoticesArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  if (opts.role === 'cli') return;
  const env = platform().env;
  // the WhatsApp notices go through a session: with PostgreSQL and no Redis the sessions run in the API process
  if (opts.role === 'worker' && env.databaseUrl && !env.redisUrl) return;
  dispatchJob.register();
  dailyJob.register();
  installInvoiceListener();
  if (opts.role === 'worker' || (opts.role === 'api' && env.workersInApi)) {
    const seeded = await seedDefaultTemplates();
    if (seeded) log.info({ templates: seeded }, 'billing notices: default templates created');
    await planDailyNotices();
  }
}

let stopListening: (() => void) | null = null;

/** One job per invoice event (created, confirmed, overdue), heard after the billing area committed it. Idempotent. */
export function installInvoiceListener(): void {
  if (stopListening) return;
  stopListening = listenToInvoiceEvents(onInvoiceEventNotices);
}
