import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deleteRedisKeys, realRedisUrl } from '../../test/services';
import { BullJobs } from './bullmq-jobs';
import { jobsContract, waitFor } from './jobs.contract';

const url = await realRedisUrl('jobs.bullmq (real Redis)');
/** one prefix per run: tests never see another run's (or production's) keys, and we delete ours at the end */
const prefix = `zapdesk-test-${randomBytes(4).toString('hex')}`;

if (url) {
  jobsContract('BullJobs on real Redis', {
    open: (ns) => new BullJobs({ url, prefix, queueName: ns }),
  });
  afterAll(async () => {
    await deleteRedisKeys(url, `${prefix}:*`);
  });

  describe('BullJobs specifics', () => {
    test('the company index lives beside the queue and is pruned when BullMQ already dropped the job', async () => {
      const queueName = `idx-${Date.now()}`;
      const jobs = new BullJobs({ url, prefix, queueName });
      const r = new Redis(url, { maxRetriesPerRequest: null });
      try {
        const a = await jobs.add('x', {}, { companyId: 11, delay: 60_000 });
        const b = await jobs.add('x', {}, { companyId: 11, delay: 60_000 });
        expect(await r.zrange(`${prefix}:${queueName}:zd:index:company:11`, 0, -1)).toEqual([a.id, b.id]);
        // simulate BullMQ's retention removing a job behind our back
        await r.del(`${prefix}:${queueName}:${a.id}`);
        await r.zrem(`${prefix}:${queueName}:delayed`, a.id);
        expect((await jobs.list({ companyId: 11 })).map((j) => j.id)).toEqual([b.id]);
        expect(await r.zrange(`${prefix}:${queueName}:zd:index:company:11`, 0, -1)).toEqual([b.id]);
      } finally {
        r.disconnect();
        await jobs.close();
      }
    });

    test('a per-name index beside the company index: listing or removing one name never walks the others', async () => {
      const queueName = `names-${Date.now()}`;
      const jobs = new BullJobs({ url, prefix, queueName });
      const r = new Redis(url, { maxRetriesPerRequest: null });
      try {
        const mine = await jobs.add('area.action', {}, { companyId: 12, delay: 60_000 });
        const other = await jobs.add('inbound.batch', {}, { companyId: 12, delay: 60_000 });
        const base = `${prefix}:${queueName}:zd:index`;
        expect(await r.zrange(`${base}:company:12:name:area.action`, 0, -1)).toEqual([mine.id]);
        expect(await r.zrange(`${base}:company:12:name:inbound.batch`, 0, -1)).toEqual([other.id]);
        expect(await r.zrange(`${base}:name:area.action`, 0, -1)).toEqual([mine.id]);
        expect((await jobs.list({ companyId: 12, names: ['area.action'] })).map((j) => j.id)).toEqual([mine.id]);
        expect(await jobs.removeAll({ companyId: 12, names: ['area.action'] })).toBe(1);
        expect(await r.zrange(`${base}:company:12:name:area.action`, 0, -1)).toEqual([]);
        expect(await r.zrange(`${base}:company:12`, 0, -1)).toEqual([other.id]);
      } finally {
        r.disconnect();
        await jobs.close();
      }
    });

    test('an API process (no startWorkers) only enqueues; a worker process consumes', async () => {
      const queueName = `split-${Date.now()}`;
      const api = new BullJobs({ url, prefix, queueName });
      const worker = new BullJobs({ url, prefix, queueName });
      try {
        let apiRan = false;
        api.define('notify', async () => {
          apiRan = true;
        });
        const job = await api.add('notify', { to: 'x' });
        let workerSaw: unknown = null;
        worker.define('notify', async (j) => {
          workerSaw = j.data;
        });
        await worker.startWorkers();
        await waitFor(async () => (await api.get(job.id))?.state === 'completed', 4000, 'the worker to finish');
        expect(workerSaw).toEqual({ to: 'x' });
        expect(apiRan).toBe(false);
      } finally {
        await Promise.all([api.close(), worker.close()]);
      }
    });
  });
} else {
  test.skip('BullJobs on real Redis (Redis not reachable)', () => {});
}
