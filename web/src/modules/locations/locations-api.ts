import type { GeocodePlace, LocationDto, SharedLocationDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

export type LocationInput = { name: string; latitude: number; longitude: number; address: string };

/** Spec 2 §7: `GET /locations/` (searchParam, pageNumber) → `{ locations, hasMore }`; POST, PUT, DELETE (soft). */
const locations = recordsApi<LocationDto, LocationInput>(api.locations, 'locations');
export const {
  fetchPage: fetchLocationsPage,
  create: createLocation,
  update: updateLocation,
  remove: deleteLocation,
} = locations;

export async function fetchLocation(id: number): Promise<LocationDto> {
  return (await parseResponse(api.locations[':id'].$get({ param: { id: String(id) } }))) as LocationDto;
}

/** `GET /locations/search?q=` (ours): the places search through the server's geocoding port. */
export async function searchPlaces(q: string): Promise<GeocodePlace[]> {
  const res = (await parseResponse(api.locations.search.$get({ query: { q } }))) as { places: GeocodePlace[] };
  return res.places;
}

/** Every saved location for the /maps view (pages of the spec's list, at most `max`). */
export async function fetchAllLocations(max = 2000): Promise<LocationDto[]> {
  const out: LocationDto[] = [];
  for (let page = 1; out.length < max; page++) {
    const res = await fetchLocationsPage('', page);
    out.push(...res.items);
    if (!res.hasMore || res.items.length === 0) break;
  }
  return out.slice(0, max);
}

/** `GET /locations/shared` (ours): the last location shared in each recent conversation. */
export async function fetchSharedLocations(): Promise<SharedLocationDto[]> {
  const res = (await parseResponse(api.locations.shared.$get())) as { shared: SharedLocationDto[] };
  return res.shared;
}
