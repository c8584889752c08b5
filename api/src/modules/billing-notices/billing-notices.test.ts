import { describe, expect, test } from 'bun:test';
import { SUBSCRIPTION_FLAG_DEFAULTS } from '@zapdesk/core';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, startChannels } from '../pipeline/pipeline.fixtures';
import { notificationCenterWhatsapp } from '../whatsapp/whatsapp.service';
import { DEMO_NOTIFICATION_CONNECTION, DEMO_SUBSCRIPTION, seedDemoBillingNotices } from './billing-notices.demo';
import { useInvoiceSource } from './billing-notices.invoices';
import * as repo from './billing-notices.repo';

const { t } = useTestApp(startChannels);

const call = async (method: string, path: string, token?: string, json?: unknown) => {
  const res = await t.req(method, path, { token, json });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

async function scene() {
  const platformCo = await makeTenant();
  const master = await makeUser(platformCo.company.id, { profile: 'admin', master: true, payPanelAccess: true });
  const client = await makeTenant();
  const finance = await makeUser(client.company.id, { profile: 'admin', payPanelAccess: true });
  const other = await makeTenant();
  const otherFinance = await makeUser(other.company.id, { profile: 'admin', payPanelAccess: true });
  return { platformCo, master, client, finance, other, otherFinance };
}

describe('notification subscriptions (spec 3 §3, §5, §6, §7)', () => {
  test('master stores with the defaults; the WhatsApp is checked on the server; lists, shows, edits, deletes', async () => {
    const s = await scene();
    await connectedSimulator(t, s.platformCo.admin.token, { isDefault: true });
    const cid = s.client.company.id;

    const created = await call('POST', '/notification/subscription/store', s.master.token, {
      companyId: cid,
      contactName: 'Ana Financeiro',
      email: 'Ana@Cliente.com.br',
      whatsapp: '55 (11) 98888-7777',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      companyId: cid,
      contactName: 'Ana Financeiro',
      email: 'ana@cliente.com.br',
      whatsapp: '5511988887777',
      whatsappVAlidatedNumber: 'valido',
      ...SUBSCRIPTION_FLAG_DEFAULTS,
    });
    const id = created.body.id as number;

    // a number without WhatsApp is refused (spec 3 §5 text); nothing stored
    const bad = await call('POST', '/notification/subscription/store', s.master.token, {
      companyId: cid,
      contactName: 'Beto',
      whatsapp: '00011122233',
    });
    expect([bad.status, bad.body.error, bad.body.message]).toEqual([
      400,
      'ERR_VALIDATION',
      'Este numero não possui um WhatsApp',
    ]);
    const short = await call('POST', '/notification/subscription/store', s.master.token, {
      companyId: cid,
      contactName: 'B',
      email: 'b@x.com',
    });
    expect([short.status, short.body.message]).toEqual([400, 'Muito curto']);

    // the company's payPanelAccess user reads its own company's and edits channel flags only
    const list = await call('GET', `/notification/subscription/list/${cid}`, s.finance.token);
    expect(list.status).toBe(200);
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await call('GET', `/notification/subscription/show/${id}`, s.finance.token)).body.id).toBe(id);
    const flags = await call('PUT', `/notification/subscription/edit/${id}`, s.finance.token, {
      ...created.body,
      invoiceDaysBeforeExpirationWp: 0,
      invoiceDayEmail: false,
    });
    expect(flags.status).toBe(200);
    expect(flags.body).toMatchObject({
      invoiceDaysBeforeExpirationWp: 0,
      invoiceDayEmail: false,
      contactName: 'Ana Financeiro',
    });
    const contact = await call('PUT', `/notification/subscription/edit/${id}`, s.finance.token, {
      contactName: 'Outra',
    });
    expect([contact.status, contact.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect(
      (
        await call('POST', '/notification/subscription/store', s.finance.token, {
          companyId: cid,
          contactName: 'Eu mesmo',
          email: 'a@b.com',
        })
      ).status,
    ).toBe(403);
    expect((await call('DELETE', `/notification/subscription/${id}`, s.finance.token, { companyId: cid })).status).toBe(
      403,
    );
    // the master edits the contact; a new number is checked again
    const edited = await call('PUT', `/notification/subscription/edit/${id}`, s.master.token, {
      contactName: 'Ana Souza',
      whatsapp: '5521977776666',
    });
    expect(edited.body).toMatchObject({
      contactName: 'Ana Souza',
      whatsapp: '5521977776666',
      whatsappVAlidatedNumber: 'valido',
    });
    expect(
      (await call('PUT', `/notification/subscription/edit/${id}`, s.master.token, { whatsapp: '0001112223' })).body
        .message,
    ).toBe('Este numero não possui um WhatsApp');
    expect(
      (await call('PUT', `/notification/subscription/edit/${id}`, s.master.token, { invoiceDayWp: 11 })).status,
    ).toBe(400);

    // another company's ids → 404; an attendant → 403
    for (const [m, p, body] of [
      ['GET', `/notification/subscription/list/${cid}`, undefined],
      ['GET', `/notification/subscription/show/${id}`, undefined],
      ['PUT', `/notification/subscription/edit/${id}`, { invoiceDayWp: false }],
    ] as const) {
      expect((await call(m, p, s.otherFinance.token, body)).status).toBe(404);
      expect((await call(m, p, s.client.agent.token, body)).status).toBe(403);
    }
    const del = await call('DELETE', `/notification/subscription/${id}`, s.master.token, { companyId: cid });
    expect(del.status).toBe(200);
    expect((await call('GET', `/notification/subscription/show/${id}`, s.master.token)).status).toBe(404);
  });
});

describe('notification templates (master only)', () => {
  test('create returns id; list, show, edit, delete; unknown placeholders refused; placeholders and preview', async () => {
    const s = await scene();
    const created = await call('POST', '/notification/template', s.master.token, {
      name: 'Lembrete',
      notice: 'daysBefore',
      textWp: 'Olá {{contato}}, {{valor}} vence em {{vencimento}}: {{link}}',
      emailTitle: '{{aviso}} - {{empresa}}',
      emailHtml: '<p>{{contato}}</p>',
      thumbnailWpHtml: '<b>{{valor}}</b>',
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body)).toEqual(['id']);
    const id = created.body.id as number;
    const shown = await call('GET', `/notification/template/${id}`, s.master.token);
    expect(shown.body).toMatchObject({ id, name: 'Lembrete', type: 'payments', notice: 'daysBefore' });
    expect(
      (await call('GET', '/notification/template/', s.master.token)).body.some((x: { id: number }) => x.id === id),
    ).toBe(true);

    const unknown = await call('PUT', `/notification/template/${id}`, s.master.token, { textWp: 'Oi {{cliente}}' });
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      'Variável desconhecida: {{cliente}}. Use apenas as variáveis da lista.',
    ]);
    const edited = await call('PUT', `/notification/template/${id}`, s.master.token, { name: 'Lembrete 5 dias' });
    expect(edited.body.name).toBe('Lembrete 5 dias');

    const ph = await call('GET', '/notification/template/placeholders', s.master.token);
    expect(ph.body).toContainEqual({ name: 'link', placeholder: '{{link}}', description: expect.any(String) });
    const preview = await call('POST', '/notification/template/preview', s.master.token, {
      notice: 'dueDay',
      textWp: 'Olá {{contato}}, {{valor}} vence {{vencimento}}',
      emailTitle: '{{aviso}}',
      emailHtml: '<p>{{empresa}}</p>',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      textWp: 'Olá Maria Souza, R$ 199,90 vence 10/03/2026',
      emailTitle: 'Sua fatura vence hoje',
      emailHtml: '<p>Clínica Sorriso</p>',
    });

    for (const token of [s.finance.token, s.client.admin.token, s.client.agent.token]) {
      expect((await call('GET', '/notification/template', token)).status).toBe(403);
      expect((await call('GET', `/notification/template/${id}`, token)).status).toBe(403);
      expect((await call('POST', '/notification/template', token, { name: 'x' })).status).toBe(403);
    }
    expect((await call('DELETE', `/notification/template/${id}`, s.master.token)).status).toBe(200);
    expect((await call('GET', `/notification/template/${id}`, s.master.token)).status).toBe(404);
  });
});

describe('GET /n/{platform}/{id} (public)', () => {
  test('redirects to the payment link and counts the click; unknown → 404; rate limited', async () => {
    const s = await scene();
    const cid = s.client.company.id;
    useInvoiceSource({
      get: async (companyId, invoiceId) =>
        companyId === cid && invoiceId === 777
          ? {
              id: 777,
              companyId: cid,
              companyName: 'Cliente',
              valueCents: 9990,
              status: 'PENDING',
              dueDay: '2026-03-10',
              createdDay: '2026-03-01',
              paidDay: null,
              periodStartDay: null,
              periodEndDay: null,
              billingType: 'PIX',
              paymentLink: 'https://pagar.exemplo/fatura/777',
              transactionReceiptUrl: null,
            }
          : null,
      listForNotices: async () => [],
    });
    try {
      const claim = await repo.claimNotice(
        cid,
        { invoiceId: 777, kind: 'dueDay', channel: 'email', recipient: 'x@y.com' },
        { publicId: 'abcdEFGH1234', subscriptionId: 1, day: '2026-03-10', link: 'https://velho.exemplo/1' },
      );
      expect(claim).not.toBeNull();
      const r = await call('GET', '/n/email/abcdEFGH1234');
      expect(r).toEqual({ status: 200, body: { urlRedirect: 'https://pagar.exemplo/fatura/777' } });
      expect((await call('GET', '/n/whatsapp/abcdEFGH1234')).status).toBe(404);
      expect((await call('GET', '/n/email/naoExiste1234')).status).toBe(404);
      expect((await call('GET', '/n/sms/abcdEFGH1234')).status).toBe(404);
      const [row] = await repo.listNotices(cid, 777);
      expect(row.clicks).toBe(1);
    } finally {
      useInvoiceSource(null);
    }
  });
});

describe('demo seed (issue 21)', () => {
  test('notification connection, default templates and one subscription on Clínica Sorriso; idempotent', async () => {
    await scene();
    const clinic = await makeTenant({ name: DEMO_SUBSCRIPTION.companyName });
    // seedDemoBillingNotices finds the clinic by name and subscribes it (once, also when called twice)
    await seedDemoBillingNotices();
    await seedDemoBillingNotices();
    const subs = await repo.listSubscriptions(clinic.company.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      contactName: DEMO_SUBSCRIPTION.contactName,
      email: DEMO_SUBSCRIPTION.email,
      whatsappVAlidatedNumber: 'valido',
      invoiceDaysBeforeExpirationWp: 5,
    });
    const conn = await notificationCenterWhatsapp(null);
    expect(conn?.name).toBe(DEMO_NOTIFICATION_CONNECTION);
    expect((await repo.listTemplates()).filter((x) => x.name.startsWith('Padrão')).length).toBeGreaterThanOrEqual(6);
  });
});
