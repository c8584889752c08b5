import { platform } from '../index';
import { fakeGeocoder } from './fake-geocoder';
import { nominatimGeocoder } from './nominatim-adapter';
import type { GeocoderPort } from './port';

export type { GeocodePlace } from '@zapdesk/core';
export { type GeocodeRequest, GeocoderError, type GeocoderPort } from './port';

/** GEOCODER_TIMEOUT_MS default: a places search the user is waiting for */
export const GEOCODER_TIMEOUT_DEFAULT_MS = 5_000;

/** The adapter for the environment: Nominatim at GEOCODER_URL, else the embedded fake (no network). */
export function geocoderFromEnv(env: { geocoderUrl?: string; geocoderTimeoutMs: number; backendUrl?: string }) {
  if (!env.geocoderUrl) return fakeGeocoder;
  return nominatimGeocoder({
    url: env.geocoderUrl,
    timeoutMs: env.geocoderTimeoutMs,
    userAgent: `ZapDesk/1.0 (${env.backendUrl ?? 'self-hosted'})`,
  });
}

let current: GeocoderPort | undefined;

/** The process's geocoder: the one set by useGeocoder, else the environment's. */
export function geocoder(): GeocoderPort {
  return current ?? geocoderFromEnv(platform().env);
}

/** Tests (and the boot) swap the adapter; undefined goes back to the environment's. */
export function useGeocoder(port: GeocoderPort | undefined): void {
  current = port;
}
