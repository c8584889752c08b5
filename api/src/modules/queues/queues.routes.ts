import { IdParam, QueueInput, QueueUpdateInput } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import * as queues from './queues.service';

/** `GET /queue` answers the array of the company's queues (as the spec's screens use it); `/queue/` too (the app ignores a trailing slash). */
export const queuesRoutes = new Hono<AppEnv>()
  .get('/queue', requireAuth, async (c) => c.json(await queues.listQueues(c.get('ctx')), 200))
  .get('/queue/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await queues.getQueue(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/queue', requireAuth, validate('json', QueueInput), async (c) =>
    c.json(await queues.createQueue(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/queue/:id', requireAuth, validate('param', IdParam), validate('json', QueueUpdateInput), async (c) =>
    c.json(await queues.updateQueue(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/queue/:id', requireAuth, validate('param', IdParam), async (c) => {
    await queues.deleteQueue(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Queue deleted' }, 200);
  });
