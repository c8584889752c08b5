import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';
import { unsafePingDatabase } from './health.repo';

let ready = false;
/** set by the server once migrations are applied and adapters are up */
export function markReady(v = true): void {
  ready = v;
}

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  if (!ready) return c.json({ status: 'starting' }, 503);
  try {
    await unsafePingDatabase();
    return c.json({ status: 'ok' }, 200);
  } catch {
    return c.json({ status: 'database unreachable' }, 503);
  }
});
