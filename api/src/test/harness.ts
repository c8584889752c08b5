import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import { markReady } from '../modules/health/health.routes';
import { invalidateActors } from '../platform/auth/actor';
import { createPGlite, type DbHandle, openDb } from '../platform/db';
import { loadEnv } from '../platform/env';
import type { EventBus } from '../platform/events/types';
import { bootPlatform, type Platform, shutdownPlatform } from '../platform/index';
import type { Jobs } from '../platform/jobs/types';

/**
 * One migrated PGlite template, cloned per test file (a fresh instance takes seconds; a clone is fast). bun test's
 * parallel workers isolate every file (fresh module state), so the template is also kept on disk, keyed by the
 * migrations and the PGlite build: the first file of a run builds it, every other file of every worker loads it.
 */
let template: Promise<Blob> | undefined;

function templatePath(): string {
  const hash = createHash('sha256');
  const dir = join(import.meta.dir, '../../../migrations');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(name).update(readFileSync(full));
    }
  };
  walk(dir);
  // and what migrating runs besides the SQL files
  walk(join(import.meta.dir, '../platform/db'));
  // the data directory's format belongs to the PGlite build
  hash.update(Bun.resolveSync('@electric-sql/pglite', import.meta.dir));
  return join(tmpdir(), `zapdesk-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function templateDump(): Promise<Blob> {
  template ??= (async () => {
    const path = templatePath();
    if (existsSync(path)) return new Blob([await Bun.file(path).arrayBuffer()]);
    const pg = createPGlite();
    const h = await openDb({ pglite: pg });
    await h.migrate();
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    // written whole, then renamed: a worker reading it never sees half a file
    const part = `${path}.${process.pid}.part`;
    await Bun.write(part, dump);
    renameSync(part, path);
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
