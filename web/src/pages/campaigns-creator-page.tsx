import type { RouteParams } from '../lib/route-types';
import { CampaignCreatorScreen } from '../modules/campaigns/campaign-creator';

/** /CampaignsCreator/{campaignId?} (spec 2 §2): a new campaign; with an id, a copy of that campaign. */
export default function CampaignsCreatorPage({ params }: { params: RouteParams }) {
  const id = Number(params.campaignId);
  const copyOf = Number.isInteger(id) && id > 0 ? id : null;
  return <CampaignCreatorScreen key={copyOf ?? 'new'} copyOf={copyOf} />;
}
