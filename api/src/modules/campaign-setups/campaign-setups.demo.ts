import { CAMPAIGN_SETUP_DEFAULTS } from '@zapdesk/core';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import * as repo from './campaign-setups.repo';

export const DEMO_SETUP_NAME = 'Campanhas Demo';

export type DemoSetupSeeded = { companyId: number; setupId: number; ownerId: number | null };

/**
 * The demo's campaign setup (first embedded start, after the demo connections): 'Campanhas Demo' on the company's
 * non-default connections ('Demo API'), owned by the demo admin, with the spec's defaults (tMax 10, tMin 2, interval
 * 30, ticket closed after the send, automatic start) and the safety defaults; no reply buttons. Only while the demo
 * company has no setup and has a non-default connection. Never in production. Answers what it seeded (the demo
 * campaign goes on it), else null.
 */
export async function seedDemoCampaignSetup(companyName: string, ownerEmail: string): Promise<DemoSetupSeeded | null> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return null;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countSetups(companyId)) > 0) return null;
  const connections = await repo.nonDefaultConnections(companyId);
  if (!connections.length) return null;
  const D = CAMPAIGN_SETUP_DEFAULTS;
  const ownerId = await repo.findUserIdByEmail(companyId, ownerEmail);
  const setupId = await repo.insertSetup(
    companyId,
    {
      name: DEMO_SETUP_NAME,
      queueId: null,
      userId: ownerId,
      ticketSetStatus: D.ticketSetStatus,
      tMax: D.tMax,
      tMin: D.tMin,
      intervalSeconds: D.interval,
      autoStart: D.autoStart,
      webhookUrlConcluded: null,
      jsonButtonOrList: null,
      intervalJitterPct: D.intervalJitterPct,
      sendWindowStart: D.sendWindowStart,
      sendWindowEnd: D.sendWindowEnd,
      breakerThreshold: D.breakerThreshold,
      warmup: D.warmup.map((w) => ({ ...w })),
    },
    connections.map((c) => c.id),
  );
  log.info({ companyId }, 'demo campaign setup seeded');
  return { companyId, setupId, ownerId };
}
