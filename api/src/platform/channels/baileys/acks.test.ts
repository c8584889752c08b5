import { describe, expect, test } from 'bun:test';
import { mapAckUpdates, statusToAck } from './acks';
import { loadBaileysFixture } from './fixtures';

const updates = loadBaileysFixture('messages-update.json');

describe('acks from messages.update', () => {
  test.each([
    ['serverAck', 2],
    ['delivered', 3],
    ['read', 4],
    ['played', 5],
    ['error', 0],
  ])('%s → ack %i', (name, ack) => {
    const [u] = mapAckUpdates(updates[name]);
    expect(u).toEqual({ messageId: updates[name][0].key.id, remoteJid: updates[name][0].key.remoteJid, ack });
  });

  test('a batch of receipts maps every message', () => {
    expect(mapAckUpdates(updates.batchReadMany).map((u) => [u.messageId, u.ack])).toEqual([
      ['3EB0AA01', 4],
      ['3EB0AA02', 4],
    ]);
  });

  test('receipts of inbound messages, revokes and poll votes are not acks', () => {
    expect(mapAckUpdates(updates.inboundRead)).toEqual([]);
    expect(mapAckUpdates(updates.revokeUpdate)).toEqual([]);
    expect(mapAckUpdates(updates.pollVote)).toEqual([]);
  });

  test('statusToAck clamps', () => {
    expect(statusToAck(undefined)).toBeNull();
    expect(statusToAck(-1)).toBe(0);
    expect(statusToAck(9)).toBe(5);
  });
});
