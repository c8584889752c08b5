import { describe, expect, test } from 'bun:test';
import { addDays, localDay } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { db } from '../../platform/db';
import { makeTenant, makeUser } from '../../test/factories';
import { runInvoiceHooks } from '../billing/billing.hooks';
import { connectedSimulator, waitFor } from '../pipeline/pipeline.fixtures';
import { dailyJob, dispatchInvoiceNotices, dispatchJob, planDailyNotices } from './billing-notices.dispatcher';
import { useNoticesTestApp } from './billing-notices.fixtures';
import * as repo from './billing-notices.repo';
import { seedDefaultTemplates } from './billing-notices.service';

/**
 * Issue 21 acceptance 2, the notices half: the shared clock moved day by day across a 3-month cycle, a real SMTP
 * server and the simulator; invoices are the billing area's rows and events (its hook after commit).
 */
const env = useNoticesTestApp('2026-02-26T12:00:00Z');
const { t } = env;

type Outbox = { id: string; to: string; body: string }[];
const NUMBER = '5511987650001';
const EMAIL = 'financeiro@clinica.test';

describe('billing notices across a 3-month cycle (issue 21 acceptance 2)', () => {
  test('every notice once, on its day, by e-mail and WhatsApp; confirmation after payment; reruns send nothing', async () => {
    const platformCo = await makeTenant();
    const master = await makeUser(platformCo.company.id, { profile: 'admin', master: true, payPanelAccess: true });
    const conn = await connectedSimulator(t, master.token, { saasNotificationCenter: true });
    const client = await makeTenant({ name: 'Clínica Sorriso' });
    const cid = client.company.id;
    expect(await seedDefaultTemplates()).toBe(6);
    const sub = await t.req('POST', '/notification/subscription/store', {
      token: master.token,
      json: { companyId: cid, contactName: 'Maria Souza', email: EMAIL, whatsapp: NUMBER },
    });
    expect(sub.status).toBe(200);
    expect((await sub.json()).whatsappVAlidatedNumber).toBe('valido');

    const outbox = async () =>
      (await (await t.req('GET', `/simulator/${conn}/outbox?to=${NUMBER}`, { token: master.token })).json()) as Outbox;
    const counts = async () => ({ email: env.smtp.received.length, whatsapp: (await outbox()).length });

    const jobsIdle = async () => {
      // the newest ones: every older one settled before the clock moved on
      const list = await t.platform.jobs.list({ names: [dispatchJob.name, dailyJob.name], limit: 12 });
      return list.every(
        (j) => j.state === 'completed' || j.state === 'failed' || (j.state === 'delayed' && j.name === dailyJob.name),
      );
    };

    // the plan of the cycle: created 10 days before the due date; #1 paid early, #2 paid 2 days late, #3 never
    const plan = [
      { due: '2026-03-10', paidOn: '2026-03-08' },
      { due: '2026-04-10', paidOn: '2026-04-12' },
      { due: '2026-05-10', paidOn: null },
    ];
    const ids: number[] = [];
    const expected: Record<string, string[]> = {};
    const expect1 = (day: string, what: string) => {
      expected[day] = [...(expected[day] ?? []), what];
    };
    plan.forEach((p, i) => {
      const n = i + 1;
      expect1(addDays(p.due, -10), `${n}:created`);
      expect1(addDays(p.due, -5), `${n}:daysBefore`);
      if (!p.paidOn || p.paidOn >= p.due) expect1(p.due, `${n}:dueDay`);
      if (!p.paidOn || p.paidOn > addDays(p.due, 1)) expect1(addDays(p.due, 1), `${n}:delayed`);
      if (!p.paidOn) expect1(addDays(p.due, 5), `${n}:daysAfter`);
      if (p.paidOn) expect1(p.paidOn, `${n}:confirmed`);
    });
    const total = Object.values(expected).flat().length;
    expect(total).toBe(13);

    const settle = async (want: number) => {
      await waitFor(async () => {
        const c = await counts();
        return c.email >= want && c.whatsapp >= want && (await jobsIdle());
      }, 15_000);
      const c = await counts();
      expect(c).toEqual({ email: want, whatsapp: want });
    };

    await planDailyNotices();
    let sent = 0;
    for (let day = '2026-02-27'; day <= '2026-05-17'; day = addDays(day, 1)) {
      // 09:00 in São Paulo: the daily sweep of the day
      await env.clock.set(Date.parse(`${day}T12:00:00Z`));
      expect(localDay(env.clock.now())).toBe(day);
      await waitFor(
        async () => (await t.platform.jobs.get(`billing-notices-daily-${day}`))?.state === 'completed',
        10_000,
      );
      for (const [i, p] of plan.entries()) {
        if (day === addDays(p.due, -10)) {
          // 10:00: the billing area creates the invoice and tells its listeners after the commit
          await env.clock.set(Date.parse(`${day}T13:00:00Z`));
          const [row] = await db
            .insert(invoices)
            .values({
              companyId: cid,
              startInvoicePeriod: p.due,
              endInvoicePeriod: addDays(p.due, 29),
              value: '199.90',
              billingType: 'PIX',
              dueDate: p.due,
              recurrence: 1,
              status: 'PENDING',
              paymentLink: `https://pagar.exemplo/fatura/${i + 1}`,
              createdAt: new Date(env.clock.now()),
              updatedAt: new Date(env.clock.now()),
            })
            .returning({ id: invoices.id });
          ids[i] = row.id;
          await runInvoiceHooks({ companyId: cid, invoiceId: row.id, event: 'created' });
        }
        if (ids[i] && day === addDays(p.due, 1) && (!p.paidOn || p.paidOn > p.due)) {
          await db.update(invoices).set({ status: 'OVERDUE' }).where(eq(invoices.id, ids[i]));
          await runInvoiceHooks({ companyId: cid, invoiceId: ids[i], event: 'overdue' });
        }
        if (ids[i] && day === p.paidOn) {
          await env.clock.set(Date.parse(`${day}T15:00:00Z`));
          await db
            .update(invoices)
            .set({ status: 'CONFIRMED', payDate: new Date(env.clock.now()) })
            .where(and(eq(invoices.companyId, cid), eq(invoices.id, ids[i])));
          await runInvoiceHooks({ companyId: cid, invoiceId: ids[i], event: 'confirmed' });
        }
      }
      sent += (expected[day] ?? []).length;
      await settle(sent);
    }
    expect(sent).toBe(total);

    // the ledger: each (invoice, kind, channel) once, sent on its day
    const rows = await repo.listNotices(cid);
    expect(rows).toHaveLength(total * 2);
    for (const r of rows) {
      expect(r.status).toBe('sent');
      expect(localDay(r.sentAt as Date)).toBe(r.day);
      const n = ids.indexOf(r.invoiceId) + 1;
      expect(expected[r.day]).toContain(`${n}:${r.kind}`);
    }
    // what arrived: Portuguese texts with the value, the due date and the /n link of its channel
    const mails = env.smtp.received.filter((m) => m.to.includes(EMAIL));
    expect(mails).toHaveLength(total);
    expect(mails[0].subject).toBe('Nova fatura disponível · Clínica Sorriso · R$ 199,90');
    expect(mails[0].html).toContain('/n/email/');
    const wps = await outbox();
    expect(wps[0].body).toContain('R$ 199,90');
    expect(wps[0].body).toMatch(/\/n\/whatsapp\/[A-Za-z0-9_-]+/);
    expect(wps.filter((m) => m.body.includes('Recebemos o pagamento'))).toHaveLength(2);

    // the daily job of a day run twice, and a direct rerun of a dispatch: nothing more goes
    await dailyJob.enqueue({ companyId: platformCo.company.id, day: '2026-05-15' }, { jobId: 'billing-notices-rerun' });
    await waitFor(async () => (await t.platform.jobs.get('billing-notices-rerun'))?.state === 'completed', 10_000);
    const again = await dispatchInvoiceNotices(cid, ids[2], '2026-05-15');
    expect(again).toEqual({ sent: 0, skipped: 2, failed: [] });
    await Bun.sleep(600);
    expect(await counts()).toEqual({ email: total, whatsapp: total });

    // /n: the link of a notice answers its invoice's payment link and counts the click
    const link = /\/n\/whatsapp\/([A-Za-z0-9_-]+)/.exec(wps.at(-1)?.body ?? '')?.[1] as string;
    const follow = await t.req('GET', `/n/whatsapp/${link}`);
    expect(await follow.json()).toEqual({ urlRedirect: 'https://pagar.exemplo/fatura/3' });
  }, 240_000);
});
