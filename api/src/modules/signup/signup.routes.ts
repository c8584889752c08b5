import { DomainError, LeadIdParam, LeadInput, SubscriptionInput } from '@zapdesk/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { clientIp } from '../../platform/ratelimit';
import { createLead, showLead, subscribe } from './signup.service';

/** a 429 carries Retry-After */
async function withRetryAfter<T>(c: Context<AppEnv>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const d = err instanceof DomainError ? (err.details as { retryAfterS?: number } | undefined) : undefined;
    if (d?.retryAfterS) c.header('Retry-After', String(d.retryAfterS));
    throw err;
  }
}

/**
 * Spec 3 §7 POST /lead, GET /lead/{leadId}, POST /subscription — the public store and self-subscription, no session
 * (rate limited per client IP, small bodies: body-limit.ts). DECISIONS "Public store, mail and lookups".
 */
export const signupRoutes = new Hono<AppEnv>()
  .post('/lead', validate('json', LeadInput), async (c) =>
    c.json(await withRetryAfter(c, () => createLead(c.req.valid('json'), clientIp(c))), 201),
  )
  .get('/lead/:leadId', validate('param', LeadIdParam), async (c) =>
    c.json(await withRetryAfter(c, () => showLead(c.req.valid('param').leadId, clientIp(c))), 200),
  )
  .post('/subscription', validate('json', SubscriptionInput), async (c) =>
    c.json(await withRetryAfter(c, () => subscribe(c.req.valid('json'), clientIp(c))), 201),
  );
