import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Env = {
  nodeEnv: string;
  production: boolean;
  port: number;
  webPort: number;
  backendUrl: string;
  frontendUrl: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** prefix of every Redis key and channel of this deployment (REDIS_PREFIX, default `zapdesk`) */
  redisPrefix: string;
  /** session lease length / orphan scan period in ms (SESSION_LEASE_MS / SESSION_SCAN_MS; defaults 20 s / 5 s) */
  sessionLeaseMs?: number;
  sessionScanMs?: number;
  /** process registry (issue 22): report interval in ms (PROCESS_REPORT_MS, default 2000; gone after 3 missed) and
   * the process's stable name across restarts (PROCESS_NAME, default `<role>@<host>[:<port>]`) */
  processReportMs: number;
  processName?: string;
  /** where the system control's update action reads the latest version (UPDATE_CHECK_URL: a JSON `{ "version" }`);
   * unset: latest unknown (no network) */
  updateCheckUrl?: string;
  dataDir: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** key for WhatsApp session secrets at rest (ENCRYPTION_KEY); falls back to jwtSecret when unset */
  encryptionKey?: string;
  simulatorEnabled: boolean;
  /** origins (`https://host[:port]`) the simulator may fetch a mediaUrl from (SIMULATOR_MEDIA_ORIGINS, comma list) */
  simulatorMediaOrigins: string[];
  /** run job workers inside the API process (embedded mode, or WORKERS_IN_API=1) */
  workersInApi: boolean;
  webDist: string;
  /** take the client IP from x-forwarded-for (behind a reverse proxy) instead of the socket (TRUST_PROXY=1) */
  trustProxy: boolean;
  /** message API calls per token per minute (API_RATE_LIMIT_PER_MINUTE, default 60) */
  apiRateLimitPerMinute: number;
  /**
   * map tiles of every map of the web app (MAP_TILE_URL, a Leaflet template with {z}/{x}/{y}, optional {s}; default
   * OpenStreetMap) and their attribution (MAP_TILE_ATTRIBUTION). Sent to the browser by /config.js; the web CSP
   * allows its origin as img-src. With no tile server reachable the maps still show the marker and coordinates.
   */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** a Nominatim-compatible places search (GEOCODER_URL, e.g. https://nominatim.openstreetmap.org); unset: the
   * embedded fake geocoder (a few Brazilian places, no network) */
  geocoderUrl?: string;
  /** the places search's time limit (GEOCODER_TIMEOUT_MS, default 5000) */
  geocoderTimeoutMs: number;
  /** SMTP server of the mail port (SMTP_URL, e.g. smtp://user:pass@host:587); unset: the embedded outbox that a
   * master reads on /mailOutbox (no network) */
  smtpUrl?: string;
  /** sender of every e-mail (MAIL_FROM, default `ZapDesk <no-reply@zapdesk.local>`) */
  mailFrom: string;
  /** SMTP connect/greeting/idle limit (SMTP_TIMEOUT_MS, default 10000) */
  smtpTimeoutMs: number;
  /** the embedded outbox forgets an e-mail's secret (a generated password) after this many hours at most
   * (MAIL_OUTBOX_SECRET_HOURS, default 24; sooner when its owner logs in or changes the password) */
  mailOutboxSecretHours: number;
  /** the embedded outbox deletes its e-mails after this many days (MAIL_OUTBOX_RETENTION_DAYS, default 30) */
  mailOutboxRetentionDays: number;
  /** CNPJ lookup service, BrasilAPI-compatible (`{url}/{cnpj}`; CNPJ_LOOKUP_URL, e.g. https://brasilapi.com.br/api/cnpj/v1);
   * unset: the embedded fake (a few companies, no network) */
  cnpjLookupUrl?: string;
  /** CEP lookup service, BrasilAPI-compatible (`{url}/{cep}`; CEP_LOOKUP_URL, e.g. https://brasilapi.com.br/api/cep/v1);
   * unset: the embedded fake */
  cepLookupUrl?: string;
  /** time limit of one CNPJ/CEP lookup (LOOKUP_TIMEOUT_MS, default 4000) */
  lookupTimeoutMs: number;
  /**
   * bearer token of `GET /metrics` (METRICS_TOKEN, ≥ 16 characters; also `?token=`); unset: the route answers 404.
   * A worker process serves its own /metrics on METRICS_PORT (default 9464) when the token is set.
   */
  metricsToken?: string;
  metricsPort: number;
};

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** MAP_TILE_URL: an http(s) Leaflet template with {z}, {x} and {y}; anything else refuses to start. */
export function parseTileTemplate(v: string | undefined): string {
  const t = v?.trim() || DEFAULT_MAP_TILE_URL;
  const ok = /^https?:\/\/[^/\s]+/.test(t) && ['{z}', '{x}', '{y}'].every((p) => t.includes(p)) && !/[\s'";]/.test(t);
  if (!ok) throw new Error(`MAP_TILE_URL: not a tile URL template with {z}, {x} and {y}: ${t}`);
  return t;
}

const repoRoot = resolve(import.meta.dir, '../../..');

function num(v: string | undefined, d: number): number {
  const n = v ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : d;
}

/** Shannon entropy of the string's own characters × its length: ~bits a guesser faces (repeats score low). */
export function secretEntropyBits(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...s].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}

/**
 * Weak = short, a well-known placeholder, or low-entropy (`aaaa…`, `abcdabcd…`: fewer than 10 distinct characters,
 * or under 128 bits by the string's own character frequencies). Production refuses to start with one.
 */
export function isWeakSecret(s: string | undefined): boolean {
  if (!s) return true;
  if (s.length < 32) return true;
  if (/^(secret|changeme|change-me|default|password|test)/i.test(s)) return true;
  // a random hex or base64 secret of ≥ 32 characters uses well over 10 distinct characters
  return new Set(s).size < 10 || secretEntropyBits(s) < 128;
}

function loadOrCreateSecrets(dataDir: string): { jwtSecret: string; jwtRefreshSecret: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const s = {
    jwtSecret: randomBytes(48).toString('base64url'),
    jwtRefreshSecret: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 });
  return s;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const nodeEnv = source.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const port = num(source.PORT, 8080);
  const webPort = num(source.WEB_PORT, 3000);
  const dataDir = resolve(source.DATA_DIR ?? join(repoRoot, 'data'));
  let jwtSecret = source.JWT_SECRET;
  let jwtRefreshSecret = source.JWT_REFRESH_SECRET;
  if (production) {
    const weak = [
      isWeakSecret(jwtSecret) && 'JWT_SECRET',
      isWeakSecret(jwtRefreshSecret) && 'JWT_REFRESH_SECRET',
    ].filter(Boolean);
    if (weak.length) {
      throw new Error(
        `Refusing to start in production: missing or weak secret(s) ${weak.join(', ')} (need ≥ 32 random characters).`,
      );
    }
    // one leaked secret must not forge both kinds of token
    if (jwtSecret === jwtRefreshSecret) {
      throw new Error('Refusing to start in production: JWT_SECRET and JWT_REFRESH_SECRET must be different secrets.');
    }
  } else if (!jwtSecret || !jwtRefreshSecret) {
    const s = loadOrCreateSecrets(dataDir);
    jwtSecret ??= s.jwtSecret;
    jwtRefreshSecret ??= s.jwtRefreshSecret;
  }
  const simulatorFlag = source.SIMULATOR_ENABLED;
  return {
    nodeEnv,
    production,
    port,
    webPort,
    backendUrl: source.BACKEND_URL ?? `http://localhost:${port}`,
    frontendUrl: source.FRONTEND_URL ?? `http://localhost:${webPort}`,
    databaseUrl: source.DATABASE_URL || undefined,
    redisUrl: source.REDIS_URL || undefined,
    redisPrefix: source.REDIS_PREFIX || 'zapdesk',
    sessionLeaseMs: source.SESSION_LEASE_MS ? num(source.SESSION_LEASE_MS, 20_000) : undefined,
    sessionScanMs: source.SESSION_SCAN_MS ? num(source.SESSION_SCAN_MS, 5_000) : undefined,
    processReportMs: Math.max(100, num(source.PROCESS_REPORT_MS, 2_000)),
    processName: source.PROCESS_NAME?.trim() || undefined,
    updateCheckUrl: source.UPDATE_CHECK_URL?.trim() || undefined,
    dataDir,
    jwtSecret: jwtSecret as string,
    jwtRefreshSecret: jwtRefreshSecret as string,
    encryptionKey: source.ENCRYPTION_KEY || undefined,
    simulatorEnabled: simulatorFlag ? simulatorFlag === '1' || simulatorFlag === 'true' : !production,
    simulatorMediaOrigins: (source.SIMULATOR_MEDIA_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => {
        try {
          return new URL(o).origin;
        } catch {
          throw new Error(`SIMULATOR_MEDIA_ORIGINS: not an origin: ${o}`);
        }
      }),
    workersInApi: !source.REDIS_URL || source.WORKERS_IN_API === '1',
    webDist: resolve(source.WEB_DIST ?? join(repoRoot, 'web/dist')),
    trustProxy: source.TRUST_PROXY === '1' || source.TRUST_PROXY === 'true',
    apiRateLimitPerMinute: Math.max(1, Math.floor(num(source.API_RATE_LIMIT_PER_MINUTE, 60))),
    mapTileUrl: parseTileTemplate(source.MAP_TILE_URL),
    mapTileAttribution: source.MAP_TILE_ATTRIBUTION?.trim() || DEFAULT_MAP_TILE_ATTRIBUTION,
    geocoderUrl: source.GEOCODER_URL || undefined,
    geocoderTimeoutMs: Math.min(60_000, Math.max(100, Math.floor(num(source.GEOCODER_TIMEOUT_MS, 5_000)))),
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM?.trim() || 'ZapDesk <no-reply@zapdesk.local>',
    smtpTimeoutMs: Math.min(120_000, Math.max(500, Math.floor(num(source.SMTP_TIMEOUT_MS, 10_000)))),
    mailOutboxSecretHours: Math.min(24 * 365, Math.max(0, num(source.MAIL_OUTBOX_SECRET_HOURS, 24))),
    mailOutboxRetentionDays: Math.min(3650, Math.max(1, num(source.MAIL_OUTBOX_RETENTION_DAYS, 30))),
    cnpjLookupUrl: source.CNPJ_LOOKUP_URL || undefined,
    cepLookupUrl: source.CEP_LOOKUP_URL || undefined,
    lookupTimeoutMs: Math.min(30_000, Math.max(100, Math.floor(num(source.LOOKUP_TIMEOUT_MS, 4_000)))),
    metricsToken: parseMetricsToken(source.METRICS_TOKEN),
    metricsPort: Math.floor(num(source.METRICS_PORT, 9464)),
  };
}

/** METRICS_TOKEN: unset or empty disables /metrics; a short one refuses to start (it guards operational data). */
export function parseMetricsToken(v: string | undefined): string | undefined {
  const t = v?.trim();
  if (!t) return undefined;
  if (t.length < 16) throw new Error('METRICS_TOKEN: use at least 16 random characters (or leave it unset).');
  return t;
}

export const REPO_ROOT = repoRoot;
