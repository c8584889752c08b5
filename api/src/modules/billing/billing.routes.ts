import { BillingSettingsInput, IdParam, InvoiceListQuery, ManualInvoiceInput } from '@zapdesk/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { validate } from '../../platform/http/validate';
import { clientIp, rateLimiter } from '../../platform/ratelimit';
import {
  createManualInvoice,
  deleteInvoice,
  invoicesOfPlan,
  listInvoices,
  receiveWebhook,
  showBillingSettings,
  showInvoice,
  updateBillingSettings,
} from './billing.service';

const PlanIdParam = z.object({ planId: IdParam.shape.id });
const CompanyQuery = z.object({ companyId: IdParam.shape.id.optional() });
const GatewayParam = z.object({ gateway: z.string().max(40) });

/** a gateway event is a few kB; anything larger is not one */
export const WEBHOOK_BODY_MAX = 64 * 1024;
/** refused webhooks (no or wrong token) per client IP and minute before 429 */
const WEBHOOK_REFUSALS = { limit: 30, windowMs: 60_000 };
const refusalKey = (ip: string) => `billing-webhook-refused:${ip}`;

/**
 * Spec 3 §7 invoices: GET /invoiceToPlan/{planId}, POST /invoice/{planId}, DELETE /invoice/{id}; ours: GET /invoices
 * (the master's /invoices list), GET /invoice/{id}, GET/PUT /billing/settings, and the gateway's webhook
 * POST /billing/webhook/{gateway} (no session: its token header). DECISIONS "Billing: invoices and payment gateway".
 */
export const billingRoutes = new Hono<AppEnv>()
  .get(
    '/invoiceToPlan/:planId',
    requireAuth,
    validate('param', PlanIdParam),
    validate('query', CompanyQuery),
    async (c) =>
      c.json(await invoicesOfPlan(c.get('ctx'), c.req.valid('param').planId, c.req.valid('query').companyId), 200),
  )
  .get('/invoices', requireAuth, validate('query', InvoiceListQuery), async (c) =>
    c.json(await listInvoices(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/invoice/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showInvoice(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post(
    '/invoice/:planId',
    requireAuth,
    validate('param', PlanIdParam),
    validate('json', ManualInvoiceInput),
    async (c) => c.json(await createManualInvoice(c.get('ctx'), c.req.valid('param').planId, c.req.valid('json')), 200),
  )
  .delete('/invoice/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await deleteInvoice(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .get('/billing/settings', requireAuth, async (c) => c.json(await showBillingSettings(c.get('ctx')), 200))
  .put('/billing/settings', requireAuth, validate('json', BillingSettingsInput), async (c) =>
    c.json(await updateBillingSettings(c.get('ctx'), c.req.valid('json')), 200),
  )
  .post(
    '/billing/webhook/:gateway',
    bodyLimit({
      maxSize: WEBHOOK_BODY_MAX,
      onError: (c) => c.json(errorBody('ERR_PAYLOAD_TOO_LARGE'), 413),
    }),
    validate('param', GatewayParam),
    async (c) => {
      const ip = clientIp(c);
      const seen = await rateLimiter().peek(refusalKey(ip), WEBHOOK_REFUSALS);
      if (seen.limited) {
        c.header('Retry-After', String(seen.retryAfterS));
        return c.json(errorBody('ERR_TOO_MANY_REQUESTS'), 429);
      }
      let body: unknown = null;
      const text = await c.req.text();
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = undefined;
      }
      const r = await receiveWebhook(c.req.valid('param').gateway, c.req.raw.headers, body);
      if (r.status === 401) {
        await rateLimiter().hit(refusalKey(ip), WEBHOOK_REFUSALS);
        return c.json(errorBody('ERR_UNAUTHORIZED'), 401);
      }
      if (r.status === 404) return c.json(errorBody('ERR_NOT_FOUND'), 404);
      if (r.status === 400) return c.json(errorBody('ERR_VALIDATION', 'Evento inválido.'), 400);
      if (r.status !== 200) return c.json(errorBody('ERR_VALIDATION'), 400);
      return c.json({ received: true, outcome: r.outcome }, 200);
    },
  );
