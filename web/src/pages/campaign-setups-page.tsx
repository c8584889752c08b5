import { CampaignSetupsScreen } from '../modules/campaign-setups/campaign-setups-screen';

/** /CampaignSetups (spec 2 §2): the campaign setups list, for companies with campaigns enabled. */
export default function CampaignSetupsPage() {
  return <CampaignSetupsScreen />;
}
