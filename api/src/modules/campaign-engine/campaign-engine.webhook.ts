import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { webhookAllowHosts, webhookTimeoutMs } from './campaign-engine.knobs';

/** How a host name is resolved (tests replace it to play a DNS answer that changes between two lookups). */
type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = async (host) =>
  (await dns.lookup(host, { all: true })).map((a: LookupAddress) => ({ address: a.address, family: a.family }));
let resolve: Resolve = systemResolve;
let publicCheck: (ip: string) => boolean = (ip) => isPublicAddress(ip);

/** Test seam: the resolver and the address check (null: the real ones). */
export function setWebhookDnsForTests(o: { resolve?: Resolve; isPublic?: (ip: string) => boolean } | null): void {
  resolve = o?.resolve ?? systemResolve;
  publicCheck = o?.isPublic ?? ((ip) => isPublicAddress(ip));
}

/** A vetted URL: `pinned` is the checked address the request must connect to (null: allow-listed host, usual DNS). */
export type VettedUrl = { url: URL; pinned: { address: string; family: number } | null };

/**
 * The SSRF guard (the campaigns' concluded webhook, the bots' command webhook): only http(s), no credentials, and
 * only to public addresses — every address the host resolves to is checked — unless the host (or host:port) is on
 * CAMPAIGN_WEBHOOK_ALLOW_HOSTS. Answers the refusal's reason, or the vetted URL with the address to connect to.
 */
export async function vetWebhookUrl(raw: string): Promise<{ refused: string } | VettedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: 'URL inválida' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'Somente http(s) é permitido' };
  if (url.username || url.password) return { refused: 'A URL não pode conter credenciais' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allow = webhookAllowHosts();
  if (allow.includes(host) || allow.includes(`${host}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`)) {
    return { url, pinned: null };
  }
  let addresses: { address: string; family: number }[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { refused: 'Host não encontrado' };
    }
  }
  if (!addresses.length) return { refused: 'Host não encontrado' };
  const bad = addresses.find((a) => !publicCheck(a.address));
  if (bad) return { refused: `Endereço não público (${bad.address})` };
  return { url, pinned: addresses[0] as { address: string; family: number } };
}

/** The guard's answer as a reason to refuse, or null (the URL may be called — through `guardedPost`). */
export async function webhookRefusal(raw: string): Promise<string | null> {
  const v = await vetWebhookUrl(raw);
  return 'refused' in v ? v.refused : null;
}

export class WebhookRefusedError extends Error {}

/**
 * POSTs to a URL the guard accepts, connected to the very address the guard checked (DNS rebinding: a second DNS
 * answer is never used — the socket's lookup answers the pinned address; the Host header and the TLS SNI / certificate
 * check stay the URL's host name). No redirect is followed. Answers the status; throws WebhookRefusedError when the
 * guard refuses, an Error on a network error or the timeout.
 */
export async function guardedPost(
  raw: string,
  o: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<{ status: number }> {
  const v = await vetWebhookUrl(raw);
  if ('refused' in v) throw new WebhookRefusedError(v.refused);
  const { url, pinned } = v;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((done, fail) => {
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) },
        ...(pinned
          ? {
              lookup: ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
                opts?.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family)) as LookupFunction,
            }
          : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0 }));
        res.on('error', fail);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('webhook timed out')), o.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => {
      clearTimeout(timer);
      fail(err);
    });
    req.end(o.body);
  });
}

/** Whether an IP address is a public unicast one (not loopback, private, link-local, CGNAT, multicast, reserved). */
export function isPublicAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) return publicV4(ip);
  if (v === 6) {
    const a = ip.toLowerCase();
    const mapped = a.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return publicV4(mapped[1] as string);
    if (a === '::' || a === '::1') return false;
    const first = Number.parseInt(a.split(':')[0] || '0', 16);
    if ((first & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
    if ((first & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
    if ((first & 0xff00) === 0xff00) return false; // multicast
    if (a.startsWith('64:ff9b:') || a.startsWith('2001:db8:') || a.startsWith('100::')) return false;
    return true;
  }
  return false;
}

function publicV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // CGNAT
  if (a === 192 && b === 0) return false; // 192.0.0.0/24, 192.0.2.0/24
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51) return false;
  if (a === 203 && b === 0) return false;
  return true;
}

/** POSTs the summary (JSON) with a short timeout, pinned to the vetted address; throws on a refusal, a network error, a
 * timeout or a non-2xx answer. */
export async function postWebhook(url: string, body: unknown): Promise<void> {
  const res = await guardedPost(url, {
    headers: { 'content-type': 'application/json', 'user-agent': 'ZapDesk-Campaigns/1' },
    body: JSON.stringify(body),
    timeoutMs: webhookTimeoutMs(),
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`webhook answered ${res.status}`);
}
