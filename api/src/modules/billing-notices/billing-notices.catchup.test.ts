import { describe, expect, test } from 'bun:test';
import { addDays } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { db } from '../../platform/db';
import { makeTenant, makeUser } from '../../test/factories';
import { runInvoiceHooks } from '../billing/billing.hooks';
import { waitFor } from '../pipeline/pipeline.fixtures';
import { dailyJob, dispatchInvoiceNotices, dispatchJob, planDailyNotices } from './billing-notices.dispatcher';
import { useNoticesTestApp } from './billing-notices.fixtures';
import * as repo from './billing-notices.repo';
import { seedDefaultTemplates } from './billing-notices.service';

/**
 * Missed days are caught up (DECISIONS "Billing notices: catch-up"): the platform is down all of 2 days (the clock
 * jumps over them with nothing running); the next daily run sends the missed notices still true, once; a rerun sends
 * nothing. E-mail only (the rule is the same per channel: core notices.test.ts).
 */
const env = useNoticesTestApp('2026-03-01T12:00:00Z');
const { t } = env;
const EMAIL = 'financeiro@atrasos.test';
const at = (iso: string) => env.clock.set(Date.parse(iso));

describe('billing notices: days the platform was down', () => {
  test('down 2 days: the next run sends the missed notices still true, once; a rerun sends nothing', async () => {
    const platformCo = await makeTenant();
    const master = await makeUser(platformCo.company.id, { profile: 'admin', master: true, payPanelAccess: true });
    const client = await makeTenant({ name: 'Padaria Pão Quente' });
    const cid = client.company.id;
    await seedDefaultTemplates();
    const sub = await t.req('POST', '/notification/subscription/store', {
      token: master.token,
      json: { companyId: cid, contactName: 'João Lima', email: EMAIL },
    });
    expect(sub.status).toBe(200);
    const mails = () => env.smtp.received.filter((m) => m.to.includes(EMAIL));
    const jobsIdle = async () =>
      (await t.platform.jobs.list({ names: [dispatchJob.name, dailyJob.name], limit: 20 })).every(
        (j) => j.state === 'completed' || j.state === 'failed' || (j.state === 'delayed' && j.name === dailyJob.name),
      );
    const settle = async (want: number) => {
      await waitFor(async () => mails().length >= want && (await jobsIdle()), 15_000);
      expect(mails()).toHaveLength(want);
    };

    // 2026-03-01 09:00 (São Paulo): the daily run; 10:00 four invoices are created (their creation notices go)
    await planDailyNotices();
    await waitFor(async () => (await t.platform.jobs.get('billing-notices-daily-2026-03-01'))?.state === 'completed');
    await at('2026-03-01T13:00:00Z');
    const dues = { A: '2026-03-07', B: '2026-03-03', C: '2026-03-02', D: '2026-03-08' };
    const ids: Record<string, number> = {};
    for (const [name, due] of Object.entries(dues)) {
      const [row] = await db
        .insert(invoices)
        .values({
          companyId: cid,
          startInvoicePeriod: due,
          endInvoicePeriod: addDays(due, 29),
          value: name === 'A' ? '101.00' : name === 'B' ? '102.00' : name === 'C' ? '103.00' : '104.00',
          billingType: 'PIX',
          dueDate: due,
          recurrence: 1,
          status: 'PENDING',
          paymentLink: `https://pagar.exemplo/${name}`,
          createdAt: new Date(env.clock.now()),
          updatedAt: new Date(env.clock.now()),
        })
        .returning({ id: invoices.id });
      ids[name] = row.id;
      await runInvoiceHooks({ companyId: cid, invoiceId: row.id, event: 'created' });
    }
    await settle(4);

    // down all of 03-02 and 03-03 (due then: A 5 days before, C due day, B due day, C delayed, D 5 days before).
    // Back on 03-04 at 08:00: the late 03-02 sweep only queues today's; the gateway's retried webhook pays D
    await at('2026-03-04T11:00:00Z');
    await waitFor(async () => (await t.platform.jobs.get('billing-notices-daily-2026-03-02'))?.state === 'completed');
    expect((await t.platform.jobs.get('billing-notices-daily-2026-03-04'))?.state).toBe('delayed');
    await db
      .update(invoices)
      .set({ status: 'CONFIRMED', payDate: new Date(env.clock.now()) })
      .where(eq(invoices.id, ids.D));
    await runInvoiceHooks({ companyId: cid, invoiceId: ids.D, event: 'confirmed' });
    for (const name of ['B', 'C'] as const) {
      await db.update(invoices).set({ status: 'OVERDUE' }).where(eq(invoices.id, ids[name]));
    }
    await settle(5);

    // 09:00: today's run catches 03-02 and 03-03 up
    await at('2026-03-04T12:00:00Z');
    await waitFor(async () => (await t.platform.jobs.get('billing-notices-daily-2026-03-04'))?.state === 'completed');
    await settle(8);
    const sent = async (name: string) =>
      (await repo.listNotices(cid, ids[name]))
        .filter((r) => r.status === 'sent')
        .map((r) => `${r.kind}@${r.day}`)
        .sort();
    // A: its 5-days-before reminder, late, counting from today (3 days left)
    expect(await sent('A')).toEqual(['created@2026-03-01', 'daysBefore@2026-03-02']);
    // B: its due day passed (never late); today's delayed notice
    expect(await sent('B')).toEqual(['created@2026-03-01', 'delayed@2026-03-04']);
    // C: its due day passed; its delayed notice, late
    expect(await sent('C')).toEqual(['created@2026-03-01', 'delayed@2026-03-03']);
    // D: paid — its reminder is no longer true; the confirmation went on the payment
    expect(await sent('D')).toEqual(['confirmed@2026-03-04', 'created@2026-03-01']);
    const late = mails().slice(5);
    const a = late.find((m) => m.subject.includes('R$ 101,00'));
    expect(a?.subject).toBe('Sua fatura vence em breve · Padaria Pão Quente · R$ 101,00');
    expect(a?.html).toContain('vence em 3 dia(s)');
    expect(late.map((m) => m.subject.split(' · ')[0]).sort()).toEqual([
      'Fatura em atraso',
      'Fatura em atraso',
      'Sua fatura vence em breve',
    ]);

    // again: today's run once more, and a direct rerun of a catch-up dispatch — nothing goes twice
    await dailyJob.enqueue({ companyId: platformCo.company.id, day: '2026-03-04' }, { jobId: 'catchup-rerun' });
    await waitFor(async () => (await t.platform.jobs.get('catchup-rerun'))?.state === 'completed');
    expect(await dispatchInvoiceNotices(cid, ids.A, '2026-03-04', undefined, '2026-03-02')).toEqual({
      sent: 0,
      skipped: 1,
      failed: [],
    });
    expect(await dispatchInvoiceNotices(cid, ids.C, '2026-03-04', undefined, '2026-03-02')).toEqual({
      sent: 0,
      skipped: 1,
      failed: [],
    });
    // the next day runs normally: nothing was due on 03-05 (A is due 03-07, C's 5 days after is 03-07)
    await at('2026-03-05T12:00:00Z');
    await waitFor(async () => (await t.platform.jobs.get('billing-notices-daily-2026-03-05'))?.state === 'completed');
    await settle(8);
  }, 60_000);
});
