import { describe, expect, test } from 'bun:test';
import { type ConnectionEffect, type ConnectionUpdateLike, interpretConnectionUpdate } from './connection';
import { loadBaileysFixture } from './fixtures';

const sequences = loadBaileysFixture<Record<string, ConnectionUpdateLike[]>>('connection-update.json');

function run(seq: ConnectionUpdateLike[], registered = true): ConnectionEffect[] {
  return seq.flatMap((u) => interpretConnectionUpdate(u, { attempt: 0, registered }));
}

describe('connection.update sequences', () => {
  test('first pairing: QR codes, restart required, then open', () => {
    const effects = run(sequences.firstPairing!, false);
    expect(effects.map((e) => e.type)).toEqual(['status', 'qr', 'qr', 'close', 'status', 'open']);
    const close = effects.find((e) => e.type === 'close');
    expect(close).toMatchObject({ statusCode: 515, decision: { action: 'restart', delayMs: 0 } });
    expect(effects.filter((e) => e.type === 'qr').map((e) => (e as { qr: string }).qr.slice(0, 2))).toEqual([
      '2@',
      '2@',
    ]);
  });

  test('an unscanned QR ends in DISCONNECTED without a reconnect loop', () => {
    const close = run(sequences.qrTimeout!, false).at(-1);
    expect(close).toMatchObject({
      type: 'close',
      statusCode: 408,
      decision: { action: 'stop', status: 'DISCONNECTED' },
    });
  });

  test.each([
    ['loggedOut', 401, 'stop', true],
    ['connectionLost', 408, 'reconnect', false],
    ['connectionClosed', 428, 'reconnect', false],
    ['connectionReplaced', 440, 'stop', false],
    ['badSession', 500, 'stop', true],
    ['forbidden', 403, 'stop', true],
    ['multideviceMismatch', 411, 'stop', true],
    ['unavailableService', 503, 'reconnect', false],
    ['restartRequired', 515, 'restart', false],
  ] as const)('%s closes with %i → %s', (name, code, action, clearAuth) => {
    const close = run(sequences[name]!).at(-1);
    expect(close).toMatchObject({ type: 'close', statusCode: code, decision: { action, clearAuth } });
  });
});
