import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { type ScheduleActionJobDto, scheduleActionCardState } from '@zapdesk/core';
import { BullJobs } from '../../platform/jobs/bullmq-jobs';
import { makeTenant } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { deleteRedisKeys, realRedisUrl } from '../../test/services';
import { waitFor } from '../pipeline/pipeline.fixtures';
import { startScheduleActionsArea } from './schedule-actions.startup';

/**
 * Acceptance 4 on BullMQ: the same API over the Redis runner (own key prefix, deleted at the end): actions run,
 * the cards carry the spec's fields, delete and delete-all touch only this company's scheduled actions.
 */
const url = await realRedisUrl('schedule-actions on BullMQ (real Redis)');
const prefix = `zapdesk-test-schedact-${randomBytes(4).toString('hex')}`;

type Card = ScheduleActionJobDto;

if (url) {
  describe('scheduled actions on BullMQ', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await setupTestApp({ jobs: new BullJobs({ url, prefix, queueName: 'jobs' }) });
      startScheduleActionsArea({ role: 'api' });
      await t.platform.jobs.startWorkers();
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await deleteRedisKeys(url, `${prefix}:*`);
    });

    const queue = async (token: string, body: unknown): Promise<Card> => {
      const res = await t.req('POST', '/scheduleActions', { token, json: body });
      expect(res.status).toBe(200);
      return (await res.json()) as Card;
    };
    const list = async (token: string): Promise<Card[]> =>
      (await (await t.req('GET', '/scheduleActions', { token })).json()) as Card[];
    const settled = (token: string, id: string) =>
      waitFor(async () => {
        const c = (await list(token)).find((x) => x.id === id);
        return c && scheduleActionCardState(c) !== 'waiting' ? c : null;
      });

    test('test and updateCampaign run: finished and failed cards with the spec fields', async () => {
      const x = await makeTenant();
      const ok = await queue(x.admin.token, { action: 'test', jsonData: { a: 1 }, name: 'rápido' });
      const fail = await queue(x.admin.token, {
        action: 'updateCampaign',
        jsonData: { campaignId: 3, status: 'start' },
      });
      const done = await settled(x.admin.token, ok.id);
      expect(done).toMatchObject({
        name: 'test',
        label: 'rápido',
        failedReason: null,
        attemptsMade: 1,
        opts: { attempts: 3, delay: 0, backoff: { type: 'exponential', delay: 2000 } },
        data: { a: 1 },
      });
      expect(done.processedOn).not.toBeNull();
      expect(done.finishedOn).not.toBeNull();
      expect(await settled(x.admin.token, fail.id)).toMatchObject({
        failedReason: 'Campanha não encontrada',
        attemptsMade: 1,
      });
    });

    test('delete and delete all touch only this company’s scheduled actions', async () => {
      const x = await makeTenant();
      const y = await makeTenant();
      const delay = 60 * 60 * 1000;
      const a = await queue(x.admin.token, { action: 'test', jsonData: {}, delay });
      await queue(x.admin.token, { action: 'test', jsonData: {}, delay });
      const theirs = await queue(y.admin.token, { action: 'test', jsonData: {}, delay });
      const schedule = await t.platform.jobs.add('schedules.deliver', {}, { companyId: x.company.id, delay });

      expect((await t.req('DELETE', `/scheduleActions/${theirs.id}`, { token: x.admin.token })).status).toBe(404);
      expect((await t.req('DELETE', `/scheduleActions/${schedule.id}`, { token: x.admin.token })).status).toBe(404);
      expect((await t.req('DELETE', `/scheduleActions/${a.id}`, { token: x.admin.token })).status).toBe(200);
      expect((await list(x.admin.token)).map((c) => c.id)).not.toContain(a.id);

      const res = await t.req('DELETE', '/scheduleActionsAll', { token: x.admin.token });
      expect(res.status).toBe(200);
      expect((await res.json()).count).toBe(1);
      expect(await list(x.admin.token)).toEqual([]);
      expect((await list(y.admin.token)).map((c) => c.id)).toEqual([theirs.id]);
      expect(await t.platform.jobs.get(schedule.id)).not.toBeNull();
    });
  });
} else {
  test.skip('scheduled actions on BullMQ (Redis not reachable)', () => {});
}
