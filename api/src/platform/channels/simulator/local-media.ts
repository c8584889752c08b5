import { DomainError, MEDIA_MAX_BYTES } from '@zapdesk/core';

export const MEDIA_URL_TEXT = 'mediaUrl deve ser um data: URL ou um endereço da lista SIMULATOR_MEDIA_ORIGINS.';
export const DATA_URL_TEXT = 'mediaUrl: data: URL malformado.';

/** data:[<mime>][;param…][;base64],<data> */
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function decodeDataUrl(url: string): { data: Uint8Array; mimeType: string } {
  const m = url.match(DATA_URL);
  if (!m) throw new DomainError('ERR_VALIDATION', DATA_URL_TEXT);
  const mimeType = m[1] || 'application/octet-stream';
  if (m[3]) {
    const b64 = m[4].replace(/\s+/g, '');
    if (!BASE64.test(b64)) throw new DomainError('ERR_VALIDATION', DATA_URL_TEXT);
    return { data: Uint8Array.from(Buffer.from(b64, 'base64')), mimeType };
  }
  let text: string;
  try {
    text = decodeURIComponent(m[4]);
  } catch {
    // a stray '%' (not an escape): bad input, not a server fault
    throw new DomainError('ERR_VALIDATION', DATA_URL_TEXT);
  }
  return { data: new TextEncoder().encode(text), mimeType };
}

/**
 * Bytes of a simulator `mediaUrl`: a data: URL, or an http(s) URL whose origin is on the explicit allow-list
 * (SIMULATOR_MEDIA_ORIGINS, empty by default). Nothing else is fetched — not this machine (loopback port scans,
 * local answers stored as media), not the internet: the simulator must not become an SSRF vector. Redirects are not
 * followed.
 */
export async function loadSimulatorMedia(
  url: string,
  allowedOrigins: readonly string[] = [],
): Promise<{ data: Uint8Array; mimeType: string }> {
  if (url.startsWith('data:')) return decodeDataUrl(url);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DomainError('ERR_VALIDATION', MEDIA_URL_TEXT);
  }
  if (
    (u.protocol !== 'http:' && u.protocol !== 'https:') ||
    u.username ||
    u.password ||
    !allowedOrigins.includes(u.origin)
  ) {
    throw new DomainError('ERR_VALIDATION', MEDIA_URL_TEXT);
  }
  let res: Response;
  try {
    res = await fetch(u, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  }
  if (!res.ok) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  const len = Number(res.headers.get('content-length') ?? 0);
  if (len > MEDIA_MAX_BYTES) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.length > MEDIA_MAX_BYTES) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  return { data, mimeType: res.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream' };
}
