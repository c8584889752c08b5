import { GEOCODE_RESULTS_MAX, type GeocodePlace } from '@zapdesk/core';
import { type GeocodeRequest, GeocoderError, type GeocoderPort } from './port';

/** the most bytes of a Nominatim answer we read (10 places are a few kB) */
const MAX_ANSWER_BYTES = 512 * 1024;

type NominatimPlace = { lat?: unknown; lon?: unknown; display_name?: unknown; name?: unknown };

function toPlace(p: NominatimPlace): GeocodePlace | null {
  const latitude = Number(p.lat);
  const longitude = Number(p.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const address = typeof p.display_name === 'string' ? p.display_name.slice(0, 300) : '';
  const name = (typeof p.name === 'string' && p.name.trim() ? p.name : address.split(',')[0]).trim().slice(0, 100);
  if (!name) return null;
  return { name, address, latitude, longitude };
}

/**
 * The Nominatim search API (`GET {url}/search?q=&format=jsonv2&limit=`): OpenStreetMap's public server, a self-hosted
 * one, or any compatible service. One call, no retries, bounded by `timeoutMs` (a hung server answers
 * GeocoderError 'timeout', never a hang). Nominatim's policy asks for an identifying User-Agent.
 */
export function nominatimGeocoder(opts: { url: string; timeoutMs: number; userAgent?: string }): GeocoderPort {
  const base = opts.url.replace(/\/+$/, '');
  return {
    kind: 'nominatim',
    async search(req: GeocodeRequest): Promise<GeocodePlace[]> {
      const url = new URL(`${base}/search`);
      url.searchParams.set('q', req.query);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', String(Math.min(Math.max(1, req.limit), GEOCODE_RESULTS_MAX)));
      url.searchParams.set('addressdetails', '0');
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), opts.timeoutMs);
      try {
        const res = await fetch(url, {
          signal: ac.signal,
          redirect: 'error',
          headers: {
            accept: 'application/json',
            'accept-language': req.language ?? 'pt-BR',
            'user-agent': opts.userAgent ?? 'ZapDesk/1.0',
          },
        });
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          throw new GeocoderError(`geocoder answered ${res.status}`, 'error', res.status);
        }
        const declared = Number(res.headers.get('content-length') ?? 0);
        if (declared > MAX_ANSWER_BYTES) {
          await res.body?.cancel().catch(() => {});
          throw new GeocoderError('geocoder answer too large', 'error');
        }
        const text = await res.text();
        if (text.length > MAX_ANSWER_BYTES) throw new GeocoderError('geocoder answer too large', 'error');
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          throw new GeocoderError('geocoder answer is not JSON', 'error');
        }
        if (!Array.isArray(data)) throw new GeocoderError('geocoder answer is not a list', 'error');
        return data
          .map((p) => (p && typeof p === 'object' ? toPlace(p as NominatimPlace) : null))
          .filter((p): p is GeocodePlace => p !== null)
          .slice(0, req.limit);
      } catch (err) {
        if (err instanceof GeocoderError) throw err;
        if (ac.signal.aborted) throw new GeocoderError('geocoder timeout', 'timeout');
        throw new GeocoderError(
          `geocoder unreachable: ${String((err as Error)?.message ?? err).slice(0, 200)}`,
          'error',
        );
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
