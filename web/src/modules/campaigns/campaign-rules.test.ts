import { describe, expect, test } from 'bun:test';
import { CAMPAIGN_TEXTS, parseTypedNumbers } from '@zapdesk/core';
import { liveEffect } from './campaign-live';
import {
  canManageCampaign,
  dayInput,
  dispatchDeletable,
  messageProblem,
  progressOf,
  schedulable,
  sendListOf,
  shortZoned,
  stoppingNote,
  withoutNumber,
} from './campaign-rules';

describe('campaign screens rules', () => {
  test('the owner or an administrator manages; others copy', () => {
    expect(canManageCampaign({ id: 1, profile: 'admin' }, { userId: 9 })).toBe(true);
    expect(canManageCampaign({ id: 9, profile: 'user' }, { userId: 9 })).toBe(true);
    expect(canManageCampaign({ id: 2, profile: 'user' }, { userId: 9 })).toBe(false);
    expect(canManageCampaign(null, { userId: 9 })).toBe(false);
  });

  test('the message builder: greeting first, then a 5+ text or a file', () => {
    expect(messageProblem({ greeting: ' ', body: 'Olá mundo', media: null })).toBe(CAMPAIGN_TEXTS.greetingRequired);
    expect(messageProblem({ greeting: 'Oi', body: '  ', media: null })).toBe(CAMPAIGN_TEXTS.messageRequired);
    expect(messageProblem({ greeting: 'Oi', body: 'abcd', media: null })).toBe(CAMPAIGN_TEXTS.messageTooShort);
    expect(messageProblem({ greeting: 'Oi', body: 'abcde', media: null })).toBeNull();
    expect(messageProblem({ greeting: 'Oi', body: '', media: {} })).toBeNull();
  });

  test('typed numbers: one per line, 10+ digits, repeats removed (core rule the builder uses)', () => {
    const built = parseTypedNumbers('5511987654321\n123\n5511987654321\n\n5511912345678');
    expect(built.entries.map((e) => e.number)).toEqual(['5511987654321', '5511912345678']);
    expect(built.short).toBe(1);
    expect(built.duplicates).toBe(1);
    const more = parseTypedNumbers('5511912345678\n5521999998888', built.entries);
    expect(more.entries).toHaveLength(3);
    expect(withoutNumber(more.entries, '5511912345678').map((e) => e.number)).toEqual([
      '5511987654321',
      '5521999998888',
    ]);
  });

  test('category and tag contacts become send-list entries (empty e-mail → null)', () => {
    expect(sendListOf([{ number: '5511987654321', name: 'Ana', email: '' }])).toEqual([
      { number: '5511987654321', name: 'Ana', email: null },
    ]);
  });

  test('schedule, delete and progress', () => {
    expect(schedulable('created')).toBe(true);
    expect(schedulable('start')).toBe(false);
    expect(schedulable('finalized')).toBe(false);
    expect(dispatchDeletable({ status: 'pending' })).toBe(true);
    expect(dispatchDeletable({ status: 'sent' })).toBe(false);
    expect(dispatchDeletable({ status: 'claimed' })).toBe(false);
    expect(progressOf({ count: 0, sentCount: 0, failCount: 0, uncertainCount: 0 })).toBe(0);
    expect(progressOf({ count: 200, sentCount: 90, failCount: 9, uncertainCount: 1 })).toBe(50);
    expect(dayInput(Date.UTC(2026, 10, 25, 12), 0)).toMatch(/^2026-11-2\d$/);
  });
});

describe('campaign live events', () => {
  const row = { id: 5, status: 'sent' } as unknown as import('@zapdesk/core').CampaignDispatchDto;
  const counters = { count: 10, sentCount: 3, failCount: 1, uncertainCount: 0 };
  test('a dispatch move upserts the row and carries the counters', () => {
    expect(liveEffect({ action: 'update', campaignDispatch: row, counters })).toEqual({
      upsert: row,
      counts: counters,
    });
  });
  test('refresh reloads and patches the status; deletes drop a row or leave the page', () => {
    expect(liveEffect({ action: 'refresh', status: 'pause', pauseReason: 'x', counters })).toEqual({
      reload: true,
      patch: { status: 'pause', pauseReason: 'x' },
      counts: counters,
    });
    expect(liveEffect({ action: 'refresh' })).toEqual({ reload: true });
    expect(liveEffect({ action: 'delete', campaignDispatchId: 5, counters }).remove).toBe(5);
    expect(liveEffect({ action: 'delete', campaignId: 2 }).gone).toBe(true);
  });
});

describe('dense dates', () => {
  test('day/month and time on the company clock, without the year', () => {
    expect(shortZoned('2026-11-25T17:05:00.000Z', 'America/Sao_Paulo', 'pt-BR')).toBe('25/11 14:05');
    expect(shortZoned('2026-01-02T03:04:00.000Z', 'UTC', 'pt-BR')).toBe('02/01 03:04');
  });
});

describe('pausing / finalizing while a dispatch is in flight', () => {
  const rows = (...st: string[]) => st.map((status) => ({ status }) as { status: 'claimed' });
  test('the live in-flight count decides; the claimed rows on screen stand in until one arrives', () => {
    expect(stoppingNote('pause', 1, [])).toBe('pausing');
    expect(stoppingNote('finalized', 1, [])).toBe('finalizing');
    expect(stoppingNote('pause', 0, rows('claimed'))).toBeNull();
    expect(stoppingNote('pause', undefined, rows('sent', 'claimed'))).toBe('pausing');
    expect(stoppingNote('pause', undefined, rows('sent', 'pending'))).toBeNull();
    expect(stoppingNote('start', 1, rows('claimed'))).toBeNull();
  });
});
