import { coercedId, IdParam, PageQuery } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { closeImportedTickets } from './pipeline.import';
import { deleteAllRawLogs, listRawLogs, reprocessRawLog } from './pipeline.service';

const ListQuery = PageQuery.extend({
  searchParamWitchError: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
/** the connection's id, with the connections' text (the route was theirs) */
const ImportIdParam = z.object({ id: coercedId('Registro não encontrado.') });

/** the raw-log screen (spec 3 §3) and the history import's bulk close */
export const pipelineRoutes = new Hono<AppEnv>()
  .get('/messageLogs', requireAuth, validate('query', ListQuery), async (c) =>
    c.json(await listRawLogs(c.get('ctx'), c.req.valid('query')), 200),
  )
  .post('/reprocessMessage/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await reprocessRawLog(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/messagesBruteLogsDeleteAll', requireAuth, async (c) => c.json(await deleteAllRawLogs(c.get('ctx')), 200))
  .post('/closedimported/:id', requireAuth, validate('param', ImportIdParam), async (c) =>
    c.json(await closeImportedTickets(c.get('ctx'), c.req.valid('param').id), 200),
  );
