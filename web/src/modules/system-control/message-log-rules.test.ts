import { describe, expect, test } from 'bun:test';
import type { MessageBruteLogDto } from '@zapdesk/core';
import {
  byNewest,
  decodeLogQuery,
  encodeLogQuery,
  logEventChange,
  logMatches,
  logTone,
  prettyJson,
} from './message-log-rules';

const log = (over: Partial<MessageBruteLogDto> = {}): MessageBruteLogDto => ({
  id: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  remoteJid: '5511999990000@s.whatsapp.net',
  messageId: 'ABC123',
  fromMe: false,
  ticketId: 7,
  type: 'conversation',
  companyId: 1,
  whatsappId: 2,
  details0: 'Olá, preciso de ajuda',
  details1: 12,
  JsonValue: { kind: 'message' },
  status: 'processed',
  error: null,
  outcome: 'ok',
  ...over,
});

describe('raw message log rules (spec 3 §2)', () => {
  test('row colour: no ticket is orange (unknown), a negative ticketId yellow (warning)', () => {
    expect(logTone(log({ ticketId: null }))).toBe('unknown');
    expect(logTone(log({ ticketId: -3 }))).toBe('warning');
    expect(logTone(log({ ticketId: 0 }))).toBe('normal');
    expect(logTone(log())).toBe('normal');
  });

  test('the query key round-trips the text (colons included) and the error option', () => {
    for (const q of [
      { text: '', withError: false },
      { text: 'a:b:c', withError: true },
      { text: 'olá', withError: false },
    ])
      expect(decodeLogQuery(encodeLogQuery(q))).toEqual(q);
  });

  test('a live log joins the list only when it fits the search and the error option', () => {
    const key = (text: string, withError = false) => encodeLogQuery({ text, withError });
    expect(logMatches(log(), key(''))).toBe(true);
    expect(logMatches(log(), key('AJUDA'))).toBe(true);
    expect(logMatches(log(), key('abc1'))).toBe(true);
    expect(logMatches(log(), key('nada'))).toBe(false);
    expect(logMatches(log(), key('', true))).toBe(false);
    expect(logMatches(log({ status: 'failed', outcome: 'error', ticketId: null }), key('', true))).toBe(true);
    expect(logMatches(log({ ticketId: null, outcome: 'unknown' }), key('ajuda', true))).toBe(true);
    expect(logMatches(log({ ticketId: -7, outcome: 'warning', error: 'duplicate' }), key('DUPLIC', true))).toBe(true);
    expect(logMatches(log({ status: 'received', outcome: 'pending', ticketId: null }), key('', true))).toBe(true);
  });

  test('newest first, then the larger id', () => {
    const a = log({ id: 1, createdAt: '2026-11-28T10:00:00.000Z' });
    const b = log({ id: 2, createdAt: '2026-11-28T11:00:00.000Z' });
    const c = log({ id: 3, createdAt: '2026-11-28T11:00:00.000Z' });
    expect([a, b, c].sort(byNewest).map((x) => x.id)).toEqual([3, 2, 1]);
  });

  test('live events: create/update upsert, delete of one removes it, delete of all reloads', () => {
    const l = log();
    expect(logEventChange({ action: 'create', messagesBruteLog: l })).toBe(l);
    expect(logEventChange({ action: 'update', messagesBruteLog: l })).toBe(l);
    expect(logEventChange({ action: 'delete', messagesBruteLogId: 9 })).toBe(9);
    expect(logEventChange({ action: 'delete', message: 'all' })).toBe('reload');
  });

  test('the raw JSON is indented; a JSON string is unfolded, other text kept', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('texto')).toBe('texto');
    expect(prettyJson(null)).toBe('null');
  });
});
