import { CreateTag, IdParam, PageQuery, SyncTicketTags, TagContactsQuery, UpdateTag } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  contactsByTags,
  createTag,
  deleteTag,
  listTags,
  showTag,
  syncTicketTags,
  tagsList,
  updateTag,
} from './tags.service';

const ListAllQuery = z.object({ kanban: z.enum(['0', '1'], { error: 'kanban deve ser 0 ou 1' }).optional() });

/** Spec 2 §7: GET /tags/ (also /tags: the app ignores a trailing slash), /tags/list, /tags/{id}; POST /tags; PUT, DELETE /tags/{id}; POST /tags/sync. */
export const tagsRoutes = new Hono<AppEnv>()
  .get('/tags', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listTags(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/tags/list', requireAuth, validate('query', ListAllQuery), async (c) =>
    c.json(await tagsList(c.get('ctx'), { kanbanOnly: c.req.valid('query').kanban === '1' }), 200),
  )
  .post('/tags/sync', requireAuth, validate('json', SyncTicketTags), async (c) =>
    c.json(await syncTicketTags(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/tags/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showTag(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/tags', requireAuth, validate('json', CreateTag), async (c) =>
    c.json(await createTag(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/tags/:id', requireAuth, validate('param', IdParam), validate('json', UpdateTag), async (c) =>
    c.json(await updateTag(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .get('/tagcontacts', requireAuth, validate('query', TagContactsQuery), async (c) =>
    c.json(await contactsByTags(c.get('ctx'), c.req.valid('query')), 200),
  )
  .delete('/tags/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteTag(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Tag excluída' }, 200);
  });
