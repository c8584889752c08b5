import { PageQuery } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { listMailOutbox } from './mail-outbox.service';

/** Ours (DECISIONS "Public store, mail and lookups"): the embedded outbox's e-mails, master only. */
export const mailOutboxRoutes = new Hono<AppEnv>().get(
  '/mailOutbox',
  requireAuth,
  validate('query', PageQuery),
  async (c) => c.json(await listMailOutbox(c.get('ctx'), c.req.valid('query')), 200),
);
