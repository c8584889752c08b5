/** Product title shown when the company has no name/slogan, and in the tab title (spec: a build-time setting). */
export const PRODUCT_TITLE = 'ZapDesk';

const DEV_BACKEND_URL = 'http://localhost:8080';

/** The API origin: from /config.js (one build serves any BACKEND_URL), else the dev default. No trailing slash. */
export function backendUrl(): string {
  const fromConfig = typeof window !== 'undefined' ? window.__APP_CONFIG__?.backendUrl : undefined;
  return (fromConfig || DEV_BACKEND_URL).replace(/\/+$/, '');
}

/** An API-relative URL (e.g. a company logo `/public/…`) made absolute, optionally with `?token=` (GET only). */
export function apiUrl(path: string, token?: string | null): string {
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  const url = new URL(path.startsWith('/') ? path : `/${path}`, `${backendUrl()}/`);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The map tiles of every map (the server's MAP_TILE_URL / MAP_TILE_ATTRIBUTION via /config.js; OpenStreetMap by
 * default). A Leaflet URL template: {z}/{x}/{y}, optional {s} (subdomains a, b, c).
 */
export function mapTiles(): { url: string; attribution: string } {
  const c = typeof window !== 'undefined' ? window.__APP_CONFIG__ : undefined;
  return {
    url: c?.mapTileUrl || DEFAULT_TILE_URL,
    attribution: c?.mapTileAttribution || DEFAULT_TILE_ATTRIBUTION,
  };
}
