import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { openDb } from './platform/db';
import { loadEnv } from './platform/env';
import { DbJobs } from './platform/jobs/db-jobs';
import { createThrowawayDatabase, realPostgresUrl } from './test/services';

const bun = process.execPath;
const workerFile = join(import.meta.dir, 'worker.ts');
const baseEnv = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/h1-data',
  JWT_SECRET: 'worker-test-access-secret-0123456789-abcdef',
  JWT_REFRESH_SECRET: 'worker-test-refresh-secret-0123456789-abcdef',
};

async function readUntil(stream: ReadableStream<Uint8Array>, text: string, timeoutMs: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let out = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!out.includes(text)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`worker did not print "${text}" in ${timeoutMs} ms; got: ${out}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`timeout; got: ${out}`)), left)),
      ]);
      if (chunk.done) break;
      out += decoder.decode(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  return out;
}

const pgBase = await realPostgresUrl('worker (real Postgres)');

describe('who consumes jobs', () => {
  test('embedded: the API process; with REDIS_URL: only the worker, unless WORKERS_IN_API=1', () => {
    const env = (extra: Record<string, string>) => loadEnv({ ...baseEnv, ...extra });
    expect(env({}).workersInApi).toBe(true);
    expect(env({ DATABASE_URL: 'postgres://x/y' }).workersInApi).toBe(true);
    expect(env({ REDIS_URL: 'redis://127.0.0.1:6379' }).workersInApi).toBe(false);
    expect(env({ REDIS_URL: 'redis://127.0.0.1:6379', WORKERS_IN_API: '1' }).workersInApi).toBe(true);
  });
});

describe('bun run worker', () => {
  test('refuses to start on the embedded PGlite database (one process only) with a clear message', async () => {
    const proc = Bun.spawn([bun, workerFile], { env: baseEnv, stdout: 'pipe', stderr: 'pipe' });
    const code = await proc.exited;
    expect(code).toBe(1);
    expect(await new Response(proc.stderr).text()).toContain('The worker needs DATABASE_URL');
  });

  if (!pgBase) {
    test.skip('worker on real Postgres (PostgreSQL not reachable)', () => {});
    return;
  }
  const tmp = createThrowawayDatabase(pgBase, 'zapdesk_worker');
  afterAll(async () => (await tmp).drop());

  test('with DATABASE_URL it migrates, consumes the jobs table and stops gracefully on SIGTERM', async () => {
    const { url } = await tmp;
    const proc = Bun.spawn([bun, workerFile], {
      env: { ...baseEnv, DATABASE_URL: url },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    try {
      await readUntil(proc.stdout, 'Worker consuming jobs from the PostgreSQL jobs table', 30_000);
      // the worker migrated the database: the jobs table is usable from here
      const h = await openDb({ url });
      try {
        const jobs = new DbJobs({ db: () => h.db });
        const added = await jobs.add('unknown-to-worker', { a: 1 });
        expect((await jobs.get(added.id))?.state).toBe('waiting');
        await jobs.close();
      } finally {
        await h.close();
      }
      proc.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
    }
  }, 60_000);
});
