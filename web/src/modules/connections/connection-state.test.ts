import { describe, expect, test } from 'bun:test';
import { checkImportDates, type WhatsappDto } from '@zapdesk/core';
import { connectionsNeedAttention } from '../layout/atoms/connections-attention-atom';
import {
  defaultImportRange,
  EMPTY_CONNECTIONS,
  fromLocalInput,
  IMPORT_PREPARING_MS,
  importView,
  loadedState,
  normalizeStatus,
  removeConnection,
  sessionActions,
  toLocalInput,
  upsertConnection,
} from './connection-state';

const conn = (over: Partial<WhatsappDto> = {}): WhatsappDto => ({
  id: 1,
  name: 'Principal',
  whatsappNumber: null,
  status: 'qrcode',
  qrcode: 'QR-1',
  retries: 1,
  isDefault: true,
  lib: 'simulator',
  greetingMessage: '',
  farewellMessage: '',
  disableGroupMessages: true,
  queueIds: [],
  queues: [],
  companyId: 1,
  company: { id: 1, name: 'Demo' },
  saasNotificationCenter: false,
  importOldMessages: null,
  importRecentMessages: null,
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  statusImportMessages: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

describe('session actions per status (spec 1 §4)', () => {
  test('each status offers its actions', () => {
    expect(sessionActions('DISCONNECTED')).toEqual(['tryAgain', 'newQr']);
    expect(sessionActions('qrcode')).toEqual(['showQr']);
    expect(sessionActions('OPENING')).toEqual(['connecting', 'clean']);
    expect(sessionActions('PAIRING')).toEqual(['disconnect']);
    expect(sessionActions('TIMEOUT')).toEqual(['disconnect']);
    expect(sessionActions('CONNECTED')).toEqual(['disconnect']);
  });
  test('connected is written both ways; unknown statuses count as disconnected', () => {
    expect(normalizeStatus('connected')).toBe('CONNECTED');
    expect(normalizeStatus('QRCODE')).toBe('qrcode');
    expect(normalizeStatus('weird')).toBe('DISCONNECTED');
    expect(normalizeStatus(null)).toBe('DISCONNECTED');
  });
});

describe('import button (spec 1 §4, §9: 35 s preparing window)', () => {
  test('preparing for 35 s from when it was seen starting, then running; done offers closing the tickets', () => {
    const t0 = 1_000_000;
    expect(importView('preparing', t0, t0 + 1000)).toEqual({ kind: 'preparing', until: t0 + IMPORT_PREPARING_MS });
    expect(importView('running', t0, t0 + IMPORT_PREPARING_MS - 1).kind).toBe('preparing');
    expect(importView('running', t0, t0 + IMPORT_PREPARING_MS).kind).toBe('running');
    expect(importView('renderButtonCloseTickets', t0, t0)).toEqual({ kind: 'closeTickets' });
    expect(importView(null, undefined, t0)).toEqual({ kind: 'none' });
  });
  test('the window starts when the list first sees the import (load: its last update)', () => {
    const s = loadedState([conn({ statusImportMessages: 'preparing', updatedAt: '2025-01-01T10:00:00.000Z' })]);
    expect(s.importStartedAt[1]).toBe(Date.parse('2025-01-01T10:00:00.000Z'));
    const later = upsertConnection(s, conn({ statusImportMessages: 'running' }), true, 99);
    // still the same import: the start does not move
    expect(later.importStartedAt[1]).toBe(Date.parse('2025-01-01T10:00:00.000Z'));
    const done = upsertConnection(later, conn({ statusImportMessages: 'renderButtonCloseTickets' }), true, 100);
    expect(done.importStartedAt[1]).toBeUndefined();
    const again = upsertConnection(done, conn({ statusImportMessages: 'preparing' }), true, 500);
    expect(again.importStartedAt[1]).toBe(500);
  });
});

describe('live list', () => {
  test('a public update keeps the session data an administrator already has', () => {
    const s = loadedState([conn()]);
    const pub = upsertConnection(s, conn({ qrcode: null, retries: 0, name: 'Renomeada' }), false, 1);
    expect(pub.list[0]).toMatchObject({ name: 'Renomeada', qrcode: 'QR-1', retries: 1 });
    const full = upsertConnection(pub, conn({ status: 'CONNECTED', qrcode: null }), true, 2);
    expect(full.list[0]).toMatchObject({ status: 'CONNECTED', qrcode: null });
  });
  test('sorted by name; a new default unsets the old one; delete removes', () => {
    let s = loadedState([conn({ id: 2, name: 'Vendas', isDefault: false }), conn({ id: 1, name: 'Atendimento' })]);
    expect(s.list.map((w) => w.id)).toEqual([1, 2]);
    s = upsertConnection(s, conn({ id: 3, name: 'Balcão', isDefault: true }), true, 1);
    expect(s.list.map((w) => [w.name, w.isDefault])).toEqual([
      ['Atendimento', false],
      ['Balcão', true],
      ['Vendas', false],
    ]);
    s = removeConnection(s, 3);
    expect(s.list.map((w) => w.id)).toEqual([1, 2]);
    expect(EMPTY_CONNECTIONS.loaded).toBe(false);
  });
  test('the drawer badge: qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING need attention; CONNECTED does not', () => {
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']) {
      expect(connectionsNeedAttention([conn({ status: 'CONNECTED' }), conn({ status })])).toBe(true);
    }
    expect(connectionsNeedAttention([conn({ status: 'CONNECTED' })])).toBe(false);
    expect(connectionsNeedAttention([])).toBe(false);
  });
});

describe('import dates (spec 1 §5, §9)', () => {
  test('defaults: the end one minute ago, the start a day before; they pass the rule', () => {
    const now = new Date(2025, 4, 10, 12, 30);
    const r = defaultImportRange(now);
    expect(r.recent).toBe('2025-05-10T12:29');
    expect(r.old).toBe('2025-05-09T12:30');
    expect(checkImportDates(fromLocalInput(r.old), fromLocalInput(r.recent), now).ok).toBe(true);
  });
  test('local input round trip; empty or invalid is no date', () => {
    const d = new Date(2025, 0, 2, 3, 4);
    expect(fromLocalInput(toLocalInput(d))?.getTime()).toBe(d.getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('nope')).toBeNull();
  });
});
