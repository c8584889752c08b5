import { describe, expect, test } from 'bun:test';
import { parseJid, toJid } from './jid';
import { simulatorHasWhatsapp } from './simulator.schemas';

describe('parseJid', () => {
  test('phone, device suffix, lid, group, broadcast', () => {
    expect(parseJid('5511987654321@s.whatsapp.net')).toEqual({ kind: 'user', number: '5511987654321' });
    expect(parseJid('5511987654321:12@s.whatsapp.net')).toEqual({ kind: 'user', number: '5511987654321' });
    // legacy Brazilian spelling becomes the canonical 13-digit number
    expect(parseJid('553187654321@s.whatsapp.net')).toEqual({ kind: 'user', number: '5531987654321' });
    expect(parseJid('123456789@lid')).toEqual({ kind: 'lid', lid: '123456789@lid' });
    expect(parseJid('120363000000001@g.us')).toEqual({ kind: 'group', id: '120363000000001' });
    expect(parseJid('status@broadcast').kind).toBe('broadcast');
    expect(parseJid('+55 11 98765-4321')).toEqual({ kind: 'user', number: '5511987654321' });
  });
  test('toJid', () => {
    expect(toJid('5511987654321', false)).toBe('5511987654321@s.whatsapp.net');
    expect(toJid('120363000000001', true)).toBe('120363000000001@g.us');
    expect(toJid('123@lid', false)).toBe('123@lid');
  });
  test('simulator: 000 numbers have no WhatsApp', () => {
    expect(simulatorHasWhatsapp('000123')).toBe(false);
    expect(simulatorHasWhatsapp('5511')).toBe(true);
  });
});
