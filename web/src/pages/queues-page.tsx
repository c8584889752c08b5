import type { RouteParams } from '../lib/route-types';
import { QueuesScreen } from '../modules/queues/queues-screen';

/** /queues/{param?} (spec 2 §2): `new` opens the create dialog. */
export default function QueuesPage({ params }: { params: RouteParams }) {
  return <QueuesScreen param={params.param} />;
}
