import type { RouteParams } from '../lib/route-types';
import { SimulatorScreen } from '../modules/simulator/simulator-screen';
import NotFoundPage from './not-found-page';

/** /simulator/{whatsappId}: the phone mock-up of a simulator connection (reached from /connections). */
export default function SimulatorPage({ params }: { params: RouteParams }) {
  const id = Number(params.whatsappId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <SimulatorScreen key={id} whatsappId={id} />;
}
