import { QueuesScreen } from '../modules/queues/queues-screen';
import type { RouteParams } from '../routes';

/** /queues/{param?} (spec 2 §2): `new` opens the create dialog. */
export default function QueuesPage({ params }: { params: RouteParams }) {
  return <QueuesScreen param={params.param} />;
}
