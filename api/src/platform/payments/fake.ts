import { randomUUID } from 'node:crypto';
import { dayIn, formatBrl } from '@zapdesk/core';
import { now } from '../clock';
import { log } from '../log';
import { storage } from '../storage';
import { hasWebhookToken, parseAsaasWebhook, toAsaasPayment } from './asaas';
import { type CreatePaymentInput, type GatewayPayment, type PaymentGateway, PaymentGatewayError } from './port';

/**
 * The embedded fake gateway (the default without PAYMENT_GATEWAY_URL; the demo and every test): payments are kept in
 * the storage port (`fake-gateway/{id}.json`, so a restart keeps the demo's links), the payment link is a local "pay"
 * page served by the API (`/fake-gateway/pay/{id}`, fake-gateway.routes.ts) whose "Pagar" button marks the payment
 * paid and sends the Asaas-shaped webhook, with the webhook token header, to the API's own webhook route. A cancelled
 * payment (`cancelPayment`, as Asaas's DELETE: `deleted: true`) keeps its page, which says so and takes no payment.
 */
export const FAKE_PAYMENT_ID = /^pay_fake_[a-f0-9]{32}$/;
const key = (id: string) => `fake-gateway/${id}.json`;
const TIME_ZONE = 'America/Sao_Paulo';

export type FakePayment = GatewayPayment & { description: string; events: number; deleted?: boolean };

export type FakeGateway = PaymentGateway & {
  readonly baseUrl: string;
  readonly webhookToken: string;
  load(id: string): Promise<FakePayment | null>;
  /**
   * The customer pays: the payment becomes RECEIVED (PIX, BOLETO) or CONFIRMED (card) with its receipt, and the
   * webhook is sent through `deliver`. A paid payment only sends its webhook again (same event id: a replay). A
   * cancelled one changes nothing and sends nothing (webhookStatus 0). Answers the payment and the webhook's status.
   */
  pay(
    id: string,
    deliver: (req: Request) => Promise<Response> | Response,
  ): Promise<{ payment: FakePayment; webhookStatus: number } | null>;
};

export function fakeGateway(opts: { baseUrl: string; webhookToken: string }): FakeGateway {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  async function load(id: string): Promise<FakePayment | null> {
    if (!FAKE_PAYMENT_ID.test(id)) return null;
    const got = await storage().get(key(id));
    if (!got) return null;
    try {
      return JSON.parse(await got.data.text()) as FakePayment;
    } catch {
      return null;
    }
  }
  async function save(p: FakePayment): Promise<void> {
    await storage().put(key(p.id), new TextEncoder().encode(JSON.stringify(p)), 'application/json');
  }
  return {
    name: 'fake',
    baseUrl,
    webhookToken: opts.webhookToken,
    load,
    async createCustomer(c) {
      return `cus_fake_${c.companyId}`;
    },
    async createPayment(p: CreatePaymentInput) {
      const id = `pay_fake_${randomUUID().replace(/-/g, '')}`;
      const payment: FakePayment = {
        id,
        customerId: p.customerId,
        status: 'PENDING',
        billingType: p.billingType,
        valueCents: p.valueCents,
        dueDate: p.dueDate,
        paymentLink: `${baseUrl}/fake-gateway/pay/${id}`,
        transactionReceiptUrl: null,
        paymentDate: null,
        externalReference: p.externalReference,
        description: p.description,
        events: 0,
      };
      await save(payment);
      return payment;
    },
    getPayment: (id) => load(id),
    async cancelPayment(id) {
      const p = await load(id);
      if (!p || p.deleted) return;
      if (p.status !== 'PENDING' && p.status !== 'OVERDUE') {
        throw new PaymentGatewayError(`gateway answered 400: invalid_action payment ${p.status}`, 400);
      }
      p.deleted = true;
      await save(p);
    },
    verifyWebhook: (headers) => hasWebhookToken(headers, opts.webhookToken),
    parseWebhook: parseAsaasWebhook,
    async pay(id, deliver) {
      const p = await load(id);
      if (!p) return null;
      if (p.deleted) return { payment: p, webhookStatus: 0 };
      if (p.status === 'PENDING' || p.status === 'OVERDUE') {
        p.status = p.billingType === 'CREDIT_CARD' ? 'CONFIRMED' : 'RECEIVED';
        p.paymentDate = dayIn(now(), TIME_ZONE);
        p.transactionReceiptUrl = `${baseUrl}/fake-gateway/receipt/${id}`;
        p.events += 1;
        await save(p);
      }
      const body = {
        id: `evt_fake_${p.id}_${p.events}`,
        event: p.status === 'CONFIRMED' ? 'PAYMENT_CONFIRMED' : 'PAYMENT_RECEIVED',
        dateCreated: new Date(now()).toISOString(),
        payment: toAsaasPayment(p),
      };
      let webhookStatus = 0;
      try {
        const res = await deliver(
          new Request(`${baseUrl}/billing/webhook/fake`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'asaas-access-token': opts.webhookToken },
            body: JSON.stringify(body),
          }),
        );
        webhookStatus = res.status;
        await res.body?.cancel().catch(() => {});
      } catch (err) {
        log.warn({ err, paymentId: id }, 'fake gateway: webhook not delivered');
      }
      return { payment: p, webhookStatus };
    },
  };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const brDate = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : d;
const TYPE_TEXT: Record<string, string> = { PIX: 'Pix', BOLETO: 'Boleto', CREDIT_CARD: 'Cartão de crédito' };

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:2rem}main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}button{width:100%;padding:.8rem;border:0;border-radius:8px;background:#16a34a;color:#fff;font-size:1.1rem;cursor:pointer}.note{color:#555;font-size:.85rem}.ok{color:#15803d}.err{color:#b91c1c}</style></head>
<body><main><h1>${esc(title)}</h1>${body}<p class="note">Gateway de pagamento de demonstração (ZapDesk): nenhum valor é cobrado.</p></main></body></html>`;
}

function details(p: FakePayment): string {
  return `<dl><dt>Descrição</dt><dd>${esc(p.description)}</dd><dt>Valor</dt><dd data-testid="value">${esc(formatBrl(p.valueCents))}</dd><dt>Vencimento</dt><dd data-testid="due-date">${esc(brDate(p.dueDate))}</dd><dt>Forma de pagamento</dt><dd data-testid="billing-type">${esc(TYPE_TEXT[p.billingType] ?? p.billingType)}</dd><dt>Situação</dt><dd data-testid="status">${esc(p.status)}</dd></dl>`;
}

/** The page of a cancelled payment: no form, nothing to pay. */
export function cancelledPageHtml(p: FakePayment): string {
  return page(
    'Pagamento',
    `${details(p)}<p class="err" data-testid="cancelled">Esta fatura foi cancelada. Não é possível pagá-la.</p>`,
  );
}

/** The pay page: the payment and, while unpaid, the "Pagar" form; a cancelled payment's says so. */
export function payPageHtml(p: FakePayment): string {
  if (p.deleted) return cancelledPageHtml(p);
  const unpaid = p.status === 'PENDING' || p.status === 'OVERDUE';
  const action = `/fake-gateway/pay/${p.id}`;
  const form = unpaid
    ? `<form method="post" action="${esc(action)}"><button type="submit">Pagar</button></form>`
    : `<p class="ok">Pagamento confirmado.</p>${p.transactionReceiptUrl ? `<p><a href="${esc(p.transactionReceiptUrl)}">Ver comprovante</a></p>` : ''}`;
  return page('Pagamento', details(p) + form);
}

export function paidPageHtml(p: FakePayment, webhookStatus: number): string {
  const delivered = webhookStatus >= 200 && webhookStatus < 300;
  const note = delivered
    ? '<p class="ok" data-testid="paid">Pagamento confirmado. Você já pode fechar esta página.</p>'
    : `<p class="err">Pagamento registrado, mas a plataforma não confirmou o aviso (${webhookStatus || 'sem resposta'}). <a href="/fake-gateway/pay/${esc(p.id)}">Tentar de novo</a></p>`;
  const again = delivered
    ? ''
    : `<form method="post" action="/fake-gateway/pay/${esc(p.id)}"><button type="submit">Reenviar aviso</button></form>`;
  return page('Pagamento', details(p) + note + again);
}

export function receiptPageHtml(p: FakePayment): string {
  return page(
    'Comprovante de pagamento',
    `${details(p)}<p>Pago em ${esc(brDate(p.paymentDate ?? ''))}. Pagamento ${esc(p.id)}.</p>`,
  );
}

export function notFoundPageHtml(): string {
  return page('Pagamento não encontrado', '<p class="err">Este link de pagamento não existe.</p>');
}
