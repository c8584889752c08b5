import { CAMPAIGN_SETUP_DEFAULTS } from '@zapdesk/core';
import { campaignDispatches, campaignSetups, campaignSetupWhatsapps, campaigns } from '../../db/schema';
import { db } from '../../platform/db';

/**
 * A campaign for the route sweep (api/src/test/route-sweep.fixtures.ts): its own setup on a non-default connection,
 * a paused campaign of the admin (so the owner may edit and delete it) with two dispatch rows. Written directly:
 * the sweep turns the plan's campaigns on only after the tenants are built.
 */
export async function campaignSweepFixture(
  companyId: number,
  whatsappId: number,
  userId: number,
  marker: string,
): Promise<{ campaignsSetupId: number; managedCampaignId: number; campaignDispatchId: number }> {
  const [setup] = await db
    .insert(campaignSetups)
    .values({ companyId, name: `Campanhas ${marker}`, warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((w) => ({ ...w })) })
    .returning();
  if (!setup) throw new Error('no setup');
  await db.insert(campaignSetupWhatsapps).values({ companyId, campaignSetupId: setup.id, whatsappId });
  const [campaign] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: `Campanha ${marker}`,
      status: 'pause',
      initialized: new Date(),
      userId,
      campaignSetupId: setup.id,
      seed: 7,
    })
    .returning();
  if (!campaign) throw new Error('no campaign');
  const rows = await db
    .insert(campaignDispatches)
    .values(['5511970000001', '5511970000002'].map((number) => ({ companyId, campaignId: campaign.id, number })))
    .returning({ id: campaignDispatches.id });
  return { campaignsSetupId: setup.id, managedCampaignId: campaign.id, campaignDispatchId: rows[0]?.id ?? 0 };
}

/** Names and e-mails an array parameter must carry as they are (quotes, backslashes, braces, commas, NULL, ''). */
export const AWKWARD_SEND_LIST = [
  { number: '5511900000001', name: 'Ana "Bia", {x}', email: 'a\\b@ex.com' },
  { number: '5511900000002', name: 'NULL', email: null },
  { number: '5511900000003', name: null, email: '' },
  { number: '5511900000001', name: 'repetido', email: null },
  { number: '5511900000004', name: "O'Hara\ttab\nlinha ☎ 東京", email: 'x@y.com' },
];
