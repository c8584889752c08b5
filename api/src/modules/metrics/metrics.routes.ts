import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { platform } from '../../platform/index';
import { metricsAccess, metricsText } from '../../platform/observability/metrics';

/**
 * `GET /metrics` (issue 22): this process's series in the Prometheus text format. Guarded by METRICS_TOKEN
 * (`Authorization: Bearer …` or `?token=`; wrong or missing → 401); with no token configured the route does not
 * exist (404), so an install that never set one exposes nothing.
 */
export const metricsRoutes = new Hono<AppEnv>().get('/metrics', async (c) => {
  const access = metricsAccess(platform().env.metricsToken, c.req.header('authorization'), c.req.query('token'));
  if (access === 'disabled') return c.json(errorBody('ERR_NOT_FOUND'), 404);
  if (access === 'refused') {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json(errorBody('ERR_UNAUTHORIZED'), 401);
  }
  const { body, contentType } = await metricsText();
  c.header('Cache-Control', 'no-store');
  return c.body(body, 200, { 'Content-Type': contentType });
});
