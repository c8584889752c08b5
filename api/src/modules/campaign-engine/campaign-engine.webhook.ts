import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { webhookAllowHosts, webhookTimeoutMs } from './campaign-engine.knobs';

/**
 * The concluded webhook's SSRF guard: only http(s), and only to public addresses — every address the host resolves
 * to is checked — unless the host is on CAMPAIGN_WEBHOOK_ALLOW_HOSTS. Answers the refusal's reason, or null.
 */
export async function webhookRefusal(raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL inválida';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Somente http(s) é permitido';
  if (url.username || url.password) return 'A URL não pode conter credenciais';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allow = webhookAllowHosts();
  if (allow.includes(host) || allow.includes(`${host}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`)) {
    return null;
  }
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a: { address: string }) => a.address);
    } catch {
      return 'Host não encontrado';
    }
  }
  if (!addresses.length) return 'Host não encontrado';
  const bad = addresses.find((a) => !isPublicAddress(a));
  return bad ? `Endereço não público (${bad})` : null;
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

/** POSTs the summary (JSON) with a short timeout; throws on a network error, a timeout or a non-2xx answer. */
export async function postWebhook(url: string, body: unknown): Promise<void> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), webhookTimeoutMs());
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'ZapDesk-Campaigns/1' },
      body: JSON.stringify(body),
      signal: ctrl.signal,
      redirect: 'manual',
    });
    await res.body?.cancel().catch(() => {});
    if (res.status < 200 || res.status >= 300) throw new Error(`webhook answered ${res.status}`);
  } finally {
    clearTimeout(timer);
  }
}
