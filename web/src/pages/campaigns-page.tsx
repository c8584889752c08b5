import { CampaignsScreen } from '../modules/campaigns/campaigns-screen';

/** /Campaigns (spec 2 §2): the campaigns list, for companies with campaigns enabled. */
export default function CampaignsPage() {
  return <CampaignsScreen />;
}
