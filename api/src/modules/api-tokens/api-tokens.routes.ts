import { API_TOKEN_TEXTS, ApiTokenInput, IdParam, PageQuery } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  createApiToken,
  deleteApiToken,
  listApiTokens,
  revealApiToken,
  showApiToken,
  updateApiToken,
} from './api-tokens.service';

/**
 * Spec 2 §7 "API message tokens": GET /ApiSendMessageToken/ (searchParam, pageNumber), GET/PUT/DELETE
 * /ApiSendMessageToken/{id}, POST /ApiSendMessageToken; ours: GET /ApiSendMessageToken/{id}/reveal. `{id}` is the
 * numeric id, never the secret (docs/DECISIONS.md "Message API").
 */
export const apiTokensRoutes = new Hono<AppEnv>()
  .get('/ApiSendMessageToken', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listApiTokens(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/ApiSendMessageToken/:id/reveal', requireAuth, validate('param', IdParam), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await revealApiToken(c.get('ctx'), c.req.valid('param').id), 200);
  })
  .get('/ApiSendMessageToken/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showApiToken(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/ApiSendMessageToken', requireAuth, validate('json', ApiTokenInput), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await createApiToken(c.get('ctx'), c.req.valid('json')), 200);
  })
  .put(
    '/ApiSendMessageToken/:id',
    requireAuth,
    validate('param', IdParam),
    validate('json', ApiTokenInput),
    async (c) => c.json(await updateApiToken(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/ApiSendMessageToken/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteApiToken(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: API_TOKEN_TEXTS.deleted }, 200);
  });
