import {
  CepParam,
  CnpjParam,
  LOOKUP_RULE,
  LOOKUP_TEXTS,
  WHATSAPP_CHECK_RULE,
  WhatsappNumberParam,
} from '@zapdesk/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { validate } from '../../platform/http/validate';
import { clientIp, type RateRule, rateLimiter } from '../../platform/ratelimit';
import { cepLookup, cnpjLookup, whatsappCheck } from './lookups.service';

/** counts one call of `key`; over the rule → the 429 answer (with Retry-After), else null */
async function limited(c: Context<AppEnv>, key: string, rule: RateRule) {
  const s = await rateLimiter().hit(key, rule);
  if (s.count <= rule.limit) return null;
  c.header('Retry-After', String(s.retryAfterS));
  return c.json(errorBody('ERR_TOO_MANY_REQUESTS', LOOKUP_TEXTS.limited), 429);
}

/**
 * Spec 3 §7 GET /helper/cnpj/{digits} and GET /helper/whatsapp/{number}; ours GET /helper/cep/{cep}. The CNPJ and CEP
 * lookups answer without a session (the public /subscription page uses them), LOOKUP_RULE per client IP each;
 * the WhatsApp check needs a session (WHATSAPP_CHECK_RULE per user).
 */
export const lookupsRoutes = new Hono<AppEnv>()
  .get('/helper/cnpj/:digits', validate('param', CnpjParam), async (c) => {
    const refused = await limited(c, `lookup:cnpj:${clientIp(c)}`, LOOKUP_RULE);
    if (refused) return refused;
    return c.json(await cnpjLookup(c.req.valid('param').digits), 200);
  })
  .get('/helper/cep/:cep', validate('param', CepParam), async (c) => {
    const refused = await limited(c, `lookup:cep:${clientIp(c)}`, LOOKUP_RULE);
    if (refused) return refused;
    return c.json(await cepLookup(c.req.valid('param').cep), 200);
  })
  .get('/helper/whatsapp/:number', requireAuth, validate('param', WhatsappNumberParam), async (c) => {
    const ctx = c.get('ctx');
    const refused = await limited(c, `lookup:whatsapp:${ctx.user.id}`, WHATSAPP_CHECK_RULE);
    if (refused) return refused;
    return c.json(await whatsappCheck(ctx, c.req.valid('param').number), 200);
  });
