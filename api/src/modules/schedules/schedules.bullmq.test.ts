import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import type { ScheduleDto } from '@zapdesk/core';
import { BullJobs } from '../../platform/jobs/bullmq-jobs';
import { makeTenant } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { deleteRedisKeys, realRedisUrl } from '../../test/services';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { makeContact } from '../tickets/tickets.fixtures';
import { scheduleJobId, scheduleSendJob } from './schedules.delivery';
import * as repo from './schedules.repo';

/**
 * Delivery on the BullMQ runner (real Redis, own key prefix deleted at the end; real clock: BullMQ's delays are
 * Redis time): the same occurrence delivered by two jobs at once is sent once (the occurrence row's claim), and
 * enqueued twice under its id it is one job.
 */
const url = await realRedisUrl('schedules on BullMQ (real Redis)');
const prefix = `zapdesk-test-sched-${randomBytes(4).toString('hex')}`;

if (url) {
  describe('schedules on BullMQ', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await setupTestApp({ jobs: new BullJobs({ url, prefix, queueName: 'jobs' }) });
      scheduleSendJob.register();
      await startChannels(t);
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await deleteRedisKeys(url, `${prefix}:*`);
    });

    test('an occurrence delivered by two jobs at once is sent once; enqueued twice it is one job', async () => {
      const tenant = await makeTenant();
      const w = await connectedSimulator(t, tenant.admin.token);
      const contact = await makeContact(tenant.company.id);
      const due = Date.now() + 1_500;
      const res = await t.req('POST', `/schedules/${tenant.company.id}`, {
        token: tenant.admin.token,
        json: {
          contactId: contact.id,
          body: 'Uma vez pelo BullMQ',
          sendAt: new Date(due).toISOString(),
          whatsappId: w,
        },
      });
      expect(res.status).toBe(200);
      const s = (await res.json()) as ScheduleDto;
      const data = { companyId: tenant.company.id, scheduleId: s.id, occurrence: 1, dueAt: Date.parse(s.sendAt) };
      const jobId = scheduleJobId(s.id, 1, data.dueAt);
      const delay = Math.max(0, data.dueAt - Date.now());
      // the planned job, enqueued again under its id: the same job
      expect((await scheduleSendJob.enqueue(data, { jobId, delay })).id).toBe(jobId);
      // a second job for the same occurrence (what a redelivery looks like to the handler), due at the same time
      const dup = await scheduleSendJob.enqueue(data, { jobId: `${jobId}-dup`, delay });
      const settled = async (id: string) => {
        const j = await t.platform.jobs.get(id);
        return j?.state === 'completed' ? j : null;
      };
      await waitFor(() => settled(jobId), 30_000);
      await waitFor(() => settled(dup.id), 30_000);
      const box = await (
        await t.req('GET', `/simulator/${w}/outbox?to=${contact.number}`, { token: tenant.admin.token })
      ).json();
      expect(box.map((m: { body: string }) => m.body)).toEqual(['Uma vez pelo BullMQ']);
      expect(await repo.findSchedule(tenant.company.id, s.id)).toMatchObject({ status: 'ENVIADA', repeatCounter: 1 });
      expect((await repo.occurrenceRows(tenant.company.id, s.id)).map((r) => [r.occurrence, r.status])).toEqual([
        [1, 'sent'],
      ]);
    }, 60_000);
  });
} else {
  test.skip('schedules on BullMQ (Redis not reachable)', () => {});
}
