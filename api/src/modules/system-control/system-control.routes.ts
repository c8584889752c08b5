import { SystemControlBody } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { requireCap } from '../../platform/http/policy';
import { validate } from '../../platform/http/validate';
import { adjustDb, systemControl } from './system-control.service';

/** spec 3 §7: the system controller's actions and the database maintenance, master only (403 before validation) */
export const systemControlRoutes = new Hono<AppEnv>()
  .post('/systemcontrol', requireAuth, requireCap('systemControl'), validate('json', SystemControlBody), async (c) =>
    c.json(await systemControl(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/adjustDb', requireAuth, requireCap('systemControl'), async (c) => c.json(await adjustDb(c.get('ctx')), 200));
