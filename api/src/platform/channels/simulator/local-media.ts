import { DomainError, MEDIA_MAX_BYTES } from '@zapdesk/core';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const MEDIA_URL_TEXT = 'mediaUrl deve ser um data: URL ou um endereço http(s) em localhost.';

/**
 * Bytes of a simulator `mediaUrl`: a data: URL, or an http(s) URL on this machine. Media is never fetched from
 * the internet (the simulator must not become an open proxy / SSRF vector).
 */
export async function loadSimulatorMedia(url: string): Promise<{ data: Uint8Array; mimeType: string }> {
  if (url.startsWith('data:')) {
    const m = url.match(/^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s);
    if (!m) throw new DomainError('ERR_VALIDATION', MEDIA_URL_TEXT);
    const mimeType = m[1] || 'application/octet-stream';
    const data = m[3]
      ? Uint8Array.from(Buffer.from(m[4], 'base64'))
      : new TextEncoder().encode(decodeURIComponent(m[4]));
    return { data, mimeType };
  }
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DomainError('ERR_VALIDATION', MEDIA_URL_TEXT);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !LOCAL_HOSTS.has(u.hostname)) {
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
