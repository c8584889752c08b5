import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { asaasGateway, parseAsaasWebhook } from './asaas';
import { PaymentGatewayError } from './port';

/**
 * Acceptance 3 (issue 21): the Asaas adapter against a local HTTP server answering Asaas's documented shapes
 * (https://docs.asaas.com: customers, payments, errors `{ errors: [{ code, description }] }`), no internet.
 */
const KEY = '$aact_test_key';
const PORT = Number(process.env.PAYMENT_TEST_PORT ?? 4324);
const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
const payments = new Map<string, Record<string, unknown>>();
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  server = Bun.serve({
    port: PORT,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const body = req.method === 'POST' ? await req.json() : null;
      calls.push({ method: req.method, path: url.pathname, headers: req.headers, body });
      if (req.headers.get('access_token') !== KEY) {
        return new Response(null, { status: 401 });
      }
      if (url.pathname === '/api/v3/customers' && req.method === 'POST') {
        const b = body as { name: string; cpfCnpj?: string; email?: string };
        return Response.json({
          object: 'customer',
          id: 'cus_000005219613',
          dateCreated: '2026-11-28',
          name: b.name,
          email: b.email ?? null,
          cpfCnpj: b.cpfCnpj ?? null,
          personType: 'JURIDICA',
          deleted: false,
        });
      }
      if (url.pathname === '/api/v3/payments' && req.method === 'POST') {
        const b = body as Record<string, unknown>;
        if (typeof b.value !== 'number' || b.value < 5) {
          return Response.json(
            { errors: [{ code: 'invalid_value', description: 'O valor da cobrança deve ser maior que R$ 5,00.' }] },
            { status: 400 },
          );
        }
        const p = {
          object: 'payment',
          id: 'pay_080225913252',
          dateCreated: '2026-11-28',
          customer: b.customer,
          value: b.value,
          netValue: (b.value as number) - 0.99,
          description: b.description,
          billingType: b.billingType,
          status: 'PENDING',
          dueDate: b.dueDate,
          originalDueDate: b.dueDate,
          paymentDate: null,
          clientPaymentDate: null,
          invoiceUrl: 'https://sandbox.asaas.com/i/080225913252',
          invoiceNumber: '00005101',
          externalReference: b.externalReference,
          deleted: false,
          bankSlipUrl: b.billingType === 'BOLETO' ? 'https://sandbox.asaas.com/b/pdf/080225913252' : null,
          transactionReceiptUrl: null,
        };
        payments.set(p.id, p);
        return Response.json(p);
      }
      const m = /^\/api\/v3\/payments\/([^/]+)$/.exec(url.pathname);
      if (m && req.method === 'GET') {
        const p = payments.get(decodeURIComponent(m[1]));
        if (!p)
          return Response.json(
            { errors: [{ code: 'invalid_action', description: 'Não encontrado' }] },
            { status: 404 },
          );
        return Response.json({
          ...p,
          status: 'RECEIVED',
          paymentDate: '2026-11-29',
          transactionReceiptUrl:
            'https://sandbox.asaas.com/comprovantes/h/UEFZTUVOVF9SRUNFSVZFRDpwYXlfMDgwMjI1OTEzMjUy',
        });
      }
      if (m && req.method === 'DELETE') {
        const id = decodeURIComponent(m[1]);
        if (id === 'pay_received') {
          return Response.json(
            { errors: [{ code: 'invalid_action', description: 'Não é possível remover uma cobrança já recebida.' }] },
            { status: 400 },
          );
        }
        if (!payments.delete(id))
          return Response.json(
            { errors: [{ code: 'invalid_action', description: 'Não encontrado' }] },
            { status: 404 },
          );
        return Response.json({ deleted: true, id });
      }
      if (url.pathname === '/api/v3/slow') return new Promise(() => {});
      return new Response('<html>not json</html>', { status: 502 });
    },
  });
});
afterAll(() => server.stop(true));

const gateway = (over: { apiKey?: string; timeoutMs?: number } = {}) =>
  asaasGateway({
    url: `http://127.0.0.1:${PORT}/api/`,
    apiKey: over.apiKey ?? KEY,
    webhookToken: 'whsec-token-123',
    timeoutMs: over.timeoutMs ?? 2000,
  });

describe('Asaas adapter', () => {
  test('customer, payment and its later state: the documented shapes map to the invoice fields', async () => {
    const g = gateway();
    const customerId = await g.createCustomer({
      companyId: 7,
      name: 'Empresa Sete',
      email: 'financeiro@sete.com.br',
      documentNumber: '11222333000181',
    });
    expect(customerId).toBe('cus_000005219613');
    const sent = calls.at(-1);
    expect(sent?.headers.get('access_token')).toBe(KEY);
    expect(sent?.headers.get('content-type')).toContain('application/json');
    expect(sent?.body).toMatchObject({
      name: 'Empresa Sete',
      cpfCnpj: '11222333000181',
      externalReference: 'company-7',
    });

    const p = await g.createPayment({
      customerId,
      billingType: 'BOLETO',
      valueCents: 29_970,
      dueDate: '2026-12-10',
      description: 'Plano Pro — 3 meses',
      externalReference: 'invoice-42',
    });
    expect(calls.at(-1)?.body).toEqual({
      customer: 'cus_000005219613',
      billingType: 'BOLETO',
      value: 299.7,
      dueDate: '2026-12-10',
      description: 'Plano Pro — 3 meses',
      externalReference: 'invoice-42',
    });
    expect(p).toEqual({
      id: 'pay_080225913252',
      customerId: 'cus_000005219613',
      status: 'PENDING',
      billingType: 'BOLETO',
      valueCents: 29_970,
      dueDate: '2026-12-10',
      paymentLink: 'https://sandbox.asaas.com/i/080225913252',
      transactionReceiptUrl: null,
      paymentDate: null,
      externalReference: 'invoice-42',
    });

    const later = await g.getPayment('pay_080225913252');
    expect(later).toMatchObject({
      status: 'RECEIVED',
      paymentDate: '2026-11-29',
      transactionReceiptUrl: expect.stringContaining('/comprovantes/'),
    });
    expect(await g.getPayment('pay_missing')).toBeNull();
  });

  test("the gateway's refusals, a wrong key, a non-JSON answer and a hung server are PaymentGatewayErrors", async () => {
    const g = gateway();
    const low = g.createPayment({
      customerId: 'cus_1',
      billingType: 'PIX',
      valueCents: 100,
      dueDate: '2026-12-10',
      description: 'x',
      externalReference: 'invoice-1',
    });
    await expect(low).rejects.toThrow(
      'gateway answered 400: invalid_value O valor da cobrança deve ser maior que R$ 5,00.',
    );
    await expect(
      gateway({ apiKey: 'wrong' }).createCustomer({ companyId: 1, name: 'X', email: null, documentNumber: null }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    const broken = asaasGateway({ url: `http://127.0.0.1:${PORT}/api/v9`, apiKey: KEY, webhookToken: 't' });
    await expect(broken.getPayment('x')).rejects.toThrow('no JSON');
    const slow = asaasGateway({
      url: `http://127.0.0.1:${PORT}/api/v3/slow#`,
      apiKey: KEY,
      webhookToken: 't',
      timeoutMs: 300,
    });
    const started = performance.now();
    await expect(slow.getPayment('x')).rejects.toThrow('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('cancel: DELETE /v3/payments/{id}; already gone is done; a refusal, an error page and a hung server throw', async () => {
    const g = gateway();
    const p = await g.createPayment({
      customerId: 'cus_000005219613',
      billingType: 'PIX',
      valueCents: 9_990,
      dueDate: '2026-12-10',
      description: 'Plano Pro — 1 mês',
      externalReference: 'invoice-43',
    });
    await g.cancelPayment(p.id);
    const sent = calls.at(-1);
    expect(sent).toMatchObject({ method: 'DELETE', path: `/api/v3/payments/${p.id}` });
    expect(sent?.headers.get('access_token')).toBe(KEY);
    expect(await g.getPayment(p.id)).toBeNull();
    // deleted before (or never known): Asaas answers 404 — nothing left to cancel
    await g.cancelPayment(p.id);
    await expect(g.cancelPayment('pay_received')).rejects.toThrow(
      'gateway answered 400: invalid_action Não é possível remover uma cobrança já recebida.',
    );
    await expect(gateway({ apiKey: 'wrong' }).cancelPayment('pay_x')).rejects.toThrow('gateway answered 401');
    const broken = asaasGateway({ url: `http://127.0.0.1:${PORT}/api/v9`, apiKey: KEY, webhookToken: 't' });
    await expect(broken.cancelPayment('x')).rejects.toThrow('gateway answered 502 with no JSON');
    const slow = asaasGateway({
      url: `http://127.0.0.1:${PORT}/api/v3/slow#`,
      apiKey: KEY,
      webhookToken: 't',
      timeoutMs: 300,
    });
    const started = performance.now();
    await expect(slow.cancelPayment('x')).rejects.toThrow('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('webhook: the asaas-access-token header authenticates; the body gives event id, event and payment', () => {
    const g = gateway();
    expect(g.verifyWebhook(new Headers({ 'asaas-access-token': 'whsec-token-123' }))).toBe(true);
    expect(g.verifyWebhook(new Headers({ 'asaas-access-token': 'whsec-token-124' }))).toBe(false);
    expect(g.verifyWebhook(new Headers())).toBe(false);
    expect(
      asaasGateway({ url: 'http://x', apiKey: KEY, webhookToken: '' }).verifyWebhook(
        new Headers({ 'asaas-access-token': '' }),
      ),
    ).toBe(false);
    const e = g.parseWebhook({
      id: 'evt_05b708f961d739ea7eba7e4db318f621&368604920',
      event: 'PAYMENT_RECEIVED',
      dateCreated: '2026-11-29 10:00:00',
      payment: {
        object: 'payment',
        id: 'pay_080225913252',
        customer: 'cus_000005219613',
        value: 299.7,
        billingType: 'PIX',
        status: 'RECEIVED',
        dueDate: '2026-12-10',
        paymentDate: '2026-11-29',
        invoiceUrl: 'https://sandbox.asaas.com/i/080225913252',
        transactionReceiptUrl: 'https://sandbox.asaas.com/comprovantes/1',
        externalReference: 'invoice-42',
      },
    });
    expect(e).toEqual({
      eventId: 'evt_05b708f961d739ea7eba7e4db318f621&368604920',
      event: 'PAYMENT_RECEIVED',
      payment: expect.objectContaining({ id: 'pay_080225913252', status: 'RECEIVED', valueCents: 29_970 }),
    });
    expect(parseAsaasWebhook({ event: 'PAYMENT_RECEIVED' })).toBeNull();
    expect(parseAsaasWebhook('x')).toBeNull();
    expect(parseAsaasWebhook({ id: 'evt_1', event: 'ACCOUNT_STATUS_UPDATED' })).toEqual({
      eventId: 'evt_1',
      event: 'ACCOUNT_STATUS_UPDATED',
      payment: null,
    });
  });
});
