import { createApp } from '../app';
import { markReady } from '../modules/health/health.routes';
import { invalidateActors } from '../platform/auth/actor';
import { createPGlite, type DbHandle, openDb } from '../platform/db';
import { loadEnv } from '../platform/env';
import type { EventBus } from '../platform/events/types';
import { bootPlatform, type Platform, shutdownPlatform } from '../platform/index';
import type { Jobs } from '../platform/jobs/types';

/**
 * One migrated PGlite template per test process, cloned per test file (a fresh instance takes seconds; a clone is
 * fast). Each bun test worker runs its files one after another; test:unit passes --no-isolate so this module state
 * lives across a worker's files (isolated, every file would build the template again: twice the time).
 */
let template: Promise<Blob> | undefined;
async function templateDump(): Promise<Blob> {
  template ??= (async () => {
    const pg = createPGlite();
    const h = await openDb({ pglite: pg });
    await h.migrate();
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    return dump;
  })();
  return template;
}

export async function clonedTestDb(): Promise<DbHandle> {
  const pg = createPGlite({ loadDataDir: await templateDump() });
  return openDb({ pglite: pg });
}

export const TEST_ENV_VARS = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-access-secret-0123456789-abcdefghijklmnop',
  JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789-abcdefghijklmnop',
  DATA_DIR: '/tmp/zapdesk-test-data',
  SIMULATOR_ENABLED: '1',
};

export type TestApp = {
  platform: Platform;
  app: ReturnType<typeof createApp>;
  /** fetch against the app: `req('GET', '/users', { token })` */
  req: (
    method: string,
    path: string,
    init?: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> },
  ) => Promise<Response>;
  close: () => Promise<void>;
};

/** `t.req` for an app: the token as a bearer header, `json` as a JSON body */
export function appRequester(app: {
  request: (path: string, init: RequestInit) => Response | Promise<Response>;
}): TestApp['req'] {
  return (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return Promise.resolve(app.request(path, { method, headers, body }));
  };
}

export async function setupTestApp(
  opts: { events?: EventBus; jobs?: Jobs; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const env = loadEnv({ ...TEST_ENV_VARS, ...opts.env });
  const dbh = await clonedTestDb();
  const platform = await bootPlatform({ env, dbh, events: opts.events, jobs: opts.jobs, migrate: false });
  const app = createApp({ corsOrigins: [env.frontendUrl] });
  // every test file gets a fresh database whose ids restart at 1: a cached actor of the previous file's user 1
  // would otherwise answer this file's user 1 for up to 3 s (401 for a valid token)
  invalidateActors();
  markReady(true);
  const req = appRequester(app);
  return {
    platform,
    app,
    req,
    close: async () => {
      markReady(false);
      await shutdownPlatform();
    },
  };
}
