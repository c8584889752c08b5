import {
  IdParam,
  IdValue,
  SubscriptionCreateInput,
  SubscriptionDeleteInput,
  SubscriptionUpdateInput,
  TemplateCreateInput,
  TemplatePreviewInput,
  TemplateUpdateInput,
} from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { validate } from '../../platform/http/validate';
import { clientIp, rateLimiter } from '../../platform/ratelimit';
import * as svc from './billing-notices.service';

const CompanyIdParam = z.object({ companyId: IdValue });
const NParams = z.object({
  platform: z.enum(svc.N_PLATFORMS, { error: 'Link inválido' }),
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Link inválido'),
});
/** /n is public: 60 follows per client IP per minute */
const N_RULE = { limit: 60, windowMs: 60_000 };

/**
 * Spec 3 §7: notification subscriptions and templates; GET /n/{platform}/{id} (public). Ours: GET
 * /notification/template/placeholders and POST /notification/template/preview (the editor's list and preview).
 * Rules: billing-notices.service.ts.
 */
export const billingNoticesRoutes = new Hono<AppEnv>()
  .get('/notification/subscription/list/:companyId', requireAuth, validate('param', CompanyIdParam), async (c) =>
    c.json(await svc.listSubscriptions(c.get('ctx'), c.req.valid('param').companyId), 200),
  )
  .get('/notification/subscription/show/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await svc.showSubscription(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/notification/subscription/store', requireAuth, validate('json', SubscriptionCreateInput), async (c) =>
    c.json(await svc.createSubscription(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put(
    '/notification/subscription/edit/:id',
    requireAuth,
    validate('param', IdParam),
    validate('json', SubscriptionUpdateInput),
    async (c) => c.json(await svc.updateSubscription(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete(
    '/notification/subscription/:id',
    requireAuth,
    validate('param', IdParam),
    validate('json', SubscriptionDeleteInput),
    async (c) =>
      c.json(await svc.deleteSubscription(c.get('ctx'), c.req.valid('param').id, c.req.valid('json').companyId), 200),
  )
  .get('/notification/template', requireAuth, async (c) => c.json(await svc.listTemplates(c.get('ctx')), 200))
  .get('/notification/template/placeholders', requireAuth, (c) => c.json(svc.templatePlaceholders(c.get('ctx')), 200))
  .post('/notification/template/preview', requireAuth, validate('json', TemplatePreviewInput), (c) =>
    c.json(svc.previewTemplate(c.get('ctx'), c.req.valid('json')), 200),
  )
  .post('/notification/template', requireAuth, validate('json', TemplateCreateInput), async (c) =>
    c.json(await svc.createTemplate(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/notification/template/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await svc.showTemplate(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .put(
    '/notification/template/:id',
    requireAuth,
    validate('param', IdParam),
    validate('json', TemplateUpdateInput),
    async (c) => c.json(await svc.updateTemplate(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/notification/template/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await svc.deleteTemplate(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .get('/n/:platform/:id', async (c) => {
    const s = await rateLimiter().hit(`billing-notices:n:${clientIp(c)}`, N_RULE);
    if (s.count > N_RULE.limit) {
      c.header('Retry-After', String(s.retryAfterS));
      return c.json(errorBody('ERR_TOO_MANY_REQUESTS', 'Muitas tentativas. Aguarde um minuto.'), 429);
    }
    const parsed = NParams.safeParse(c.req.param());
    if (!parsed.success) return c.json(errorBody('ERR_NOT_FOUND', 'Link não encontrado.'), 404);
    return c.json(await svc.followNoticeLink(parsed.data.platform, parsed.data.id), 200);
  });
