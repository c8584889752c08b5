import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';
import { fakeGatewayInUse } from '../../platform/payments';
import {
  cancelledPageHtml,
  notFoundPageHtml,
  paidPageHtml,
  payPageHtml,
  receiptPageHtml,
} from '../../platform/payments/fake';

/** The pages are plain HTML with inline styles and one form posting to itself: nothing else may load or run. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/**
 * The embedded fake gateway's public pages (no session; the unguessable payment id is the key, as a gateway's
 * link): GET /fake-gateway/pay/{id} (value, due date, billing type, "Pagar"), POST /fake-gateway/pay/{id} (pays and
 * sends the webhook to this API through `selfFetch`), GET /fake-gateway/receipt/{id}. A cancelled payment's page says
 * so (410) and its form pays nothing. 404 when a real gateway is configured.
 */
export function fakeGatewayRoutes(selfFetch: (req: Request) => Response | Promise<Response>) {
  const html = (body: string, status: 200 | 404 | 410 | 502 = 200) =>
    new Response(body, {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': PAGE_CSP,
        'cache-control': 'no-store',
      },
    });
  return new Hono<AppEnv>()
    .get('/fake-gateway/pay/:id', async (c) => {
      const fake = fakeGatewayInUse();
      const p = fake ? await fake.load(c.req.param('id')) : null;
      if (!p) return html(notFoundPageHtml(), 404);
      return p.deleted ? html(cancelledPageHtml(p), 410) : html(payPageHtml(p));
    })
    .post('/fake-gateway/pay/:id', async (c) => {
      const fake = fakeGatewayInUse();
      const r = fake ? await fake.pay(c.req.param('id'), selfFetch) : null;
      if (!r) return html(notFoundPageHtml(), 404);
      if (r.payment.deleted) return html(cancelledPageHtml(r.payment), 410);
      const ok = r.webhookStatus >= 200 && r.webhookStatus < 300;
      return html(paidPageHtml(r.payment, r.webhookStatus), ok ? 200 : 502);
    })
    .get('/fake-gateway/receipt/:id', async (c) => {
      const fake = fakeGatewayInUse();
      const p = fake ? await fake.load(c.req.param('id')) : null;
      return p?.transactionReceiptUrl ? html(receiptPageHtml(p)) : html(notFoundPageHtml(), 404);
    });
}
