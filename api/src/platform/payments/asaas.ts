import { timingSafeEqual } from 'node:crypto';
import {
  type CreatePaymentInput,
  type GatewayCustomerInput,
  type GatewayPayment,
  type GatewayWebhookEvent,
  type PaymentGateway,
  PaymentGatewayError,
} from './port';

/**
 * Asaas (https://docs.asaas.com): a thin typed client of its v3 API — `POST /v3/customers`, `POST /v3/payments`,
 * `GET /v3/payments/{id}`, `DELETE /v3/payments/{id}` (cancel) with the `access_token` header — and its webhooks (`asaas-access-token` header, body
 * `{ id, event, payment }`). The base URL is configurable (PAYMENT_GATEWAY_URL: https://api.asaas.com/api for
 * production, https://sandbox.asaas.com/api for trials, a local server in tests). One call, no retries, bounded by
 * `timeoutMs`. The embedded fake speaks the same webhook, so both share the parsing here.
 */

/** Asaas's payment object (the fields we read). */
export type AsaasPayment = {
  object?: 'payment';
  id: string;
  customer: string;
  status: string;
  billingType: string;
  value: number;
  dueDate: string;
  invoiceUrl?: string | null;
  bankSlipUrl?: string | null;
  transactionReceiptUrl?: string | null;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  externalReference?: string | null;
  description?: string | null;
  dateCreated?: string;
  deleted?: boolean;
};

/** Asaas's webhook body. */
export type AsaasWebhook = { id: string; event: string; dateCreated?: string; payment?: AsaasPayment };

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const MAX_TEXT = 2000;
const short = (v: unknown): string | null => {
  const s = str(v);
  return s && s.length <= MAX_TEXT ? s : null;
};

/** An Asaas payment object → the port's payment; null when it lacks an id. */
export function fromAsaasPayment(p: unknown): GatewayPayment | null {
  if (!p || typeof p !== 'object') return null;
  const o = p as Record<string, unknown>;
  const id = short(o.id);
  if (!id) return null;
  const value = typeof o.value === 'number' ? o.value : Number(o.value);
  return {
    id,
    customerId: short(o.customer) ?? '',
    status: short(o.status) ?? 'PENDING',
    billingType: short(o.billingType) ?? 'UNDEFINED',
    valueCents: Number.isFinite(value) ? Math.round(value * 100) : 0,
    dueDate: short(o.dueDate) ?? '',
    paymentLink: short(o.invoiceUrl) ?? short(o.bankSlipUrl),
    transactionReceiptUrl: short(o.transactionReceiptUrl),
    paymentDate: short(o.paymentDate) ?? short(o.clientPaymentDate),
    externalReference: short(o.externalReference),
  };
}

export function toAsaasPayment(p: GatewayPayment & { description?: string }): AsaasPayment {
  return {
    object: 'payment',
    id: p.id,
    customer: p.customerId,
    status: p.status,
    billingType: p.billingType,
    value: p.valueCents / 100,
    dueDate: p.dueDate,
    invoiceUrl: p.paymentLink,
    transactionReceiptUrl: p.transactionReceiptUrl,
    paymentDate: p.paymentDate,
    externalReference: p.externalReference,
    description: p.description ?? null,
  };
}

/** An Asaas webhook body → the event; null when it is not one (no event id or name). */
export function parseAsaasWebhook(body: unknown): GatewayWebhookEvent | null {
  if (!body || typeof body !== 'object') return null;
  const o = body as Record<string, unknown>;
  const eventId = short(o.id);
  const event = short(o.event);
  if (!eventId || !event) return null;
  return { eventId, event, payment: fromAsaasPayment(o.payment) };
}

/** The webhook's `asaas-access-token` equals `token` (constant time; an empty token never matches). */
export function hasWebhookToken(headers: Headers, token: string): boolean {
  const got = headers.get('asaas-access-token');
  if (!token || !got) return false;
  const a = Buffer.from(got);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** the most bytes of an Asaas answer we read (a payment is ~2 kB) */
const MAX_ANSWER_BYTES = 256 * 1024;

export function asaasGateway(opts: {
  url: string;
  apiKey: string;
  webhookToken: string;
  timeoutMs?: number;
  userAgent?: string;
}): PaymentGateway {
  const base = opts.url.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: unknown }> {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), timeoutMs);
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        signal: ac.signal,
        redirect: 'error',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          access_token: opts.apiKey,
          'user-agent': opts.userAgent ?? 'ZapDesk/1.0',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (text.length > MAX_ANSWER_BYTES) throw new PaymentGatewayError('gateway answer too large', res.status);
      let data: unknown = null;
      if (text) {
        try {
          data = JSON.parse(text);
        } catch {
          throw new PaymentGatewayError(`gateway answered ${res.status} with no JSON`, res.status);
        }
      }
      return { status: res.status, data };
    } catch (err) {
      if (err instanceof PaymentGatewayError) throw err;
      if (ac.signal.aborted) throw new PaymentGatewayError('gateway timeout');
      throw new PaymentGatewayError(`gateway unreachable: ${String((err as Error)?.message ?? err).slice(0, 200)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  const describe = (r: { status: number; data: unknown }) => {
    const errors = (r.data as { errors?: { code?: string; description?: string }[] } | null)?.errors;
    const first = Array.isArray(errors) ? errors[0] : undefined;
    return `gateway answered ${r.status}${first ? `: ${first.code ?? ''} ${first.description ?? ''}`.trimEnd() : ''}`;
  };

  return {
    name: 'asaas',
    async createCustomer(c: GatewayCustomerInput) {
      const r = await call('POST', '/v3/customers', {
        name: c.name,
        email: c.email ?? undefined,
        cpfCnpj: c.documentNumber ?? undefined,
        externalReference: `company-${c.companyId}`,
        notificationDisabled: true,
      });
      const id = r.status < 300 ? short((r.data as { id?: unknown } | null)?.id) : null;
      if (!id) throw new PaymentGatewayError(describe(r), r.status);
      return id;
    },
    async createPayment(p: CreatePaymentInput) {
      const r = await call('POST', '/v3/payments', {
        customer: p.customerId,
        billingType: p.billingType,
        value: p.valueCents / 100,
        dueDate: p.dueDate,
        description: p.description,
        externalReference: p.externalReference,
      });
      const payment = r.status < 300 ? fromAsaasPayment(r.data) : null;
      if (!payment) throw new PaymentGatewayError(describe(r), r.status);
      return payment;
    },
    async getPayment(id: string) {
      const r = await call('GET', `/v3/payments/${encodeURIComponent(id)}`);
      if (r.status === 404) return null;
      const payment = r.status < 300 ? fromAsaasPayment(r.data) : null;
      if (!payment) throw new PaymentGatewayError(describe(r), r.status);
      return payment;
    },
    async cancelPayment(id: string) {
      // Asaas answers `{ deleted: true, id }`; a payment it no longer knows (deleted before) is 404: already gone
      const r = await call('DELETE', `/v3/payments/${encodeURIComponent(id)}`);
      if (r.status === 404) return;
      if (r.status < 300 && (r.data as { deleted?: unknown } | null)?.deleted === true) return;
      throw new PaymentGatewayError(describe(r), r.status);
    },
    verifyWebhook: (headers) => hasWebhookToken(headers, opts.webhookToken),
    parseWebhook: parseAsaasWebhook,
  };
}
