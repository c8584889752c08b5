import { KanbanQuery, TicketTagParams, TicketTagsParam } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { addTicketTag, kanbanTags, removeTicketKanbanTags, ticketKanban } from './kanban.service';

/** Spec 2 §7 'Tags and kanban': GET /tagskanban, GET /ticketkanban, DELETE /ticket-tags/{ticketId}, PUT /ticket-tags/{ticketId}/{tagId}. */
export const kanbanRoutes = new Hono<AppEnv>()
  .get('/tagskanban', requireAuth, async (c) => c.json(await kanbanTags(c.get('ctx')), 200))
  .get('/ticketkanban', requireAuth, validate('query', KanbanQuery), async (c) =>
    c.json(await ticketKanban(c.get('ctx'), c.req.valid('query')), 200),
  )
  .delete('/ticket-tags/:ticketId', requireAuth, validate('param', TicketTagsParam), async (c) =>
    c.json(await removeTicketKanbanTags(c.get('ctx'), c.req.valid('param').ticketId), 200),
  )
  .put('/ticket-tags/:ticketId/:tagId', requireAuth, validate('param', TicketTagParams), async (c) => {
    const { ticketId, tagId } = c.req.valid('param');
    return c.json(await addTicketTag(c.get('ctx'), ticketId, tagId), 200);
  });
