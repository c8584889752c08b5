import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../platform/db';
import type { AppEnv } from '../../platform/http/context';

let ready = false;
/** set by the server once migrations are applied and adapters are up */
export function markReady(v = true): void {
  ready = v;
}

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  if (!ready) return c.json({ status: 'starting' }, 503);
  try {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' }, 200);
  } catch {
    return c.json({ status: 'database unreachable' }, 503);
  }
});
