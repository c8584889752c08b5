import { MapsScreen } from '../modules/locations/maps-screen';

/** /maps (spec 2 §2, content not shown; ours: docs/DECISIONS.md): administrators (manageLocations). */
export default function MapsPage() {
  return <MapsScreen />;
}
