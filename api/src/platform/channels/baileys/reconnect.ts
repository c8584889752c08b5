import type { ConnectionStatus } from '../types';

/**
 * What to do after Baileys closes the socket, by `lastDisconnect.error.output.statusCode`.
 * Pure so it can be table-tested; the adapter applies it (and adds a little jitter to `delayMs`).
 *
 * - restart: the server asks for a new socket right away (515 after pairing) — not an error.
 * - reconnect: transient (timeouts, connection lost/closed, service unavailable, unknown) — capped backoff.
 * - stop: the session cannot continue without a human (logged out, banned, replaced by another client).
 *   `clearAuth` drops the stored keys so the next start shows a fresh QR code instead of looping on dead creds.
 */
export type ReconnectDecision = {
  action: 'restart' | 'reconnect' | 'stop';
  /** ms to wait before the new socket; 0 for restart and stop */
  delayMs: number;
  /** status to report to the platform while (or after) applying the decision */
  status: ConnectionStatus;
  clearAuth: boolean;
  /** short machine reason, logged and passed to onStatus */
  reason: string;
};

/** Baileys `DisconnectReason` values (kept local so this file stays import-free of the ESM library). */
export const DISCONNECT = {
  connectionClosed: 428,
  connectionLost: 408,
  timedOut: 408,
  connectionReplaced: 440,
  loggedOut: 401,
  forbidden: 403,
  badSession: 500,
  restartRequired: 515,
  multideviceMismatch: 411,
  unavailableService: 503,
} as const;

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

/** 2 s, 4 s, 8 s, 16 s, 32 s, then 60 s forever: a number that is offline for an hour comes back by itself. */
export function backoffDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(n, 16));
}

/**
 * @param statusCode `lastDisconnect.error.output.statusCode` (undefined for a socket error without a Boom code)
 * @param attempt reconnects already made since the last successful open (0 for the first)
 * @param opts.registered false while the number was never paired: a QR timeout (408) then stops instead of
 *   generating QR codes forever with nobody looking at them.
 */
export function reconnectDecision(
  statusCode: number | undefined,
  attempt: number,
  opts: { registered?: boolean } = {},
): ReconnectDecision {
  const registered = opts.registered ?? true;
  switch (statusCode) {
    case DISCONNECT.loggedOut:
      return { action: 'stop', delayMs: 0, status: 'DISCONNECTED', clearAuth: true, reason: 'loggedOut' };
    case DISCONNECT.forbidden:
      // banned / blocked number: keys are useless, a new pairing is the only way back
      return { action: 'stop', delayMs: 0, status: 'DISCONNECTED', clearAuth: true, reason: 'forbidden' };
    case DISCONNECT.multideviceMismatch:
      return { action: 'stop', delayMs: 0, status: 'DISCONNECTED', clearAuth: true, reason: 'multideviceMismatch' };
    case DISCONNECT.badSession:
      // corrupted signal session: retrying with the same keys loops; ask for a new QR
      return { action: 'stop', delayMs: 0, status: 'DISCONNECTED', clearAuth: true, reason: 'badSession' };
    case DISCONNECT.connectionReplaced:
      // another client (or another process of ours) opened this session: fighting back makes both flap
      return { action: 'stop', delayMs: 0, status: 'DISCONNECTED', clearAuth: false, reason: 'connectionReplaced' };
    case DISCONNECT.restartRequired:
      return { action: 'restart', delayMs: 0, status: 'OPENING', clearAuth: false, reason: 'restartRequired' };
    case DISCONNECT.timedOut:
      if (!registered) {
        return { action: 'stop', delayMs: 0, status: 'DISCONNECTED', clearAuth: false, reason: 'qrTimeout' };
      }
      return {
        action: 'reconnect',
        delayMs: backoffDelay(attempt),
        status: 'TIMEOUT',
        clearAuth: false,
        reason: 'timedOut',
      };
    case DISCONNECT.connectionClosed:
      return {
        action: 'reconnect',
        delayMs: backoffDelay(attempt),
        status: 'OPENING',
        clearAuth: false,
        reason: 'connectionClosed',
      };
    case DISCONNECT.unavailableService:
      return {
        action: 'reconnect',
        delayMs: backoffDelay(attempt),
        status: 'OPENING',
        clearAuth: false,
        reason: 'unavailableService',
      };
    default:
      return {
        action: 'reconnect',
        delayMs: backoffDelay(attempt),
        status: 'OPENING',
        clearAuth: false,
        reason: `unknown:${statusCode ?? 'none'}`,
      };
  }
}
