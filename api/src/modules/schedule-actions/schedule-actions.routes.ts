import { CreateScheduleAction } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  createScheduleAction,
  deleteAllScheduleActions,
  deleteScheduleAction,
  listScheduleActions,
  SCHEDULE_ACTION_TEXT,
} from './schedule-actions.service';

/** a job id: ours are numeric text; BullMQ's custom ids are letters, digits, '-' and '_' */
const JobIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: SCHEDULE_ACTION_TEXT.notFound }),
});

/** Spec 2 §7: POST /scheduleActions (action, jsonData, delay, name); GET; DELETE /scheduleActions/{id}; DELETE /scheduleActionsAll. */
export const scheduleActionsRoutes = new Hono<AppEnv>()
  .post('/scheduleActions', requireAuth, validate('json', CreateScheduleAction), async (c) =>
    c.json(await createScheduleAction(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/scheduleActions', requireAuth, async (c) => c.json(await listScheduleActions(c.get('ctx')), 200))
  .delete('/scheduleActions/:id', requireAuth, validate('param', JobIdParam), async (c) => {
    await deleteScheduleAction(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: SCHEDULE_ACTION_TEXT.deleted }, 200);
  })
  .delete('/scheduleActionsAll', requireAuth, async (c) => {
    const { count } = await deleteAllScheduleActions(c.get('ctx'));
    return c.json({ message: SCHEDULE_ACTION_TEXT.deletedAll, count }, 200);
  });
