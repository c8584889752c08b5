import { DashAttendancesQuery, ReportAttendancesQuery } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { dashAttendances, reportAttendances } from './reports.service';

/** Spec 3 §7: GET /dash/attendances and GET /report/attendances answer reportData (docs/DECISIONS.md, issue 19). */
export const reportsRoutes = new Hono<AppEnv>()
  .get('/dash/attendances', requireAuth, validate('query', DashAttendancesQuery), async (c) =>
    c.json(await dashAttendances(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/report/attendances', requireAuth, validate('query', ReportAttendancesQuery), async (c) =>
    c.json(await reportAttendances(c.get('ctx'), c.req.valid('query')), 200),
  );
