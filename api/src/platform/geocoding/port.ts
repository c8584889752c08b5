import type { GeocodePlace } from '@zapdesk/core';

/**
 * The geocoding port: a free-text places search (the location editor's "buscar endereço"). Adapters:
 * `nominatim-adapter.ts` (any Nominatim-compatible server: GEOCODER_URL, GEOCODER_TIMEOUT_MS) and the embedded fake
 * (`fake-geocoder.ts`: a few Brazilian places, used when GEOCODER_URL is unset — the demo and every test). The fake
 * also runs as a Nominatim-compatible HTTP server so the real adapter is tested over real HTTP, never the internet.
 */
export type GeocodeRequest = {
  query: string;
  /** at most this many places */
  limit: number;
  /** preferred answer language (Accept-Language), default pt-BR */
  language?: string;
};

export class GeocoderError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'error',
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}

export type GeocoderPort = {
  /** which adapter answers ('fake' or 'nominatim'), for logs and the health of the demo */
  readonly kind: 'fake' | 'nominatim';
  /** places matching the query, best first; throws GeocoderError on timeout or failure */
  search(req: GeocodeRequest): Promise<GeocodePlace[]>;
};
