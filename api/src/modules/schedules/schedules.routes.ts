import { BulkDeleteSchedules, DomainError, IdParam, IdValue, ListSchedulesQuery, SCHEDULE_TEXTS } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { formRequest } from '../../platform/http/form-request';
import { validate } from '../../platform/http/validate';
import {
  bulkDeleteSchedules,
  createSchedule,
  deleteSchedule,
  listSchedules,
  type ScheduleUpload,
  showSchedule,
  updateSchedule,
} from './schedules.service';

const CompanyParam = z.object({ companyId: IdValue });
const IdCompanyParams = z.object({ id: IdValue, companyId: IdValue });

const formInvalid = () => new DomainError('ERR_VALIDATION', SCHEDULE_TEXTS.formInvalid);

/**
 * The schedule form as sent (spec 2 §7): multipart with `body` (the form as JSON text), `media` (the file) and
 * `mediaName`; or the form itself as a JSON body (no file). The form is validated by the service (it needs the clock
 * and, for an edit, the current send date).
 */
async function scheduleRequest(req: Request): Promise<{ body: unknown; media: ScheduleUpload | null }> {
  return formRequest(req, formInvalid, ['media']);
}

/**
 * Spec 2 §7 Schedules: GET /schedules/ (status, user, contactId, searchParam, pageNumber); GET /schedules/{id};
 * POST /schedules/{companyId} and PUT /schedules/{id}/{companyId} (multipart: body JSON, media, mediaName);
 * DELETE /schedules/{id}; POST /schedulesDelete (status, mySchedule, user). Contract: docs/DECISIONS.md, Schedules.
 */
export const schedulesRoutes = new Hono<AppEnv>()
  .get('/schedules', requireAuth, validate('query', ListSchedulesQuery), async (c) =>
    c.json(await listSchedules(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/schedules/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showSchedule(c.get('ctx'), c.req.valid('param').id), 200),
  )
  // bodies capped at the media cap by the app's requestBodyLimits (platform/http/body-limit.ts)
  .post('/schedules/:companyId', requireAuth, validate('param', CompanyParam), async (c) => {
    const { body, media } = await scheduleRequest(c.req.raw);
    return c.json(await createSchedule(c.get('ctx'), c.req.valid('param').companyId, body, media), 200);
  })
  .put('/schedules/:id/:companyId', requireAuth, validate('param', IdCompanyParams), async (c) => {
    const p = c.req.valid('param');
    const { body, media } = await scheduleRequest(c.req.raw);
    return c.json(await updateSchedule(c.get('ctx'), p.id, p.companyId, body, media), 200);
  })
  .delete('/schedules/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteSchedule(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Agendamento excluído' }, 200);
  })
  .post('/schedulesDelete', requireAuth, validate('json', BulkDeleteSchedules), async (c) =>
    c.json(await bulkDeleteSchedules(c.get('ctx'), c.req.valid('json')), 200),
  );
