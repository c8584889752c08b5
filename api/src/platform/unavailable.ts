import { DomainError } from '@zapdesk/core';

/**
 * Whether an error means "a dependency (PostgreSQL, Redis) is unreachable right now" rather than a bug or bad
 * input: the request did nothing and the client may retry. The HTTP layer answers these 503
 * ERR_SERVICE_UNAVAILABLE, the relay carries the code across processes and the job runner retries the job later
 * without spending one of its attempts.
 *
 * Recognised along the `cause` chain (drizzle wraps the driver's error): socket errors, postgres.js' connection
 * errors, SQLSTATE class 08 (connection exception), 57P01–57P03 (the server is shutting down or starting) and
 * 53300 (too many connections), ioredis' "max retries per request" and closed-connection errors.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

export function isUnavailableError(err: unknown): boolean {
  let e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && typeof e === 'object' && i < 6; i++, e = e.cause as typeof e) {
    if (e instanceof DomainError) return e.code === 'ERR_SERVICE_UNAVAILABLE';
    if (typeof e.code === 'string') {
      if (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
    }
    if (e.name === 'MaxRetriesPerRequestError') return true;
    if (e.message === 'Connection is closed.') return true;
  }
  return false;
}

/** The error to throw when a dependency is unreachable (503 ERR_SERVICE_UNAVAILABLE). */
export function serviceUnavailable(): DomainError {
  return new DomainError('ERR_SERVICE_UNAVAILABLE');
}

/** The innermost cause's message (drizzle's wrapper repeats the whole statement; the driver says what happened). */
export function rootMessage(err: unknown): string {
  let e = err as { message?: unknown; cause?: unknown } | undefined;
  let msg = String(err);
  for (let i = 0; e && typeof e === 'object' && i < 6; i++, e = e.cause as typeof e) {
    if (typeof e.message === 'string') msg = e.message;
  }
  return msg;
}
