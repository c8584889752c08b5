import type { RouteParams } from '../lib/route-types';
import { CampaignManagerScreen } from '../modules/campaigns/campaign-manager';

/** /CampaignsManager/{campaignId?} (spec 2 §2): one campaign's controls, counters and dispatches. */
export default function CampaignsManagerPage({ params }: { params: RouteParams }) {
  const id = Number(params.campaignId);
  return <CampaignManagerScreen campaignId={Number.isInteger(id) && id > 0 ? id : null} />;
}
