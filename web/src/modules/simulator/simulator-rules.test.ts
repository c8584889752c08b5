import { describe, expect, test } from 'bun:test';
import type { SimMessage } from './simulator-api';
import { concernsConversation, mediaKindOf, phoneDigits, unreadFromPlatform, validPhone } from './simulator-rules';

const m = (over: Partial<SimMessage>): SimMessage => ({
  id: 'X',
  direction: 'out',
  fromMe: false,
  number: '5511988880001',
  name: null,
  body: 'oi',
  mediaType: null,
  fileName: null,
  ack: 1,
  deleted: false,
  quotedId: null,
  dataJson: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

describe('phone mock-up rules', () => {
  test('phone numbers: digits only, 8 to 15 of them', () => {
    expect(phoneDigits('+55 (11) 98888-0001')).toBe('5511988880001');
    expect(validPhone('+55 (11) 98888-0001')).toBe(true);
    expect(validPhone('1234567')).toBe(false);
    expect(validPhone('1234567890123456')).toBe(false);
  });
  test('only platform messages not read yet are unread (not ours, not deleted, not typed on the phone)', () => {
    const list = [
      m({ id: 'a', ack: 1 }),
      m({ id: 'b', ack: 4 }),
      m({ id: 'c', direction: 'in' }),
      m({ id: 'd', fromMe: true }),
      m({ id: 'e', deleted: true }),
      m({ id: 'f', ack: 3 }),
    ];
    expect(unreadFromPlatform(list).map((x) => x.id)).toEqual(['a', 'f']);
  });
  test('an event concerns the conversation of the same connection and contact number', () => {
    const e = { ticket: { whatsappId: 7, contact: { number: '5511988880001' } } };
    expect(concernsConversation(e, 7, '5511988880001')).toBe(true);
    expect(concernsConversation(e, 8, '5511988880001')).toBe(false);
    expect(concernsConversation(e, 7, '5511900000000')).toBe(false);
    expect(concernsConversation(e, 7, null)).toBe(true);
    expect(concernsConversation({ ticket: null }, 7, null)).toBe(false);
  });
  test('media kinds from the mime type', () => {
    expect(mediaKindOf('image/png')).toBe('image');
    expect(mediaKindOf('audio/ogg')).toBe('audio');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('application/pdf')).toBe('document');
  });
});
