import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CAMPAIGN_SETUP_DEFAULTS, type DispatchStatus } from '@zapdesk/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignDispatches, campaignSetups, whatsapps } from '../../db/schema';
import { db } from '../../platform/db';
import { loadEnv } from '../../platform/env';
import { bootPlatform, shutdownPlatform } from '../../platform/index';
import { makeCompany, makeUser } from '../../test/factories';
import { TEST_ENV_VARS } from '../../test/harness';
import { createThrowawayDatabase, realPostgresUrl } from '../../test/services';
import { AWKWARD_SEND_LIST } from './campaigns.fixtures';
import * as repo from './campaigns.repo';

/**
 * The campaign counters on real PostgreSQL (a throwaway database): the triggers of migration 0011 keep
 * campaign_dispatch_counts equal to the rows while many transactions move rows of one campaign at once, the way
 * several engine workers do — no deadlock, no lost delta — and through a bulk insert, a bulk cancel and deletes.
 */
const pgBase = await realPostgresUrl('campaign counters (real Postgres)');

if (!pgBase) {
  test.skip('campaign counters on PostgreSQL (not reachable)', () => {});
} else {
  describe('campaign counters on real PostgreSQL', () => {
    let tmp: Awaited<ReturnType<typeof createThrowawayDatabase>>;

    beforeAll(async () => {
      tmp = await createThrowawayDatabase(pgBase, 'zapdesk_campaigns');
      await bootPlatform({ env: loadEnv({ ...TEST_ENV_VARS, DATABASE_URL: tmp.url }) });
    }, 120_000);

    afterAll(async () => {
      await shutdownPlatform();
      await tmp?.drop();
    }, 60_000);

    async function truth(campaignId: number) {
      const rows = await db
        .select({ status: campaignDispatches.status, n: sql<number>`count(*)::int` })
        .from(campaignDispatches)
        .where(eq(campaignDispatches.campaignId, campaignId))
        .groupBy(campaignDispatches.status);
      const n = (s: DispatchStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      return {
        count: rows.reduce((a, r) => a + Number(r.n), 0),
        sentCount: n('sent'),
        failCount: n('sentFail'),
        uncertainCount: n('uncertain'),
        pendingCount: n('pending') + n('claimed'),
        canceledCount: n('canceled'),
      };
    }

    test('a list over one chunk: every row in, values intact, a repeat kept once, counters equal to the rows', async () => {
      const company = await makeCompany({ enableCampaigns: true });
      const admin = await makeUser(company.id, { profile: 'admin' });
      const [setup] = await db
        .insert(campaignSetups)
        .values({ companyId: company.id, name: 'P', warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((x) => ({ ...x })) })
        .returning();
      if (!setup) throw new Error('no setup');
      const filler = Array.from({ length: repo.DISPATCH_INSERT_CHUNK + 5 }, (_, i) => ({
        number: `55219${String(i).padStart(8, '0')}`,
        name: `Contato ${i}`,
        email: null,
      }));
      const { id, dispatches } = await repo.insertCampaign(
        company.id,
        {
          name: 'big',
          status: 'created',
          schedule: null,
          initialized: null,
          userId: admin.user.id,
          campaignSetupId: setup.id,
          seed: 1,
        },
        [],
        [...AWKWARD_SEND_LIST, ...filler],
      );
      expect(dispatches).toBe(filler.length + 4);
      const first = await db
        .select({ number: campaignDispatches.number, name: campaignDispatches.name, email: campaignDispatches.email })
        .from(campaignDispatches)
        .where(eq(campaignDispatches.campaignId, id))
        .orderBy(campaignDispatches.id)
        .limit(4);
      expect(first).toEqual([AWKWARD_SEND_LIST[0], AWKWARD_SEND_LIST[1], AWKWARD_SEND_LIST[2], AWKWARD_SEND_LIST[4]]);
      expect(await repo.dispatchCounters(company.id, id)).toEqual(await truth(id));
      expect((await repo.dispatchCounters(company.id, id)).count).toBe(filler.length + 4);
    }, 120_000);

    test('concurrent single-row moves, a bulk cancel and deletes keep the counters equal to the rows', async () => {
      const company = await makeCompany({ enableCampaigns: true });
      const admin = await makeUser(company.id, { profile: 'admin' });
      const [w] = await db.insert(whatsapps).values({ companyId: company.id, name: 'C', lib: 'simulator' }).returning();
      const [setup] = await db
        .insert(campaignSetups)
        .values({ companyId: company.id, name: 'P', warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((x) => ({ ...x })) })
        .returning();
      if (!w || !setup) throw new Error('no setup');
      const list = Array.from({ length: 3_000 }, (_, i) => ({
        number: `55119${String(i).padStart(8, '0')}`,
        name: null,
        email: null,
      }));
      const { id, dispatches } = await repo.insertCampaign(
        company.id,
        {
          name: 'c',
          status: 'start',
          schedule: null,
          initialized: null,
          userId: admin.user.id,
          campaignSetupId: setup.id,
          seed: 1,
        },
        [],
        list,
      );
      expect(dispatches).toBe(3_000);
      expect(await repo.dispatchCounters(company.id, id)).toEqual(await truth(id));

      const ids = (
        await db
          .select({ id: campaignDispatches.id })
          .from(campaignDispatches)
          .where(eq(campaignDispatches.campaignId, id))
      ).map((r) => r.id);
      // 8 "workers": each claims then finishes its rows one transaction at a time (pending → claimed → sent /
      // sentFail / uncertain), while a bulk cancel takes the last 500 pending rows
      const workers = Array.from({ length: 8 }, (_, k) =>
        (async () => {
          for (let i = k; i < 2_000; i += 8) {
            const rowId = ids[i] as number;
            const end: DispatchStatus = i % 10 === 0 ? 'sentFail' : i % 25 === 0 ? 'uncertain' : 'sent';
            await db.transaction(async (tx) => {
              await tx
                .update(campaignDispatches)
                .set({ status: 'claimed' })
                .where(and(eq(campaignDispatches.id, rowId), eq(campaignDispatches.status, 'pending')));
              await tx.update(campaignDispatches).set({ status: end }).where(eq(campaignDispatches.id, rowId));
            });
          }
        })(),
      );
      const cancel = db
        .update(campaignDispatches)
        .set({ status: 'canceled' })
        .where(and(inArray(campaignDispatches.id, ids.slice(2_500)), eq(campaignDispatches.status, 'pending')));
      await Promise.all([...workers, cancel]);
      expect(await repo.dispatchCounters(company.id, id)).toEqual(await truth(id));
      expect(await repo.dispatchCounters(company.id, id)).toMatchObject({ count: 3_000, canceledCount: 500 });

      for (const rowId of ids.slice(2_000, 2_010)) await repo.deleteDispatchUnlessClaimed(company.id, rowId);
      await db.delete(campaignDispatches).where(inArray(campaignDispatches.id, ids.slice(0, 100)));
      expect(await repo.dispatchCounters(company.id, id)).toEqual(await truth(id));
      expect((await repo.dispatchCounters(company.id, id)).count).toBe(2_890);
    }, 120_000);
  });
}
