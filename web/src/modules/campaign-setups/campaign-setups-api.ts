import type { CampaignSetupBody, CampaignSetupDto, CampaignSetupList } from '@zapdesk/core';
import { apiJson } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** The setups screen's calls (spec 2 §7 "Campaign setups"), typed by the core DTOs. */

export type SetupPage = Page<CampaignSetupDto> & { count: number };

/** `GET /CampaignSetup/` (searchParam, pageNumber) → `{ campaignSetups, count, hasMore }`. */
export async function fetchSetupsPage(searchParam: string, pageNumber: number): Promise<SetupPage> {
  const q = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  const res = await apiJson<CampaignSetupList>('GET', `/CampaignSetup/?${q.toString()}`);
  return { items: res.campaignSetups, hasMore: res.hasMore, count: res.count };
}

export const createSetup = (body: CampaignSetupBody) => apiJson<CampaignSetupDto>('POST', '/CampaignSetup', body);

export const updateSetup = (id: number, body: CampaignSetupBody) =>
  apiJson<CampaignSetupDto>('PUT', `/campaignSetup/${id}`, body);

/** Refused with 409 ERR_CAMPAIGN_SETUP_IN_USE while a non-finalized campaign uses the setup. */
export const deleteSetup = (id: number) => apiJson<{ message: string }>('DELETE', `/campaignSetup/${id}`);
