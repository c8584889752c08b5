import { afterAll, beforeAll } from 'bun:test';
import type { WarmupTier } from '@zapdesk/core';
import { and, asc, eq } from 'drizzle-orm';
import {
  campaignDispatches,
  campaignMessages,
  campaignSetups,
  campaignSetupWhatsapps,
  campaigns,
  simulatorMessages,
  whatsapps,
} from '../../db/schema';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { DbJobs } from '../../platform/jobs/db-jobs';
import { setupTestApp, type TestApp } from '../../test/harness';
import { startChannels } from '../pipeline/pipeline.fixtures';
import { settleInflight } from './campaign-engine.engine';
import { startCampaignEngineArea } from './campaign-engine.startup';

/**
 * Test fixture of the campaign engine: a setup and a campaign with its messages and dispatch rows, inserted directly
 * (the campaigns area's creation — capi — replaces this once it lands: the engine only needs the rows).
 */
export const ALL_DAY = { sendWindowStart: '00:00', sendWindowEnd: '00:00' } as const;
export const NO_WARMUP: WarmupTier[] = [{ fromDay: 0, perDay: 1_000_000 }];

export async function makeSetup(
  companyId: number,
  whatsappIds: number[],
  o: Partial<typeof campaignSetups.$inferInsert> = {},
) {
  const [s] = await db
    .insert(campaignSetups)
    .values({ companyId, name: `Setup ${Math.random().toString(36).slice(2, 7)}`, warmup: NO_WARMUP, ...ALL_DAY, ...o })
    .returning();
  await db
    .insert(campaignSetupWhatsapps)
    .values(whatsappIds.map((whatsappId, position) => ({ companyId, campaignSetupId: s!.id, whatsappId, position })));
  return s!;
}

export async function makeCampaign(
  companyId: number,
  setupId: number,
  numbers: string[],
  o: Partial<typeof campaigns.$inferInsert> & {
    messages?: { greeting: string; body: string }[];
  } = {},
) {
  const { messages = [{ greeting: 'Olá!', body: 'Temos uma oferta para você' }], ...rest } = o;
  const [c] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: `Campanha ${Math.random().toString(36).slice(2, 7)}`,
      campaignSetupId: setupId,
      seed: 4242,
      ...rest,
    })
    .returning();
  await db
    .insert(campaignMessages)
    .values(messages.map((m, position) => ({ companyId, campaignId: c!.id, position, ...m })));
  for (let i = 0; i < numbers.length; i += 1000) {
    await db
      .insert(campaignDispatches)
      .values(
        numbers
          .slice(i, i + 1000)
          .map((number, k) => ({ companyId, campaignId: c!.id, number, name: `Contato ${i + k + 1}` })),
      );
  }
  return c!;
}

export async function dispatchRows(companyId: number, campaignId: number) {
  return db
    .select()
    .from(campaignDispatches)
    .where(and(eq(campaignDispatches.companyId, companyId), eq(campaignDispatches.campaignId, campaignId)))
    .orderBy(asc(campaignDispatches.id));
}

export async function campaignRow(companyId: number, id: number) {
  const [c] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  return c!;
}

/** The simulator outbox of a company: what went out, in order. */
export async function outbox(companyId: number) {
  return db
    .select({
      whatsappId: simulatorMessages.whatsappId,
      number: simulatorMessages.number,
      body: simulatorMessages.body,
      id: simulatorMessages.id,
    })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.companyId, companyId), eq(simulatorMessages.direction, 'out')))
    .orderBy(asc(simulatorMessages.id));
}

export async function firstConnectedAt(id: number): Promise<Date | null> {
  const [w] = await db.select({ at: whatsapps.firstConnectedAt }).from(whatsapps).where(eq(whatsapps.id, id));
  return w?.at ?? null;
}

/** n distinct numbers with WhatsApp in the simulator (`000…` numbers have none). */
export const numbersFor = (n: number, base = 5511970000000) => Array.from({ length: n }, (_, i) => String(base + i));

/** Simulator connections already paired and CONNECTED (a restored session reconnects by itself at start-up). */
export async function makePairedSimulators(companyId: number, n: number) {
  return db
    .insert(whatsapps)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId,
        name: `Sim ${i + 1}`,
        lib: 'simulator' as const,
        status: 'CONNECTED' as const,
        session: 'simulator:paired',
      })),
    )
    .returning();
}

/**
 * The engine's test app for one test file: registers its beforeAll/afterAll (pacing scale 0.5, webhook backoff 100 ms,
 * a TestClock at 2026-11-25 12:00 UTC, a job runner polling every 1 ms, the engine as worker, the channels started) and
 * undoes it all after the file. `t` is filled in beforeAll.
 */
export function useEngineTestApp(): { t: TestApp; clock: TestClock } {
  const t = {} as TestApp;
  const clock = new TestClock(Date.UTC(2026, 10, 25, 12, 0, 0));
  let restoreClock: (() => void) | undefined;
  beforeAll(async () => {
    process.env.CAMPAIGN_PACING_SCALE = '0.5';
    process.env.CAMPAIGN_WEBHOOK_BACKOFF_MS = '100';
    restoreClock = useClock(clock);
    Object.assign(t, await setupTestApp({ jobs: new DbJobs({ pollMs: 1 }) }));
    await startCampaignEngineArea({ role: 'worker' });
    await startChannels(t);
  }, 60_000);
  afterAll(async () => {
    await settleInflight().catch(() => {});
    await t.close();
    restoreClock?.();
    delete process.env.CAMPAIGN_PACING_SCALE;
    delete process.env.CAMPAIGN_WEBHOOK_BACKOFF_MS;
    delete process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS;
  });
  return { t, clock };
}
