import {
  type CreateLocation,
  DomainError,
  events,
  GEOCODE_RESULTS_MAX,
  type GeocodePlace,
  type GeocodeQuery,
  LOCATION_NAME_MAX,
  LOCATION_TEXTS,
  type LocationDto,
  type LocationEvent,
  locationOf,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
  SHARED_LOCATIONS_DAYS,
  SHARED_LOCATIONS_MAX,
  type SharedLocationDto,
  type UpdateLocation,
} from '@zapdesk/core';
import { now } from '../../platform/clock';
import { GeocoderError, geocoder } from '../../platform/geocoding';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import * as repo from './locations.repo';

function emitLocationEvent(companyId: number, data: LocationEvent): void {
  emit({ companyId, channel: events.location.of(companyId), data });
}

async function getLocation(companyId: number, id: number): Promise<LocationDto> {
  const l = await repo.findLocation(companyId, id);
  if (!l) throw new DomainError('ERR_NOT_FOUND', LOCATION_TEXTS.notFound);
  return l;
}

/**
 * GET /locations/ → { locations, hasMore, count }. Reading is open to every user of the company (attendants pick a
 * location to send in a chat); creating, changing and deleting need `manageLocations` (the administration menu).
 */
export async function listLocations(ctx: UserCtx, q: PageQuery) {
  const { rows, hasMore, count } = await repo.listLocations(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { locations: rows, hasMore, count };
}

export const showLocation = (ctx: UserCtx, id: number) => getLocation(ctx.companyId, id);

export async function createLocation(ctx: UserCtx, input: CreateLocation): Promise<LocationDto> {
  assertCan(ctx, 'manageLocations');
  const location = await repo.insertLocation(ctx.companyId, {
    name: input.name,
    latitude: input.latitude,
    longitude: input.longitude,
    address: input.address ?? '',
  });
  emitLocationEvent(ctx.companyId, { action: 'create', location });
  return location;
}

export async function updateLocation(ctx: UserCtx, id: number, input: UpdateLocation): Promise<LocationDto> {
  assertCan(ctx, 'manageLocations');
  const patch: { name?: string; latitude?: number; longitude?: number; address?: string } = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.latitude !== undefined) patch.latitude = input.latitude;
  if (input.longitude !== undefined) patch.longitude = input.longitude;
  if (input.address !== undefined) patch.address = input.address;
  const location = Object.keys(patch).length
    ? await repo.updateLocation(ctx.companyId, id, patch)
    : await repo.findLocation(ctx.companyId, id);
  if (!location) throw new DomainError('ERR_NOT_FOUND', LOCATION_TEXTS.notFound);
  emitLocationEvent(ctx.companyId, { action: 'update', location });
  return location;
}

/** DELETE /locations/{id}: soft delete — the list and the chat picker lose it; sent messages keep their map. */
export async function deleteLocation(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'manageLocations');
  if (!(await repo.softDeleteLocation(ctx.companyId, id))) {
    throw new DomainError('ERR_NOT_FOUND', LOCATION_TEXTS.notFound);
  }
  emitLocationEvent(ctx.companyId, { action: 'delete', locationId: id });
}

/** A location of the company that can be sent in a chat (not deleted), or null. The outbound seam reads it. */
export const sendableLocation = (companyId: number, id: number): Promise<LocationDto | null> =>
  repo.findLocation(companyId, id);

/**
 * GET /locations/search?q= (ours): the editor's places search through the geocoding port. A timeout answers 504
 * ERR_GEOCODER_TIMEOUT, any other failure 502 ERR_GEOCODER_UNAVAILABLE (the editor keeps the map to pick by hand).
 */
export async function searchPlaces(ctx: UserCtx, q: GeocodeQuery): Promise<{ places: GeocodePlace[] }> {
  assertCan(ctx, 'manageLocations');
  try {
    const places = await geocoder().search({ query: q.q, limit: GEOCODE_RESULTS_MAX });
    return { places: places.slice(0, GEOCODE_RESULTS_MAX) };
  } catch (err) {
    if (err instanceof GeocoderError) {
      log.warn({ err: err.message, kind: err.kind, companyId: ctx.companyId }, 'places search failed');
      throw new DomainError(err.kind === 'timeout' ? 'ERR_GEOCODER_TIMEOUT' : 'ERR_GEOCODER_UNAVAILABLE');
    }
    throw err;
  }
}

/** the place name a location message carries: dataJson.name, else the body's first line that is not a link */
function placeName(r: { body: string; dataJson: Record<string, unknown> | null }): string {
  const n = r.dataJson?.name;
  if (typeof n === 'string' && n.trim()) return n.trim().slice(0, LOCATION_NAME_MAX);
  const line = r.body
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !/^https?:\/\//i.test(l));
  return (line ?? '').slice(0, LOCATION_NAME_MAX);
}

/**
 * GET /locations/shared (ours, the /maps view): the last location shared in each conversation of the last 30 days
 * (sent or received), newest first, at most 500. Conversations of the whole company: administrators only (the
 * same `manageLocations` as the locations screens; an administrator sees every ticket).
 */
export async function sharedLocations(ctx: UserCtx): Promise<{ shared: SharedLocationDto[] }> {
  assertCan(ctx, 'manageLocations');
  const since = new Date(now() - SHARED_LOCATIONS_DAYS * 24 * 60 * 60 * 1000);
  const rows = await repo.lastSharedLocations(ctx.companyId, since, SHARED_LOCATIONS_MAX);
  const shared: SharedLocationDto[] = [];
  for (const r of rows) {
    const at = locationOf({ body: r.body, dataJson: r.dataJson });
    if (!at) continue;
    shared.push({
      messageId: r.messageId,
      ticketId: r.ticketId,
      ticketUuid: r.ticketUuid,
      contactId: r.contactId,
      contactName: r.contactName,
      contactNumber: r.contactNumber,
      latitude: at.latitude,
      longitude: at.longitude,
      name: placeName(r),
      fromMe: r.fromMe,
      createdAt: r.createdAt.toISOString(),
    });
  }
  return { shared };
}
