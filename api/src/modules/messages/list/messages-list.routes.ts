import { IdValue, ListMessagesQuery } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/auth-middleware';
import type { AppEnv } from '../../../platform/http/context';
import { validate } from '../../../platform/http/validate';
import { listTicketMessages } from './messages-list.service';

const TicketIdParam = z.object({ ticketId: IdValue });

export const messagesListRoutes = new Hono<AppEnv>().get(
  '/messages/:ticketId',
  requireAuth,
  validate('param', TicketIdParam),
  validate('query', ListMessagesQuery),
  async (c) => c.json(await listTicketMessages(c.get('ctx'), c.req.valid('param').ticketId, c.req.valid('query')), 200),
);
