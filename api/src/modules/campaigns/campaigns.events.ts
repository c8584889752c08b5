import { type CampaignEvent, type CampaignListEvent, events } from '@zapdesk/core';
import { emit } from '../../platform/index';
import * as repo from './campaigns.repo';

/**
 * The campaigns area's live events (typed by core's catalogue, payloads in core campaigns/campaign.events.ts):
 * `campaign-{campaignId}` for the manager and ours `campaigns-{companyId}` for the list. Administrators only (the
 * campaign screens are theirs: capability useCampaigns). The engine (modules/campaign-engine) publishes its own
 * dispatch moves and campaign moves on `campaign-{id}` with the same payloads.
 */

export function emitCampaignEvent(companyId: number, campaignId: number, data: CampaignEvent): void {
  emit({ companyId, channel: events.campaign.of(campaignId), adminOnly: true, data });
}

export function emitCampaignListEvent(companyId: number, data: CampaignListEvent): void {
  emit({ companyId, channel: events.campaigns.of(companyId), adminOnly: true, data });
}

/** The campaign changed (name, setup, schedule): its manager reloads (`refresh`), the campaigns list updates. */
export async function publishCampaignChange(companyId: number, campaignId: number): Promise<void> {
  const [c, counters] = await Promise.all([
    repo.findCampaign(companyId, campaignId),
    repo.dispatchCounters(companyId, campaignId),
  ]);
  if (!c) return;
  emitCampaignEvent(companyId, campaignId, {
    action: 'refresh',
    campaignId,
    status: c.status,
    pauseReason: c.pauseReason,
    counters,
  });
  emitCampaignListEvent(companyId, { action: 'update', campaign: c });
}

export const ZERO_COUNTERS = {
  count: 0,
  sentCount: 0,
  failCount: 0,
  uncertainCount: 0,
  pendingCount: 0,
  canceledCount: 0,
} as const;
