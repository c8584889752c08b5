import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { realPostgresUrl } from '../../test/services';

/**
 * The postgres.js patch (patches/postgres@3.4.9.patch, porsager/postgres#1208): when the server drops a connection
 * (a PostgreSQL restart, an idle kill), a write queued for it threw from a timer — an uncaught error that killed the
 * worker in the fault-injection test — and a reserved connection released after its drop joined the pool without a
 * socket. Patched: every waiting query settles with an error, and the pool goes on with a fresh connection.
 */
const url = await realPostgresUrl('postgres driver');

describe.skipIf(!url)('postgres.js on a dropped connection (real PostgreSQL)', () => {
  test('queries on a reserved connection whose backend was terminated fail cleanly; the pool recovers', async () => {
    const child = Bun.spawn([process.execPath, join(import.meta.dir, 'fixtures/dropped-reserved-connection.ts')], {
      cwd: join(import.meta.dir, '../../..'),
      env: { ...process.env, PG_URL: url as string },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const [out, err, exit] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    clearTimeout(killer);
    expect({ exit, err: exit === 0 ? '' : err }).toEqual({ exit: 0, err: '' });
    const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    // the first query may meet the reset itself (ECONNRESET) or the closed connection; never success, never a hang
    expect(['CONNECTION_CLOSED', 'ECONNRESET']).toContain(result.first as string);
    expect(result.second).toBe('CONNECTION_CLOSED');
    expect(result.pooled).toBe(1);
  }, 30_000);
});
