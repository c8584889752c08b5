import type { RouteParams } from '../lib/route-types';
import { LocationsScreen } from '../modules/locations/locations-screen';

/** /locations/{id?} (spec 2 §2): administrators (manageLocations); `new` opens create, an id opens edit. */
export default function LocationsPage({ params }: { params: RouteParams }) {
  return <LocationsScreen id={params.id} />;
}
