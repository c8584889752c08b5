import type { RouteParams } from '../lib/route-types';
import { SubscriptionScreen } from '../modules/signup/subscription-screen';

/** /subscription/{leadId?} (spec 3 §2): public. */
export default function SubscriptionPage({ params }: { params: RouteParams }) {
  return <SubscriptionScreen leadId={params.leadId} />;
}
