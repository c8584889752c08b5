import { describe, expect, test } from 'bun:test';
import type { InvoiceDto } from '@zapdesk/core';
import { type FakeGateway, paymentGateway } from '../../platform/payments';
import { makeTenant, makeUser } from '../../test/factories';
import { connectedSimulator, waitFor } from '../pipeline/pipeline.fixtures';
import { dispatchJob } from './billing-notices.dispatcher';
import { useNoticesTestApp } from './billing-notices.fixtures';
import * as repo from './billing-notices.repo';
import { seedDefaultTemplates } from './billing-notices.service';

/**
 * Issue 21 acceptance 2, the chain joined end to end: the master creates an invoice through the API (created notice),
 * the customer pays on the fake gateway's page → signed webhook → the invoice is paid → the confirmation notice
 * arrives once by e-mail (real SMTP server) and WhatsApp (simulator); a replayed or unsigned webhook sends nothing more.
 */
const env = useNoticesTestApp('2026-03-02T13:00:00Z'); // 10:00 in São Paulo
const { t } = env;

const NUMBER = '5511987650002';
const EMAIL = 'contas@padaria.test';
const pathOf = (url: string) => new URL(url).pathname;
const mails = () => env.smtp.received.filter((m) => m.to.includes(EMAIL));

describe('payment → confirmation notice (issue 21 acceptance 2, joined)', () => {
  test('invoice created by the master, paid on the fake page: webhook → paid → confirmation once per channel', async () => {
    const home = await makeTenant();
    const master = await makeUser(home.company.id, { profile: 'admin', master: true, payPanelAccess: true });
    const conn = await connectedSimulator(t, master.token, { saasNotificationCenter: true });
    await seedDefaultTemplates();
    const planRes = await t.req('POST', '/plan', {
      token: master.token,
      json: {
        name: 'Plano Padaria',
        value1Month: 150,
        value3Months: 140,
        value6Months: 130,
        value12Months: 120,
        recurrence: 'month1',
        billingType: 'PIX',
      },
    });
    expect(planRes.status).toBe(201);
    const plan = (await planRes.json()) as { id: number };
    const client = await makeTenant({ name: 'Padaria Pão Quente', planId: plan.id });
    const cid = client.company.id;
    const sub = await t.req('POST', '/notification/subscription/store', {
      token: master.token,
      json: { companyId: cid, contactName: 'João Lima', email: EMAIL, whatsapp: NUMBER },
    });
    expect(sub.status).toBe(200);

    const outbox = async () =>
      (await (await t.req('GET', `/simulator/${conn}/outbox?to=${NUMBER}`, { token: master.token })).json()) as {
        body: string;
      }[];
    const jobsIdle = async () =>
      (await t.platform.jobs.list({ names: [dispatchJob.name], limit: 12 })).every(
        (j) => j.state === 'completed' || j.state === 'failed',
      );
    const settle = async (want: number) => {
      await waitFor(
        async () => mails().length >= want && (await outbox()).length >= want && (await jobsIdle()),
        15_000,
      );
      expect({ email: mails().length, whatsapp: (await outbox()).length }).toEqual({ email: want, whatsapp: want });
    };

    // the master bills the company through the API: the "created" notice, by both channels
    const created = await t.req('POST', `/invoice/${plan.id}`, {
      token: master.token,
      json: { companyId: cid, dueDate: '2026-03-12' },
    });
    expect(created.status).toBe(200);
    const inv = (await created.json()) as InvoiceDto;
    expect(inv.status).toBe('PENDING');
    await settle(1);
    expect(mails()[0].subject).toContain('Padaria Pão Quente');
    expect(mails()[0].html).toContain('R$ 150,00');

    // the customer pays on the fake gateway's page: its form posts, the gateway sends the signed webhook
    await env.clock.advance(2 * 3_600_000);
    const page = await (await t.req('GET', pathOf(inv.paymentLink as string))).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] as string;
    expect(action).toBeTruthy();
    const paid = await t.req('POST', action);
    expect(paid.status).toBe(200);
    const after = (await (await t.req('GET', `/invoice/${inv.id}`, { token: master.token })).json()) as InvoiceDto;
    expect(['RECEIVED', 'CONFIRMED']).toContain(after.status);
    expect(after.payDate).toBe(new Date(env.clock.now()).toISOString());

    // the confirmation notice: once by e-mail and once by WhatsApp
    await settle(2);
    expect(mails()[1].subject).toContain('Padaria Pão Quente');
    expect(mails()[1].html).not.toContain('/n/email/');
    expect((await outbox())[1].body).toContain('Recebemos o pagamento');
    const ledger = await repo.listNotices(cid);
    expect(ledger.map((r) => `${r.kind}:${r.channel}:${r.status}`).sort()).toEqual([
      'confirmed:email:sent',
      'confirmed:whatsapp:sent',
      'created:email:sent',
      'created:whatsapp:sent',
    ]);

    // the page's form posted again (the same gateway event) and an unsigned webhook: nothing changes, nothing goes
    expect((await t.req('POST', action)).status).toBeLessThan(500);
    const gw = paymentGateway() as FakeGateway;
    const payment = await gw.load(
      pathOf(inv.paymentLink as string)
        .split('/')
        .at(-1) as string,
    );
    const unsigned = await t.req('POST', '/billing/webhook/fake', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: `evt_unsigned_${inv.id}`,
        event: 'PAYMENT_CONFIRMED',
        payment: { id: payment?.id, status: 'CONFIRMED', billingType: 'PIX', value: 150, dueDate: '2026-03-12' },
      }),
    });
    expect(unsigned.status).toBe(401);
    await Bun.sleep(500);
    expect(await jobsIdle()).toBe(true);
    expect({ email: mails().length, whatsapp: (await outbox()).length }).toEqual({ email: 2, whatsapp: 2 });
    expect(await repo.listNotices(cid)).toHaveLength(4);
    const final = (await (await t.req('GET', `/invoice/${inv.id}`, { token: master.token })).json()) as InvoiceDto;
    expect(final).toEqual(after);
  }, 60_000);
});
