import { createHmac } from 'node:crypto';
import { platform } from '../index';
import { asaasGateway } from './asaas';
import { type FakeGateway, fakeGateway } from './fake';
import type { PaymentGateway } from './port';

export { FAKE_PAYMENT_ID, type FakeGateway, type FakePayment } from './fake';
export * from './port';

/**
 * The payment gateway's settings, read from the environment:
 * - PAYMENT_GATEWAY_URL: Asaas's API base (https://api.asaas.com/api, or https://sandbox.asaas.com/api for trials);
 *   unset → the embedded fake gateway (pay page served by the API).
 * - PAYMENT_GATEWAY_KEY: Asaas's API key (`access_token` header).
 * - PAYMENT_WEBHOOK_TOKEN: the token Asaas sends in `asaas-access-token` on webhooks (the one set on Asaas's webhook
 *   page); the fake's defaults to a secret derived from JWT_SECRET.
 * - PAYMENT_GATEWAY_TIMEOUT_MS: one call's limit (default 10000).
 */
export type PaymentsEnv = { url?: string; apiKey: string; webhookToken?: string; timeoutMs: number };

export function paymentsEnvOf(source: Record<string, string | undefined> = process.env): PaymentsEnv {
  const t = Number(source.PAYMENT_GATEWAY_TIMEOUT_MS);
  return {
    url: source.PAYMENT_GATEWAY_URL?.trim() || undefined,
    apiKey: source.PAYMENT_GATEWAY_KEY ?? '',
    webhookToken: source.PAYMENT_WEBHOOK_TOKEN?.trim() || undefined,
    timeoutMs: Number.isFinite(t) && t > 0 ? Math.min(60_000, Math.max(500, t)) : 10_000,
  };
}

export function gatewayFromEnv(
  env: { backendUrl: string; jwtSecret: string },
  p: PaymentsEnv = paymentsEnvOf(),
): PaymentGateway {
  if (p.url) {
    return asaasGateway({
      url: p.url,
      apiKey: p.apiKey,
      webhookToken: p.webhookToken ?? '',
      timeoutMs: p.timeoutMs,
      userAgent: `ZapDesk/1.0 (${env.backendUrl})`,
    });
  }
  const token =
    p.webhookToken ?? createHmac('sha256', env.jwtSecret).update('zapdesk-fake-payment-webhook').digest('base64url');
  return fakeGateway({ baseUrl: env.backendUrl, webhookToken: token });
}

let override: PaymentGateway | undefined;
let cached: { key: string; gateway: PaymentGateway } | undefined;

/** The process's gateway: the one set by usePaymentGateway, else the environment's. */
export function paymentGateway(): PaymentGateway {
  if (override) return override;
  const env = platform().env;
  const p = paymentsEnvOf();
  const key = `${env.backendUrl}|${env.jwtSecret}|${p.url ?? ''}|${p.apiKey}|${p.webhookToken ?? ''}`;
  if (!cached || cached.key !== key) cached = { key, gateway: gatewayFromEnv(env, p) };
  return cached.gateway;
}

/** The fake gateway when it is the one in use (its pay pages answer), else null. */
export function fakeGatewayInUse(): FakeGateway | null {
  const g = paymentGateway();
  return g.name === 'fake' ? (g as FakeGateway) : null;
}

/** Tests swap the adapter; undefined goes back to the environment's. */
export function usePaymentGateway(g: PaymentGateway | undefined): void {
  override = g;
}
