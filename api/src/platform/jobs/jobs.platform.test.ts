import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { setupTestApp, type TestApp } from '../../test/harness';
import { platform, shutdownPlatform } from '../index';
import { DbJobs } from './db-jobs';
import { waitFor } from './jobs.contract';

/** How areas use the port: through platform().jobs, with the embedded runner on the platform's database. */
describe('DbJobs as the platform jobs port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ jobs: new DbJobs({ pollMs: 20 }) });
  }, 60_000);
  afterAll(() => t.close());

  test('define in a startup step, add from a service, the job runs and is listed for its company', async () => {
    const seen: unknown[] = [];
    platform().jobs.define('schedules:send', async (job) => {
      seen.push(job.data);
    });
    await platform().jobs.startWorkers();
    const job = await platform().jobs.add('schedules:send', { scheduleId: 1 }, { companyId: 42 });
    await waitFor(() => seen.length === 1, 4000, 'the job');
    expect(seen).toEqual([{ scheduleId: 1 }]);
    await waitFor(async () => (await platform().jobs.get(job.id))?.state === 'completed');
    expect((await platform().jobs.list({ companyId: 42 })).map((j) => j.id)).toEqual([job.id]);
    expect(await platform().jobs.list({ companyId: 43 })).toEqual([]);
  });

  test('shutdown waits for a running job before closing the database', async () => {
    let finished = false;
    platform().jobs.define('slow', async () => {
      await new Promise((r) => setTimeout(r, 150));
      finished = true;
    });
    const jobs = platform().jobs;
    const job = await jobs.add('slow', {});
    await waitFor(async () => (await jobs.get(job.id))?.state === 'active', 4000, 'the job to start');
    await shutdownPlatform();
    expect(finished).toBe(true);
  });
});

describe('default jobs adapter', () => {
  test('without an explicit adapter the platform (and the test harness) boots the embedded runner', async () => {
    const t = await setupTestApp();
    try {
      expect(platform().jobs).toBeInstanceOf(DbJobs);
    } finally {
      await t.close();
    }
  }, 60_000);
});
