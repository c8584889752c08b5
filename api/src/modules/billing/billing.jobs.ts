import { addDaysToDay, isIsoDay } from '@zapdesk/core';
import { z } from 'zod';
import { now } from '../../platform/clock';
import { onCompanyLifecycle } from '../../platform/company-lifecycle';
import { platform } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { paymentGateway } from '../../platform/payments';
import { unsafePlatformJobCompany } from './billing.repo';
import { cancelPaymentsOfDeletedCompany, runBillingDay, todayOf } from './billing.service';

/** The daily run's hour: 09:00 UTC = 06:00 in São Paulo (no daylight saving since 2019), before the workday. */
export const BILLING_RUN_HOUR_UTC = 9;

/** When the run of `day` is due (ms). */
export const billingRunAt = (day: string) =>
  Date.parse(`${day}T${String(BILLING_RUN_HOUR_UTC).padStart(2, '0')}:00:00Z`);

/**
 * `billing.daily`: the day's billing run (automatic invoices, overdue moves, payment links, grace). It first queues
 * the next day's run (so a failing day never breaks the chain), then runs. One job per day by its jobId
 * `billing-daily-{day}`: queued twice (every process at start-up, a retry) it runs once; and the run itself is
 * idempotent (unique automatic period, status moves only from the expected status). The job belongs to the
 * platform's company (the first master's), which is never deleted.
 */
export const billingDailyJob = defineJob(
  'billing.daily',
  z.object({ day: z.string().refine(isIsoDay, 'Invalid day') }),
  async ({ day }) => {
    await scheduleBillingDay(addDaysToDay(day, 1));
    const report = await runBillingDay();
    log.info({ day, ...report }, 'billing: daily run');
    return report;
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
);

/** Queues the run of `day` at its hour (at once when it is past). Nothing without any company yet. */
export async function scheduleBillingDay(day: string): Promise<void> {
  const companyId = await unsafePlatformJobCompany();
  if (!companyId) return;
  await billingDailyJob.enqueue(
    { companyId, day },
    { jobId: `billing-daily-${day}`, delay: Math.max(0, billingRunAt(day) - now()) },
  );
}

/** A deleted company's unpaid invoices have their payments cancelled at the gateway (before their rows go). */
export function installBillingCompanyHooks(): void {
  onCompanyLifecycle('deleting', 'billing.cancelPayments', cancelPaymentsOfDeletedCompany);
}

/**
 * Start-up: the handler, the company-deletion hook, and today's run queued (a no-op when it is queued or done).
 */
export async function startBillingArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  billingDailyJob.register();
  installBillingCompanyHooks();
  if (opts.role === 'cli') return;
  if (platform().env.production && paymentGateway().name === 'fake') {
    log.warn('billing: no PAYMENT_GATEWAY_URL — invoices get links to the embedded fake gateway (nothing is charged)');
  }
  await scheduleBillingDay(todayOf(now())).catch((err) => log.error({ err }, 'billing: daily run not queued'));
}
