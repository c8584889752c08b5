import { afterAll, afterEach, describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { clonedTestDb } from '../../test/harness';
import { TestClock } from '../clock';
import { DbJobs } from './db-jobs';
import { defineJob } from './define-job';
import { sleep, waitFor } from './jobs.contract';

/**
 * The embedded runner reads the API clock: with a TestClock, delays, backoff and scheduled runs happen when the test
 * moves time, not when real time passes (a day-long delay is tested in milliseconds).
 */
const pglite = clonedTestDb();
afterAll(async () => (await pglite).close());

describe('DbJobs on a test clock', () => {
  const runners: DbJobs[] = [];
  const make = async (c: TestClock) => {
    const h = await pglite;
    // the runner polls in real time (10 ms here) for what the moved clock made due
    const j = new DbJobs({
      queue: `clock-${Math.random().toString(36).slice(2)}`,
      db: () => h.db,
      clock: () => c,
      pollMs: 10,
    });
    runners.push(j);
    return j;
  };
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.close()));
  });

  test('a job delayed by a day runs when the clock reaches it, stamped with clock times', async () => {
    const c = new TestClock(new Date('2026-02-10T09:00:00Z'));
    const jobs = await make(c);
    const ranAt: number[] = [];
    jobs.define('reminder', async () => {
      ranAt.push(c.now());
    });
    await jobs.startWorkers();
    const added = await jobs.add('reminder', {}, { delay: 24 * 60 * 60 * 1000, companyId: 1 });
    expect(added.timestamp).toBe(Date.parse('2026-02-10T09:00:00Z'));
    await sleep(50);
    await c.advance(24 * 60 * 60 * 1000 - 1000);
    await sleep(50);
    expect(ranAt).toEqual([]);
    expect((await jobs.get(added.id))?.state).toBe('delayed');
    await c.advanceUntil(() => ranAt.length === 1, { stepMs: 250, pauseMs: 25 });
    expect(ranAt[0]).toBeGreaterThanOrEqual(Date.parse('2026-02-11T09:00:00Z'));
    const done = await waitFor(async () => {
      const j = await jobs.get(added.id);
      return j?.state === 'completed' ? j : null;
    });
    expect(done.processedOn as number).toBeGreaterThanOrEqual(Date.parse('2026-02-11T09:00:00Z'));
  });

  test('exponential backoff of a typed job follows the clock: each retry waits exactly its backoff of clock time', async () => {
    const c = new TestClock(0);
    const jobs = await make(c);
    const attempts: number[] = [];
    const flaky = defineJob(
      `clock-flaky-${Math.random().toString(36).slice(2)}`,
      z.object({ n: z.number() }),
      async () => {
        attempts.push(c.now());
        if (attempts.length < 4) throw new Error('not yet');
      },
      { attempts: 5, backoff: { type: 'exponential', delay: 10_000 } },
    );
    flaky.register(jobs);
    await jobs.startWorkers();
    const added = await flaky.enqueue({ companyId: 3, n: 1 }, { jobs });
    await c.advanceUntil(async () => (await jobs.get(added.id))?.state === 'completed', { stepMs: 1_000, pauseMs: 25 });
    // 10 s, 20 s, 40 s of clock time between attempts (to the next 1 s step), in milliseconds of real time
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]);
    expect(gaps.map((g) => Math.ceil(g / 1000) * 1000)).toEqual([10_000, 20_000, 40_000]);
    for (const [i, g] of gaps.entries()) expect(g).toBeGreaterThanOrEqual([10_000, 20_000, 40_000][i]);
  });
});
