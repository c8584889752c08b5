import { describe, expect, test } from 'bun:test';
import { DisconnectReason } from 'baileys';
import { BACKOFF_MAX_MS, backoffDelay, DISCONNECT, reconnectDecision } from './reconnect';

describe('reconnectDecision', () => {
  test('local codes match the library', () => {
    for (const [name, code] of Object.entries(DISCONNECT)) {
      expect(DisconnectReason[name as keyof typeof DisconnectReason]).toBe(code);
    }
  });

  test.each([
    [401, 'stop', 'DISCONNECTED', true, 'loggedOut'],
    [403, 'stop', 'DISCONNECTED', true, 'forbidden'],
    [411, 'stop', 'DISCONNECTED', true, 'multideviceMismatch'],
    [500, 'stop', 'DISCONNECTED', true, 'badSession'],
    [440, 'stop', 'DISCONNECTED', false, 'connectionReplaced'],
    [515, 'restart', 'OPENING', false, 'restartRequired'],
    [408, 'reconnect', 'TIMEOUT', false, 'timedOut'],
    [428, 'reconnect', 'OPENING', false, 'connectionClosed'],
    [503, 'reconnect', 'OPENING', false, 'unavailableService'],
    [undefined, 'reconnect', 'OPENING', false, 'unknown:none'],
    [418, 'reconnect', 'OPENING', false, 'unknown:418'],
  ] as const)('code %p → %s / %s (clearAuth %p)', (code, action, status, clearAuth, reason) => {
    const d = reconnectDecision(code, 0);
    expect(d).toMatchObject({ action, status, clearAuth, reason });
    if (action !== 'reconnect') expect(d.delayMs).toBe(0);
    else expect(d.delayMs).toBe(2_000);
  });

  test('restart is immediate whatever the attempt', () => {
    expect(reconnectDecision(515, 7).delayMs).toBe(0);
  });

  test('backoff doubles and is capped', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(backoffDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(reconnectDecision(428, 1000).delayMs).toBe(BACKOFF_MAX_MS);
    expect(reconnectDecision(408, 3).delayMs).toBe(16_000);
  });

  test('a QR that nobody scanned stops instead of looping', () => {
    expect(reconnectDecision(408, 0, { registered: false })).toMatchObject({
      action: 'stop',
      status: 'DISCONNECTED',
      clearAuth: false,
      reason: 'qrTimeout',
    });
  });
});
