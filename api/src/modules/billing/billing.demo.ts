import { addDaysToDay, addMonthsToDay } from '@zapdesk/core';
import { now } from '../../platform/clock';
import { log } from '../../platform/log';
import { listCompanyInvoices, unsafeFindCompanyByName } from './billing.repo';
import { seedDemoInvoice, todayOf } from './billing.service';

/**
 * The demo's invoices (issue 21), on the demo's client companies (companies/demo-seed.ts DEMO_COMPANIES): the clinic
 * paid its last quarter by card (CONFIRMED, with its receipt) and has the next one PENDING with a pay link on the
 * embedded fake gateway; the old shop has an OVERDUE one (the master switched it off: billing leaves it so).
 * (The clinic's notification subscription is billing-notices.demo.ts's, seeded after these.) Idempotent: a company
 * that has invoices gets none.
 */
export async function seedDemoInvoices(): Promise<void> {
  const today = todayOf(now());
  const plan = async (name: string) => {
    const c = await unsafeFindCompanyByName(name);
    if (!c?.planId || (await listCompanyInvoices(c.id)).length) return null;
    return { companyId: c.id, planId: c.planId };
  };
  const clinic = await plan('Clínica Sorriso');
  if (clinic) {
    // the paid quarter ends the day before the pending one starts
    const next = addDaysToDay(today, 5);
    await seedDemoInvoice(clinic.companyId, clinic.planId, {
      dueDate: addMonthsToDay(next, -3),
      months: 3,
      outcome: 'paid',
      billingType: 'CREDIT_CARD',
    });
    await seedDemoInvoice(clinic.companyId, clinic.planId, {
      dueDate: addDaysToDay(today, 5),
      months: 3,
      outcome: 'pending',
    });
  }
  const shop = await plan('Loja Antiga');
  if (shop) {
    await seedDemoInvoice(shop.companyId, shop.planId, {
      dueDate: addDaysToDay(today, -20),
      months: 1,
      outcome: 'overdue',
    });
  }
  if (clinic || shop) log.info('demo invoices seeded');
}
