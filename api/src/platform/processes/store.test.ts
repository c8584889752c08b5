import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import type { ProcessReport } from '@zapdesk/core';
import { systemProcesses } from '../../db/schema';
import { clonedTestDb } from '../../test/harness';
import { deleteRedisKeys, realRedisUrl } from '../../test/services';
import { useTestApp } from '../../test/use-test-app';
import { bootPlatform, platform, setPlatform } from '../index';
import { shutdownReportingProcess, startProcessReporter } from './reporter';
import { DbProcessStore, MemoryProcessStore, type ProcessStore, RedisProcessStore } from './store';

/** One contract for the registry's three stores (memory, database, Redis): what the reporter and the service use. */
useTestApp();
const redisUrl = await realRedisUrl('process registry store (Redis)');
const PREFIX = `test-procstore-${randomBytes(4).toString('hex')}`;
afterAll(async () => {
  if (redisUrl) await deleteRedisKeys(redisUrl, `${PREFIX}*`);
});

function report(id: string, ttlMs = 60_000): ProcessReport {
  const at = new Date().toISOString();
  return {
    id,
    name: `api@${id}`,
    role: 'api',
    host: id.split(':')[0],
    pid: 1,
    version: '1.0.0',
    status: 'online',
    startedAt: at,
    restarts: 0,
    cpu: 0,
    memory: 1,
    eventLoopLagMs: 0,
    jobsRunning: 0,
    sessions: 0,
    reportedAt: at,
    supervised: true,
    ttlMs,
    hostInfo: {
      host: 'h',
      disk: { path: '/', total: 2, available: 1 },
      memory: { total: 2, free: 1 },
      cpu: { currentLoad: 0, cores: [0], loadAvg: [0, 0, 0] },
      reportedAt: at,
    },
  };
}

const stores: [string, () => ProcessStore][] = [
  ['memory', () => new MemoryProcessStore()],
  ['database', () => new DbProcessStore()],
];
if (redisUrl) stores.push(['redis', () => new RedisProcessStore(redisUrl, PREFIX)]);

describe.each(stores)('process store: %s', (kind, make) => {
  test('put/list/remove; start counts; a restart request is taken once', async () => {
    const s = make();
    const id = `${kind}-${randomBytes(3).toString('hex')}:1`;
    try {
      await s.put(report(id));
      await s.put({ ...report(id), cpu: 7 }); // a renewal replaces the report
      const mine = (await s.list()).filter((r) => r.id === id);
      expect(mine).toHaveLength(1);
      expect(mine[0].cpu).toBe(7);
      expect(await s.takeRestartRequest(id)).toBe(false);
      await s.requestRestart(id);
      await s.put(report(id)); // a report in between keeps the request
      expect(await s.takeRestartRequest(id)).toBe(true);
      expect(await s.takeRestartRequest(id)).toBe(false);
      const name = `name-${id}`;
      expect(await s.countStart(name)).toBe(0);
      expect(await s.countStart(name)).toBe(1);
      await s.remove(id);
      expect((await s.list()).some((r) => r.id === id)).toBe(false);
    } finally {
      await s.close();
    }
  });

  if (kind !== 'memory') {
    // the memory store's expiry runs on the shared clock (system-control.test.ts); these on the server's own clock
    test('a report past its ttl is not listed', async () => {
      const s = make();
      try {
        const id = `${kind}-gone:1`;
        await s.put(report(id, kind === 'redis' ? 1 : 0));
        if (kind === 'redis') await Bun.sleep(5); // PX 1: Redis's own clock
        expect((await s.list()).some((r) => r.id === id)).toBe(false);
      } finally {
        await s.close();
      }
    });
  }
});

/**
 * A clean stop (SIGINT/SIGTERM, restart) removes the process's entry at once, on every store: the shutdown sequence
 * of server.ts/worker.ts on a platform of its own whose database close is held back, so the table can still be read
 * after it. Before, the entry was removed after the database had closed: the database store kept it until its ttl.
 */
describe.each(stores)('clean stop: %s', (kind, make) => {
  test('the entry is gone as soon as the process has stopped, not at its expiry', async () => {
    const previous = platform();
    const inner = await clonedTestDb();
    let closed = false;
    await bootPlatform({
      env: previous.env,
      dbh: {
        ...inner,
        close: async () => {
          closed = true;
        },
      },
      migrate: false,
    });
    const store = make();
    try {
      const reporter = await startProcessReporter({
        role: 'worker',
        store,
        intervalMs: 60_000,
        diskPath: '/tmp',
        name: `clean-stop-${kind}`,
        onRestart: () => {},
      });
      expect((await store.list()).some((r) => r.id === reporter.id)).toBe(true);
      await shutdownReportingProcess(reporter);
      expect(closed).toBe(true);
      // read after the stop: the same memory store, a new Redis connection, the database the platform let go of
      const listed =
        kind === 'memory'
          ? (await store.list()).map((r) => r.id)
          : kind === 'redis'
            ? await (async () => {
                const fresh = new RedisProcessStore(redisUrl as string, PREFIX);
                try {
                  return (await fresh.list()).map((r) => r.id);
                } finally {
                  await fresh.close();
                }
              })()
            : (await inner.db.select({ id: systemProcesses.id }).from(systemProcesses)).map((r) => r.id);
      expect(listed).not.toContain(reporter.id);
    } finally {
      setPlatform(previous);
      await inner.close();
    }
  });
});
