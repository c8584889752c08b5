import type { RouteParams } from '../lib/route-types';
import { NoticeRedirectScreen } from '../modules/billing-notices/notice-redirect-screen';

/** /n/{notificationPlatform}/{notificationId} (spec 3 §2): public. */
export default function NoticeRedirectPage({ params }: { params: RouteParams }) {
  return <NoticeRedirectScreen platform={params.notificationPlatform ?? ''} id={params.notificationId ?? ''} />;
}
