import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context';
import { RETRY_AFTER_SECONDS } from '../../platform/http/errors';
import { unsafePingDatabase } from './health.repo';

let ready = false;
/** set by the server once migrations are applied and adapters are up */
export function markReady(v = true): void {
  ready = v;
}

/** a probe answers within this bound even when the database does not (a blackholed host, a full pool) */
export const HEALTH_PING_TIMEOUT_MS = 3_000;

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  if (!ready) return c.json({ status: 'starting' }, 503);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      unsafePingDatabase(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timeout')), HEALTH_PING_TIMEOUT_MS);
      }),
    ]);
    return c.json({ status: 'ok' }, 200);
  } catch {
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ status: 'database unreachable', error: 'ERR_SERVICE_UNAVAILABLE' }, 503);
  } finally {
    clearTimeout(timer);
  }
});
