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
