import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@zapdesk/core';
import { type RateRule, rateLimiter } from '../../platform/ratelimit';

/**
 * Login throttling (issue 12 point 17; decision in DECISIONS.md). Failures are counted per (IP, e-mail) pair — or,
 * for a browser that already logged in to that e-mail, per device cookie — and each failure past the free ones
 * locks that pair for an exponentially growing delay. A global per-IP ceiling of failures, high enough for an office
 * behind one address, stops spraying; it never applies to a known device. So nobody can lock an account from
 * elsewhere, and the owner's browser is never refused for someone else's failures.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_BACKOFF_BASE_MS = 1_000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60_000;
/** failures of a pair are remembered this long (a success forgets them) */
export const LOGIN_FAILURE_RULE: RateRule = { limit: Number.POSITIVE_INFINITY, windowMs: 24 * 3600_000 };
/** failed logins from one IP, whatever the e-mails, before that IP is refused (known devices excepted) */
export const LOGIN_RULE_IP: RateRule = { limit: 300, windowMs: 15 * 60_000 };

/** Delay imposed after the n-th consecutive failure: none for the first 5, then 1 s, 2 s, 4 s… up to 15 min. */
export function loginBackoffMs(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_BACKOFF_MAX_MS, LOGIN_BACKOFF_BASE_MS * 2 ** Math.min(30, failures - LOGIN_FREE_FAILURES - 1));
}

/** Who is trying: the client IP, the e-mail, and the device id of a valid device cookie for that e-mail. */
export type LoginAttempt = { ip: string; email: string; deviceId?: string };

const failKey = (a: LoginAttempt) =>
  a.deviceId ? `login:dev:${a.deviceId}|${a.email}` : `login:pair:${a.ip}|${a.email}`;
const ipKey = (a: LoginAttempt) => `login:ip:${a.ip}`;

function tooMany(retryAfterMs: number): DomainError {
  return new DomainError('ERR_TOO_MANY_REQUESTS', undefined, {
    retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** 429 (with Retry-After) while the attempt's pair/device is in its backoff, or its IP is over the ceiling. */
export async function assertLoginAllowed(a: LoginAttempt): Promise<void> {
  const limiter = rateLimiter();
  const locked = await limiter.lockedFor(failKey(a));
  if (locked > 0) throw tooMany(locked);
  if (a.deviceId) return;
  const byIp = await limiter.peek(ipKey(a), LOGIN_RULE_IP);
  if (byIp.limited) throw tooMany(byIp.retryAfterS * 1000);
}

export async function recordLoginFailure(a: LoginAttempt): Promise<void> {
  const limiter = rateLimiter();
  const { count } = await limiter.hit(failKey(a), LOGIN_FAILURE_RULE);
  const delay = loginBackoffMs(count);
  if (delay > 0) await limiter.lock(failKey(a), delay);
  if (!a.deviceId) await limiter.hit(ipKey(a), LOGIN_RULE_IP);
}

export async function recordLoginSuccess(a: LoginAttempt): Promise<void> {
  await rateLimiter().reset(failKey(a));
}

/** Device cookie: `<deviceId>.<HMAC(secret, deviceId|email)>`, valid only for the e-mail it was issued to. */
export const DEVICE_COOKIE = 'jdv';

const sign = (secret: string, deviceId: string, email: string) =>
  createHmac('sha256', secret).update(`device|${deviceId}|${email}`).digest('base64url');

export function newDeviceCookie(secret: string, email: string, deviceId = randomBytes(16).toString('base64url')) {
  return { deviceId, value: `${deviceId}.${sign(secret, deviceId, email)}` };
}

/** The device id of a cookie issued for this e-mail, or undefined (absent, forged, another e-mail's). */
export function deviceIdOf(secret: string, cookie: string | undefined, email: string): string | undefined {
  if (!cookie) return undefined;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return undefined;
  const deviceId = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(sign(secret, deviceId, email));
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}
