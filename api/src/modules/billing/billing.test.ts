import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { addDaysToDay, type InvoiceDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies, invoices, paymentEvents, whatsapps } from '../../db/schema';
import { TestClock, useClock } from '../../platform/clock';
import { type FakeGateway, PaymentGatewayError, paymentGateway, usePaymentGateway } from '../../platform/payments';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { deleteCompanyJob } from '../companies/deletion.jobs';
import { connectedSimulator, waitFor } from '../pipeline/pipeline.fixtures';
import { startWhatsappArea } from '../whatsapp/whatsapp.startup';
import { seedDemoInvoices } from './billing.demo';
import { type InvoiceHookEvent, onInvoiceEvent } from './billing.hooks';
import { billingDailyJob, installBillingCompanyHooks, scheduleBillingDay } from './billing.jobs';
import { checkCompanyGrace, runBillingDay } from './billing.service';

/**
 * Billing on a real database (issue 21, invoices half of acceptance 2): the routes (happy, refused, cross-tenant),
 * the fake gateway's pay page → webhook → paid, unsigned and replayed webhooks, and a 3-month cycle on a moved clock.
 */
const { t, events } = useTestApp();

const DAY = 86_400_000;
let clock: TestClock;
let restoreClock: () => void;
let master: { token: string; companyId: number };
const hooks: InvoiceHookEvent[] = [];
let stopHooks: () => void;

beforeAll(async () => {
  // 2026-01-05 09:00 UTC = 06:00 in São Paulo: the daily run's hour
  clock = new TestClock(Date.UTC(2026, 0, 5, 9));
  restoreClock = useClock(clock);
  const home = await makeTenant();
  const m = await makeUser(home.company.id, { profile: 'admin', master: true, payPanelAccess: true });
  master = { token: m.token, companyId: home.company.id };
  stopHooks = onInvoiceEvent((e) => {
    hooks.push(e);
  });
}, 60_000);
afterAll(() => {
  stopHooks();
  restoreClock();
});

async function call(method: string, path: string, token?: string, json?: unknown) {
  const res = await t.req(method, path, { token, json });
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

let seq = 0;
async function createPlan(body: Record<string, unknown> = {}) {
  const r = await call('POST', '/plan', master.token, {
    name: `Plano ${++seq}`,
    value1Month: 100,
    value3Months: 90,
    value6Months: 80,
    value12Months: 70,
    ...body,
  });
  expect(r.status).toBe(201);
  return r.body as { id: number };
}

/** A company with an admin who has payPanelAccess (the /clientCompanyManager user) and an attendant without. */
async function client(planId?: number) {
  const x = await makeTenant(planId ? { planId } : {});
  const payer = await makeUser(x.company.id, { profile: 'admin', payPanelAccess: true });
  return { ...x, payer };
}

const pathOf = (url: string) => new URL(url).pathname;

/** The customer opens the payment link and presses "Pagar" (the page's own form). */
async function payOnFakePage(link: string) {
  const page = await t.req('GET', pathOf(link));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Pagar');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeTruthy();
  const done = await t.req('POST', action as string);
  const text = await done.text();
  return { status: done.status, html: text };
}

const fake = () => paymentGateway() as FakeGateway;
const invoiceRow = async (id: number) =>
  (await t.platform.dbh.db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('invoice routes', () => {
  test('master creates an invoice for a company: plan price for the period, payment link, live events, hook', async () => {
    const plan = await createPlan({ billingType: 'BOLETO', recurrence: 'months3' });
    const a = await client(plan.id);
    events.length = 0;
    hooks.length = 0;
    const r = await call('POST', `/invoice/${plan.id}`, master.token, {
      companyId: a.company.id,
      dueDate: '2026-01-20',
    });
    expect(r.status).toBe(200);
    const inv = r.body as InvoiceDto;
    expect(inv).toMatchObject({
      companyId: a.company.id,
      planId: plan.id,
      startInvoicePeriod: '2026-01-20',
      endInvoicePeriod: '2026-04-19',
      dueDate: '2026-01-20',
      value: 270,
      valueBrl: 'R$ 270,00',
      billingType: 'BOLETO',
      recurrence: 3,
      status: 'PENDING',
      payDate: null,
      transactionReceiptUrl: null,
      automatic: false,
    });
    expect(inv.paymentLink).toMatch(/^http:\/\/localhost:8080\/fake-gateway\/pay\/pay_fake_[a-f0-9]{32}$/);
    expect(events.some((e) => e.channel === `invoice-${inv.id}` && e.companyId === a.company.id)).toBe(true);
    expect(events.some((e) => e.channel === `invoices-${a.company.id}` && e.data.action === 'create')).toBe(true);
    // the master (another company) hears it on their own company, addressed to them
    expect(events.some((e) => e.channel === `invoice-${inv.id}` && e.companyId === master.companyId)).toBe(true);
    expect(hooks).toEqual([{ companyId: a.company.id, invoiceId: inv.id, event: 'created' }]);

    // the company's payPanelAccess user reads it; the attendant is refused; another company sees nothing
    const own = await call('GET', `/invoiceToPlan/${plan.id}`, a.payer.token);
    expect(own.status).toBe(200);
    expect(own.body.map((i: InvoiceDto) => i.id)).toEqual([inv.id]);
    expect((await call('GET', `/invoiceToPlan/${plan.id}`, a.agent.token)).status).toBe(403);
    const b = await client(plan.id);
    expect((await call('GET', `/invoiceToPlan/${plan.id}`, b.payer.token)).body).toEqual([]);
    expect((await call('GET', `/invoiceToPlan/${plan.id}?companyId=${a.company.id}`, b.payer.token)).status).toBe(404);
    expect((await call('GET', `/invoice/${inv.id}`, b.payer.token)).status).toBe(404);
    expect((await call('GET', `/invoice/${inv.id}`, a.payer.token)).body.id).toBe(inv.id);
    // the master reads any company's with ?companyId
    const m = await call('GET', `/invoiceToPlan/${plan.id}?companyId=${a.company.id}`, master.token);
    expect(m.body.map((i: InvoiceDto) => i.id)).toEqual([inv.id]);
  });

  test('a payPanelAccess user bills their own company at the plan price, one open invoice at a time', async () => {
    const plan = await createPlan({ isPublic: true });
    const hidden = await createPlan({ isPublic: false });
    const a = await client(plan.id);
    const b = await client(plan.id);
    const r = await call('POST', `/invoice/${plan.id}`, a.payer.token, { recurrence: 'months12', billingType: 'PIX' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ companyId: a.company.id, recurrence: 12, value: 840, dueDate: '2026-01-05' });
    const again = await call('POST', `/invoice/${plan.id}`, a.payer.token, {});
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'Já existe uma fatura em aberto para esta empresa.' },
    });
    expect((await call('POST', `/invoice/${plan.id}`, b.payer.token, { value: 1 })).status).toBe(403);
    expect((await call('POST', `/invoice/${plan.id}`, b.payer.token, { companyId: a.company.id })).status).toBe(404);
    expect((await call('POST', `/invoice/${hidden.id}`, b.payer.token, {})).status).toBe(404);
    expect((await call('POST', `/invoice/${plan.id}`, b.agent.token, {})).status).toBe(403);
    expect((await call('POST', '/invoice/999999', master.token, { companyId: a.company.id })).status).toBe(404);
    expect((await call('POST', `/invoice/${plan.id}`, master.token, { companyId: 999_999 })).status).toBe(404);
    const bad = await call('POST', `/invoice/${plan.id}`, master.token, {
      companyId: b.company.id,
      dueDate: '31/02/2026',
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    // a free plan has nothing to charge
    const free = await createPlan({ value1Month: 0, value3Months: 0, value6Months: 0, value12Months: 0 });
    expect((await call('POST', `/invoice/${free.id}`, master.token, { companyId: b.company.id })).status).toBe(400);
    // the master may set the value
    const custom = await call('POST', `/invoice/${free.id}`, master.token, { companyId: b.company.id, value: '49,90' });
    expect(custom.body).toMatchObject({ value: 49.9, valueBrl: 'R$ 49,90' });
  });

  test('DELETE /invoice/{id}: master only, PENDING only; the payment is cancelled at the gateway', async () => {
    const plan = await createPlan();
    const a = await client(plan.id);
    const inv = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: a.company.id }))
      .body as InvoiceDto;
    const paymentId = (await invoiceRow(inv.id)).gatewayPaymentId as string;
    expect((await call('DELETE', `/invoice/${inv.id}`, a.payer.token)).status).toBe(403);
    expect((await call('DELETE', `/invoice/${inv.id}`, a.agent.token)).status).toBe(403);
    expect((await fake().load(paymentId))?.deleted).toBeUndefined();
    hooks.length = 0;
    events.length = 0;
    const del = await call('DELETE', `/invoice/${inv.id}`, master.token);
    expect(del).toMatchObject({ status: 200, body: { invoiceId: inv.id } });
    expect(hooks).toEqual([{ companyId: a.company.id, invoiceId: inv.id, event: 'deleted' }]);
    expect(events.some((e) => e.channel === `invoice-${inv.id}` && e.data.action === 'delete')).toBe(true);
    expect((await call('DELETE', `/invoice/${inv.id}`, master.token)).status).toBe(404);
    // the link now says the invoice was cancelled and takes no payment; a late webhook for it changes nothing
    expect((await fake().load(paymentId))?.deleted).toBe(true);
    const page = await t.req('GET', pathOf(inv.paymentLink as string));
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('Esta fatura foi cancelada');
    expect(html).not.toContain('<form');
    const pay = await t.req('POST', pathOf(inv.paymentLink as string));
    expect(pay.status).toBe(410);
    expect(await pay.text()).toContain('Esta fatura foi cancelada');
    expect((await fake().load(paymentId))?.status).toBe('PENDING');
    const late = await t.req('POST', '/billing/webhook/fake', {
      headers: { 'content-type': 'application/json', 'asaas-access-token': fake().webhookToken },
      body: JSON.stringify({
        id: `evt_late_${paymentId}`,
        event: 'PAYMENT_RECEIVED',
        payment: {
          id: paymentId,
          customer: 'x',
          status: 'RECEIVED',
          billingType: 'PIX',
          value: 100,
          dueDate: '2026-01-05',
        },
      }),
    });
    expect(await late.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(hooks.map((h) => h.event)).toEqual(['deleted']);
    expect((await call('GET', `/invoices?companyId=${a.company.id}`, master.token)).body.count).toBe(0);
    const paid = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: a.company.id }))
      .body as InvoiceDto;
    await payOnFakePage(paid.paymentLink as string);
    const refused = await call('DELETE', `/invoice/${paid.id}`, master.token);
    expect(refused).toMatchObject({ status: 400, body: { message: 'Apenas faturas pendentes podem ser excluídas.' } });
  });

  test('DELETE /invoice/{id} when the gateway cannot cancel: 502 in Portuguese, the invoice and its link stay', async () => {
    const plan = await createPlan();
    const a = await client(plan.id);
    const inv = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: a.company.id }))
      .body as InvoiceDto;
    const real = fake();
    usePaymentGateway({
      ...real,
      cancelPayment: async () => {
        throw new PaymentGatewayError('gateway timeout');
      },
    } as FakeGateway);
    try {
      hooks.length = 0;
      const r = await call('DELETE', `/invoice/${inv.id}`, master.token);
      expect(r).toEqual({
        status: 502,
        body: {
          error: 'ERR_PAYMENT_GATEWAY_UNAVAILABLE',
          message:
            'O gateway de pagamento não cancelou a cobrança desta fatura. A fatura foi mantida; tente excluir novamente.',
        },
      });
    } finally {
      usePaymentGateway(undefined);
    }
    expect(hooks).toEqual([]);
    expect((await call('GET', `/invoice/${inv.id}`, master.token)).body).toMatchObject({
      status: 'PENDING',
      paymentLink: inv.paymentLink,
    });
    // paid at the gateway while its webhook did not arrive: the gateway refuses to cancel a paid payment
    const paymentId = (await invoiceRow(inv.id)).gatewayPaymentId as string;
    await real.pay(paymentId, () => new Response(null, { status: 503 }));
    const refused = await call('DELETE', `/invoice/${inv.id}`, master.token);
    expect(refused).toMatchObject({ status: 502, body: { error: 'ERR_PAYMENT_GATEWAY_UNAVAILABLE' } });
    // the gateway sends its webhook again: the invoice is there to be paid
    expect((await t.req('POST', pathOf(inv.paymentLink as string))).status).toBe(200);
    expect((await invoiceRow(inv.id)).status).toBe('RECEIVED');
    // a retry after the payment: PENDING only
    expect((await call('DELETE', `/invoice/${inv.id}`, master.token)).status).toBe(400);
  });

  test('GET /invoices: the master pages every company with search, status and company; others their own', async () => {
    const plan = await createPlan();
    const named = await makeTenant({ name: 'Ótica Visão Clara', planId: plan.id });
    const payer = await makeUser(named.company.id, { profile: 'admin', payPanelAccess: true });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call('POST', `/invoice/${plan.id}`, master.token, {
            companyId: named.company.id,
            dueDate: `2026-0${i + 2}-01`,
          })
        ).status,
      ).toBe(200);
    }
    const s = await call('GET', '/invoices?searchParam=VISÃO', master.token);
    expect(s.status).toBe(200);
    expect(s.body.invoices.map((i: InvoiceDto) => i.dueDate)).toEqual(['2026-04-01', '2026-03-01', '2026-02-01']);
    expect(s.body).toMatchObject({ hasMore: false, count: 3 });
    expect(s.body.invoices[0]).toMatchObject({ companyName: 'Ótica Visão Clara', planName: expect.any(String) });
    const byCompany = await call('GET', `/invoices?companyId=${named.company.id}&status=PENDING`, master.token);
    expect(byCompany.body.count).toBe(3);
    expect(
      (await call('GET', `/invoices?companyId=${named.company.id}&status=CONFIRMED`, master.token)).body.count,
    ).toBe(0);
    const all = await call('GET', '/invoices?pageNumber=1', master.token);
    expect(all.body.invoices.length).toBeLessThanOrEqual(20);
    // a payPanelAccess user: their own company only
    const own = await call('GET', '/invoices', payer.token);
    expect(own.body.count).toBe(3);
    const other = await client(plan.id);
    expect((await call('GET', '/invoices', other.payer.token)).body.count).toBe(0);
    expect((await call('GET', `/invoices?companyId=${named.company.id}`, other.payer.token)).status).toBe(404);
    expect((await call('GET', '/invoices', other.agent.token)).status).toBe(403);
    expect((await call('GET', '/invoices?status=PAID', master.token)).status).toBe(400);
  });

  test('GET/PUT /billing/settings: the master sees and changes the grace and the days before', async () => {
    expect((await call('GET', '/billing/settings', master.token)).body).toEqual({
      graceDays: 5,
      invoiceDaysBefore: 10,
      gateway: 'fake',
    });
    const a = await client();
    expect((await call('GET', '/billing/settings', a.payer.token)).status).toBe(403);
    expect((await call('PUT', '/billing/settings', a.payer.token, { graceDays: 1 })).status).toBe(403);
    const bad = await call('PUT', '/billing/settings', master.token, { graceDays: 61 });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Informe de 0 a 60 dias' } });
    const put = await call('PUT', '/billing/settings', master.token, { graceDays: 7 });
    expect(put.body).toEqual({ graceDays: 7, invoiceDaysBefore: 10, gateway: 'fake' });
    expect((await call('PUT', '/billing/settings', master.token, { graceDays: 5 })).body.graceDays).toBe(5);
  });
});

describe('webhook', () => {
  const webhook = (body: unknown, headers: Record<string, string> = {}) =>
    t.req('POST', '/billing/webhook/fake', {
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  test('paying on the fake page: webhook → RECEIVED, payDate, receipt, live event, hook; a replay changes nothing', async () => {
    const plan = await createPlan({ billingType: 'PIX', recurrence: 'month1' });
    const a = await client(plan.id);
    const inv = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: a.company.id }))
      .body as InvoiceDto;
    const page = await (await t.req('GET', pathOf(inv.paymentLink as string))).text();
    expect(page).toContain('R$ 100,00');
    expect(page).toContain('05/01/2026');
    expect(page).toContain('Pix');
    hooks.length = 0;
    events.length = 0;
    const paid = await payOnFakePage(inv.paymentLink as string);
    expect(paid.status).toBe(200);
    expect(paid.html).toContain('Pagamento confirmado');
    const after = (await call('GET', `/invoice/${inv.id}`, a.payer.token)).body as InvoiceDto;
    expect(after).toMatchObject({ status: 'RECEIVED', payDate: new Date(clock.now()).toISOString() });
    expect(after.transactionReceiptUrl).toMatch(/\/fake-gateway\/receipt\/pay_fake_/);
    expect((await t.req('GET', pathOf(after.transactionReceiptUrl as string))).status).toBe(200);
    expect(hooks).toEqual([{ companyId: a.company.id, invoiceId: inv.id, event: 'confirmed' }]);
    expect(
      events.some(
        (e) =>
          e.channel === `invoice-${inv.id}` &&
          e.data.action === 'update' &&
          (e.data as unknown as { invoice: InvoiceDto }).invoice.status === 'RECEIVED',
      ),
    ).toBe(true);

    // the same event again (the page's form posted twice): 200, nothing changes
    const row = await invoiceRow(inv.id);
    hooks.length = 0;
    const payment = await fake().load(row.gatewayPaymentId as string);
    const replay = await webhook(
      {
        id: `evt_fake_${payment?.id}_1`,
        event: 'PAYMENT_RECEIVED',
        payment: {
          id: payment?.id,
          customer: 'x',
          status: 'RECEIVED',
          billingType: 'PIX',
          value: 100,
          dueDate: '2026-01-05',
        },
      },
      { 'asaas-access-token': fake().webhookToken },
    );
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'replay' });
    expect(await invoiceRow(inv.id)).toEqual(row);
    expect(hooks).toEqual([]);
  });

  test('unsigned or wrongly signed: 401, nothing stored; unknown events and payments: 200 ignored; bad bodies', async () => {
    const plan = await createPlan();
    const a = await client(plan.id);
    const inv = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: a.company.id }))
      .body as InvoiceDto;
    const row = await invoiceRow(inv.id);
    const body = {
      id: 'evt_forged_1',
      event: 'PAYMENT_RECEIVED',
      payment: {
        id: row.gatewayPaymentId,
        customer: 'x',
        status: 'RECEIVED',
        billingType: 'PIX',
        value: 100,
        dueDate: row.dueDate,
      },
    };
    const countEvents = async () => (await t.platform.dbh.db.select().from(paymentEvents)).length;
    const before = await countEvents();
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, { 'asaas-access-token': 'wrong' })).status).toBe(401);
    expect(await invoiceRow(inv.id)).toEqual(row);
    expect(await countEvents()).toBe(before);
    // another gateway's path
    expect((await t.req('POST', '/billing/webhook/asaas', { json: body })).status).toBe(404);

    const token = { 'asaas-access-token': fake().webhookToken };
    const unknownPayment = await webhook(
      { ...body, id: 'evt_2', payment: { ...body.payment, id: 'pay_other' } },
      token,
    );
    expect(await unknownPayment.json()).toEqual({ received: true, outcome: 'ignored' });
    const otherEvent = await webhook({ ...body, id: 'evt_3', event: 'PAYMENT_CREATED' }, token);
    expect(await otherEvent.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await invoiceRow(inv.id)).toEqual(row);
    expect((await webhook('{not json', token)).status).toBe(400);
    expect((await webhook({ event: 'PAYMENT_RECEIVED' }, token)).status).toBe(400);
    const huge = await webhook({ ...body, id: 'evt_4', pad: 'x'.repeat(70_000) }, token);
    expect(huge.status).toBe(413);
    expect(await invoiceRow(inv.id)).toEqual(row);
    // a correctly signed payment event applies
    const real = await webhook({ ...body, id: 'evt_5' }, token);
    expect(await real.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await invoiceRow(inv.id)).status).toBe('RECEIVED');
  });

  test('a card payment: CONFIRMED, then RECEIVED when the money lands — one confirmation, the first payDate', async () => {
    const plan = await createPlan({ billingType: 'CREDIT_CARD', recurrence: 'month1' });
    const a = await client(plan.id);
    const inv = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: a.company.id }))
      .body as InvoiceDto;
    hooks.length = 0;
    await payOnFakePage(inv.paymentLink as string);
    const confirmed = await invoiceRow(inv.id);
    expect(confirmed.status).toBe('CONFIRMED');
    await clock.advance(3_600_000);
    const received = await webhook(
      {
        id: 'evt_card_received',
        event: 'PAYMENT_RECEIVED',
        payment: {
          id: confirmed.gatewayPaymentId,
          customer: 'x',
          status: 'RECEIVED',
          billingType: 'CREDIT_CARD',
          value: 100,
          dueDate: confirmed.dueDate,
        },
      },
      { 'asaas-access-token': fake().webhookToken },
    );
    expect(await received.json()).toEqual({ received: true, outcome: 'applied' });
    const after = await invoiceRow(inv.id);
    expect(after.status).toBe('RECEIVED');
    expect(after.payDate).toEqual(confirmed.payDate);
    expect(after.transactionReceiptUrl).toBe(confirmed.transactionReceiptUrl);
    expect(hooks.filter((h) => h.invoiceId === inv.id).map((h) => h.event)).toEqual(['confirmed']);
  });

  test('an unknown pay page is a 404 page', async () => {
    expect((await t.req('GET', '/fake-gateway/pay/pay_fake_00000000000000000000000000000000')).status).toBe(404);
    expect((await t.req('GET', '/fake-gateway/pay/..%2F..%2Fsecrets')).status).toBe(404);
    expect((await t.req('POST', '/fake-gateway/pay/nope')).status).toBe(404);
  });
});

describe('the daily run over a 3-month cycle (moved clock)', () => {
  test('automatic invoices on their day, OVERDUE after the due date, off after the grace, paid → CONFIRMED → on', async () => {
    // card payments are CONFIRMED by the gateway; a monthly plan billed automatically; trial of 15 days
    const plan = await createPlan({ automaticInvoice: 1, recurrence: 'month1', billingType: 'CREDIT_CARD' });
    const start = clock.now();
    const trialEnd = start + 15 * DAY; // 2026-01-20 (09:00 UTC)
    const c = await makeTenant({ planId: plan.id, trialEndsAt: new Date(trialEnd) });
    const mine = (e: InvoiceHookEvent) => e.companyId === c.company.id;
    hooks.length = 0;
    const timeline: string[] = [];
    const companyActive = async () =>
      (await t.platform.dbh.db.select().from(companies).where(eq(companies.id, c.company.id)))[0].status;
    const list = async () =>
      // the master's view: the company's own users are out while it is off
      (
        (await call('GET', `/invoiceToPlan/${plan.id}?companyId=${c.company.id}`, master.token)).body as InvoiceDto[]
      ).sort((x, y) => x.id - y.id);

    let wasActive = true;
    let paidFirst = false;
    const seen = new Map<number, string>();
    for (let d = 0; d <= 95; d++) {
      await clock.set(start + d * DAY);
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      await runBillingDay();
      // idempotent: the same day again does nothing more
      expect(await runBillingDay()).toEqual({ created: 0, overdue: 0, linked: 0, deactivated: 0, reactivated: 0 });
      for (const inv of await list()) {
        if (!seen.has(inv.id)) timeline.push(`${today} created`);
        else if (inv.status === 'OVERDUE' && seen.get(inv.id) !== 'OVERDUE') timeline.push(`${today} overdue`);
        seen.set(inv.id, inv.status);
      }
      const active = await companyActive();
      if (active !== wasActive) timeline.push(`${today} ${active ? 'on' : 'off'}`);
      wasActive = active;
      // the first invoice stays unpaid until the company is off; then it is paid on the pay page
      if (!active && !paidFirst) {
        const first = (await list())[0];
        expect(first.status).toBe('OVERDUE');
        const r = await payOnFakePage(first.paymentLink as string);
        expect(r.status).toBe(200);
        paidFirst = true;
        const now = (await list())[0];
        expect(now).toMatchObject({ status: 'CONFIRMED', transactionReceiptUrl: expect.any(String) });
        expect(await companyActive()).toBe(true);
        timeline.push(`${today} paid`);
        wasActive = true;
      } else if (paidFirst) {
        // later invoices are paid on their due date
        for (const inv of await list()) {
          if (inv.status === 'PENDING' && inv.dueDate === today) await payOnFakePage(inv.paymentLink as string);
        }
      }
    }
    expect(timeline).toEqual([
      '2026-01-10 created', // 10 days before the first period (the trial's end, its due date)
      '2026-01-21 overdue', // the day after the due date
      '2026-01-26 off', // more than 5 days past due
      '2026-01-26 paid', // paying on the fake page turns it on at once
      '2026-02-10 created',
      '2026-03-10 created',
      '2026-04-10 created',
    ]);
    const all = await list();
    expect(all.map((i) => [i.startInvoicePeriod, i.endInvoicePeriod, i.dueDate, i.status, i.automatic])).toEqual([
      ['2026-01-20', '2026-02-19', '2026-01-20', 'CONFIRMED', true],
      ['2026-02-20', '2026-03-19', '2026-02-20', 'CONFIRMED', true],
      ['2026-03-20', '2026-04-19', '2026-03-20', 'CONFIRMED', true],
      ['2026-04-20', '2026-05-19', '2026-04-20', 'PENDING', true],
    ]);
    expect(all.every((i) => i.value === 100 && i.billingType === 'CREDIT_CARD' && i.paymentLink)).toBe(true);
    expect(hooks.filter(mine).map((e) => e.event)).toEqual([
      'created',
      'overdue',
      'confirmed',
      'created',
      'confirmed',
      'created',
      'confirmed',
      'created',
    ]);
  }, 120_000);

  test('the master switching a company off is not undone by billing; the daily job queues the next day', async () => {
    const plan = await createPlan({ automaticInvoice: 1, recurrence: 'month1' });
    const c = await makeTenant({ planId: plan.id, status: false });
    await runBillingDay();
    expect((await call('GET', `/invoices?companyId=${c.company.id}`, master.token)).body.count).toBe(0);

    billingDailyJob.register(t.platform.jobs);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    await scheduleBillingDay(today);
    await scheduleBillingDay(today); // twice: one job
    const job = await t.platform.jobs.get(`billing-daily-${today}`);
    expect(job).toMatchObject({ name: 'billing.daily', data: { day: today } });
    // the runner on the shared clock runs it; it has queued the next day's run at 09:00 UTC
    await t.platform.jobs.startWorkers();
    await clock.advanceUntil(async () => (await t.platform.jobs.get(`billing-daily-${today}`))?.state === 'completed', {
      stepMs: 1_000,
      pauseMs: 30,
      maxSteps: 300,
    });
    const next = await t.platform.jobs.get(`billing-daily-${addDaysToDay(today, 1)}`);
    expect(next).toMatchObject({ name: 'billing.daily', state: 'delayed' });
    expect((next?.timestamp ?? 0) + (next?.opts.delay ?? 0)).toBe(Date.parse(`${addDaysToDay(today, 1)}T09:00:00Z`));
  });
});

describe('company deletion', () => {
  test("the deleted company's unpaid invoices have their payments cancelled at the gateway; a paid one is left", async () => {
    deleteCompanyJob.register();
    installBillingCompanyHooks();
    const plan = await createPlan();
    const a = await client(plan.id);
    const other = await client(plan.id);
    const create = async (companyId: number) =>
      (await call('POST', `/invoice/${plan.id}`, master.token, { companyId })).body as InvoiceDto;
    const pending = await create(a.company.id);
    const overdue = await create(a.company.id);
    await t.platform.dbh.db.update(invoices).set({ status: 'OVERDUE' }).where(eq(invoices.id, overdue.id));
    const paid = await create(a.company.id);
    await payOnFakePage(paid.paymentLink as string);
    const kept = await create(other.company.id);
    const paymentOf = async (inv: InvoiceDto) => (await invoiceRow(inv.id)).gatewayPaymentId as string;
    const ids = {
      pending: await paymentOf(pending),
      overdue: await paymentOf(overdue),
      paid: await paymentOf(paid),
      kept: await paymentOf(kept),
    };
    const res = await call('DELETE', `/company/${a.company.id}`, master.token);
    expect(res.status).toBe(200);
    await waitFor(
      async () => (await t.platform.dbh.db.select().from(companies).where(eq(companies.id, a.company.id))).length === 0,
    );
    const payment = async (id: string) => {
      const p = await fake().load(id);
      return { status: p?.status, deleted: p?.deleted ?? false };
    };
    expect(await payment(ids.pending)).toEqual({ status: 'PENDING', deleted: true });
    expect(await payment(ids.overdue)).toEqual({ status: 'PENDING', deleted: true });
    expect((await payment(ids.paid)).deleted).toBe(false);
    expect(await payment(ids.kept)).toEqual({ status: 'PENDING', deleted: false });
    // the link says so and takes no payment
    expect((await t.req('GET', pathOf(pending.paymentLink as string))).status).toBe(410);
  });
});

describe('demo', () => {
  test('the demo companies get a paid, a pending (pay link) and an overdue invoice, once', async () => {
    const plan = await createPlan({ recurrence: 'months3' });
    const clinic = await makeTenant({ name: 'Clínica Sorriso', planId: plan.id });
    const shop = await makeTenant({ name: 'Loja Antiga', planId: plan.id, status: false });
    await seedDemoInvoices();
    await seedDemoInvoices();
    const of = async (companyId: number) =>
      ((await call('GET', `/invoices?companyId=${companyId}`, master.token)).body.invoices as InvoiceDto[]).map((i) => [
        i.status,
        !!i.paymentLink,
        !!i.transactionReceiptUrl,
        i.startInvoicePeriod,
        i.endInvoicePeriod,
      ]);
    const [pending, paid] = await of(clinic.company.id);
    expect(pending.slice(0, 3)).toEqual(['PENDING', true, false]);
    expect(paid.slice(0, 3)).toEqual(['CONFIRMED', true, true]);
    // consecutive quarters: the paid one ends the day before the pending one starts
    expect(addDaysToDay(paid[4] as string, 1)).toBe(pending[3] as string);
    expect((await of(shop.company.id)).map((r) => r.slice(0, 3))).toEqual([['OVERDUE', true, false]]);
    // (the clinic's notification subscription is the notices demo's: billing-notices.test.ts)
  });
});

describe('reactivation on payment', () => {
  test("the WhatsApp sessions billing's deactivation stopped are CONNECTED again once the invoice is paid", async () => {
    // last in the file: this test starts the connections area (simulator adapter, company hooks) and moves the clock
    await startWhatsappArea({ role: 'worker' });
    const plan = await createPlan({ billingType: 'PIX', recurrence: 'month1' });
    const c = await client(plan.id);
    const connId = await connectedSimulator(t, c.admin.token);
    const statusOf = async (id: number) =>
      (await t.platform.dbh.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0].status;
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const inv = (await call('POST', `/invoice/${plan.id}`, master.token, { companyId: c.company.id, dueDate: today }))
      .body as InvoiceDto;
    await clock.set(clock.now() + 30 * DAY);
    expect(await checkCompanyGrace(c.company.id)).toBe('deactivate');
    await waitFor(async () => (await statusOf(connId)) === 'DISCONNECTED');

    const paid = await payOnFakePage(inv.paymentLink as string);
    expect(paid.status).toBe(200);
    const [row] = await t.platform.dbh.db.select().from(companies).where(eq(companies.id, c.company.id));
    expect(row.status).toBe(true);
    await waitFor(async () => (await statusOf(connId)) === 'CONNECTED');
  });
});
