import type { RouteParams } from '../lib/route-types';
import { StoreScreen } from '../modules/signup/store-screen';

/** /store/{planId?} (spec 3 §2): public. */
export default function StorePage({ params }: { params: RouteParams }) {
  return <StoreScreen planId={params.planId} />;
}
