import { ConnectionsScreen } from '../modules/connections/connections-screen';

/** /connections (spec 1 §2). */
export default function ConnectionsPage() {
  return <ConnectionsScreen />;
}
