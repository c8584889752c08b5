import { describe, expect, test } from 'bun:test';
import { CampaignSetupInput } from '@zapdesk/core';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '../../platform/db';
import { makeCompany } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { campaignDispatches, campaignSetups, campaignSetupWhatsapps, campaigns, whatsapps } from './index';

useTestApp();

/** The campaign tables on a real database: the constraints the engine relies on (issue 15). */
describe('campaign tables', () => {
  test('the send list dedupes on (campaign, number); a claim is won by exactly one of two concurrent workers', async () => {
    const company = await makeCompany({ enableCampaigns: true });
    if (!company) throw new Error('no company');
    const [w] = await db.insert(whatsapps).values({ companyId: company.id, name: 'Vendas' }).returning();
    const input = CampaignSetupInput.parse({ name: 'Padrão', whatsapps: [w?.id] });
    const [setup] = await db
      .insert(campaignSetups)
      .values({ companyId: company.id, name: input.name, warmup: input.warmup })
      .returning();
    if (!setup || !w) throw new Error('no setup');
    expect(setup).toMatchObject({ tMax: 10, tMin: 2, intervalSeconds: 30, ticketSetStatus: 'closed', autoStart: true });
    expect(setup.warmup).toEqual(input.warmup);
    await db
      .insert(campaignSetupWhatsapps)
      .values({ companyId: company.id, campaignSetupId: setup.id, whatsappId: w.id });
    const [c] = await db
      .insert(campaigns)
      .values({ companyId: company.id, name: 'Promo', campaignSetupId: setup.id, seed: 42 })
      .returning();
    if (!c) throw new Error('no campaign');
    expect(c.status).toBe('created');

    const rows = ['5511987654321', '5511987654321', '5531999990000'].map((number) => ({
      companyId: company.id,
      campaignId: c.id,
      number,
    }));
    await db.insert(campaignDispatches).values(rows).onConflictDoNothing();
    const list = await db.select().from(campaignDispatches).where(eq(campaignDispatches.campaignId, c.id));
    expect(list.map((d) => d.number).sort()).toEqual(['5511987654321', '5531999990000']);
    expect(list.every((d) => d.status === 'pending' && d.resendCount === 0)).toBe(true);

    const target = list[0];
    if (!target) throw new Error('no dispatch');
    const claim = (worker: string) =>
      db
        .update(campaignDispatches)
        .set({ status: 'claimed', whatsappId: w.id, claimedBy: worker, claimedAt: sql`now()` })
        .where(
          and(
            eq(campaignDispatches.companyId, company.id),
            eq(campaignDispatches.id, target.id),
            eq(campaignDispatches.status, 'pending'),
          ),
        )
        .returning({ id: campaignDispatches.id });
    const [a, b] = await Promise.all([claim('w1'), claim('w2')]);
    expect((a?.length ?? 0) + (b?.length ?? 0)).toBe(1);

    // the counters by status come from the (company, campaign, status, id) index
    const counts = await db
      .select({ status: campaignDispatches.status, n: sql<number>`count(*)::int` })
      .from(campaignDispatches)
      .where(and(eq(campaignDispatches.companyId, company.id), eq(campaignDispatches.campaignId, c.id)))
      .groupBy(campaignDispatches.status);
    expect(Object.fromEntries(counts.map((r) => [r.status, r.n]))).toEqual({ claimed: 1, pending: 1 });
  });
});
