import { type CampaignDispatchDto, type CampaignDto, type CampaignStatus, type Channel, events } from '@zapdesk/core';
import type { CampaignCounts } from './campaigns-api';

/**
 * `campaign-{campaignId}` (spec 2 §7: action refresh, update or create with campaignDispatch; core `events.campaign`),
 * read loosely so the engine's and the campaigns area's payloads both fit: a dispatch row that changed or went away,
 * the campaign itself (or just its status and pause reason), the counters after the change, a refresh of
 * everything, or the campaign deleted.
 */
export type CampaignLiveEvent = {
  action: 'create' | 'update' | 'delete' | 'refresh';
  campaignDispatch?: CampaignDispatchDto;
  campaignDispatchId?: number;
  campaign?: CampaignDto;
  campaignId?: number;
  status?: CampaignStatus;
  pauseReason?: string | null;
  counters?: Partial<CampaignCounts>;
};

export const campaignChannelOf = (id: number): Channel<CampaignLiveEvent> =>
  events.campaign.of(id) as unknown as Channel<CampaignLiveEvent>;

/** What one event does to the manager (pure; the screen applies it). */
export type LiveEffect = {
  /** a row to upsert */
  upsert?: CampaignDispatchDto;
  /** a row to drop */
  remove?: number;
  /** the campaign as it is now, or a patch of it */
  campaign?: CampaignDto;
  patch?: Partial<Pick<CampaignDto, 'status' | 'pauseReason'>>;
  counts?: Partial<CampaignCounts>;
  /** reload the campaign and the rows */
  reload?: boolean;
  /** the campaign was deleted */
  gone?: boolean;
};

export function liveEffect(e: CampaignLiveEvent): LiveEffect {
  const out: LiveEffect = {};
  if (e.counters) out.counts = e.counters;
  if (e.action === 'refresh') {
    out.reload = true;
    if (e.status) out.patch = { status: e.status, pauseReason: e.pauseReason ?? null };
    return out;
  }
  if (e.action === 'delete') {
    if (e.campaignDispatchId) out.remove = e.campaignDispatchId;
    else if (e.campaignId) out.gone = true;
    return out;
  }
  if (e.campaignDispatch) out.upsert = e.campaignDispatch;
  if (e.campaign) out.campaign = e.campaign;
  return out;
}
