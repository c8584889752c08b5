import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * Security headers of both origins (issue 12 point 18). The API answers JSON (and media, which sets its own
 * sandboxed CSP): nothing there may be framed, sniffed, or leak its URL (media links carry `?token=`) as a referrer.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
};

export function apiSecurityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(API_SECURITY_HEADERS)) {
      // a route that chose its own (media's sandboxed CSP) keeps it
      if (!c.res.headers.has(k)) c.res.headers.set(k, v);
    }
  };
}

/** `'sha256-…'` sources for the inline <script>s of the built index.html (the theme bootstrap). */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!m[1].trim()) continue;
    out.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return out;
}

/**
 * The web app's CSP: only its own files run (plus the hashed inline theme bootstrap); it talks to the API origin
 * only; images also from the map tiles and WhatsApp's profile pictures; nothing frames it. Inline style attributes
 * stay allowed (React `style={…}`): they cannot run code.
 */
export function webContentSecurityPolicy(
  backendUrl: string,
  scriptHashes: readonly string[],
  mapTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
): string {
  let api = '';
  try {
    api = new URL(backendUrl).origin;
  } catch {
    api = '';
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api} ${tileImgSource(mapTileUrl)} https://*.whatsapp.net`.replace(/\s+/g, ' '),
    `media-src 'self' data: blob: ${api}`.replace(/\s+/g, ' '),
    `connect-src 'self' ${api}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The CSP source of a tile template's images: its origin, a `{s}` subdomain becoming `*`
 * (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`). '' when it has no usable origin.
 */
export function tileImgSource(template: string): string {
  const m = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!m) return '';
  const host = m[2].replace(/\{s\}/g, '*');
  return /^[a-z0-9*.:-]+$/i.test(host) ? `${m[1]}://${host}` : '';
}

export function webSecurityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}
