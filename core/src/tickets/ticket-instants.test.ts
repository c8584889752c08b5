import { describe, expect, test } from 'bun:test';
import {
  instantsAfterChange,
  instantsOfCreation,
  instantsOfTimeline,
  instantsWhenHandedOver,
  NO_INSTANTS,
  type TimelineStep,
} from './ticket-instants';

const T0 = Date.parse('2026-11-02T12:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
const pending = (queueId: number | null = null) => ({ status: 'pending' as const, userId: null, queueId });
const open = (userId: number, queueId: number | null = 1) => ({ status: 'open' as const, userId, queueId });
const closed = (userId: number | null, queueId: number | null = 1) => ({ status: 'closed' as const, userId, queueId });

describe('ticket instants', () => {
  test('a receptive ticket waits from its creation; the first acceptance ends the wait', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(7), kind: 'move', to: open(5), by: 'person' },
      { at: at(30), kind: 'move', to: closed(5), by: 'person' },
    ]);
    expect(instants).toEqual({ queuedAt: at(0), acceptedAt: at(7), firstUserId: 5, closedAt: at(30), closedGapMs: 0 });
  });

  test('bot hand-over: the wait starts when the bot hands the ticket to a queue, not at creation', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(null) },
      { at: at(0), kind: 'botTook' },
      { at: at(4), kind: 'move', to: pending(2), by: 'platform' },
      { at: at(10), kind: 'move', to: open(6, 2), by: 'person' },
    ]);
    expect(instants.queuedAt).toEqual(at(4));
    expect(instants.acceptedAt).toEqual(at(10));
  });

  test('a person taking the ticket while the bot talks: nobody waited (no waiting start)', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(null) },
      { at: at(1), kind: 'botTook' },
      { at: at(3), kind: 'move', to: open(6), by: 'person' },
    ]);
    expect(instants.queuedAt).toBeNull();
    expect(instants.acceptedAt).toEqual(at(3));
  });

  test('transfer: a person moving a waiting ticket to another queue keeps the wait; a transfer after acceptance keeps the first acceptance', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(5), kind: 'move', to: pending(2), by: 'person' },
      { at: at(9), kind: 'move', to: open(5, 2), by: 'person' },
      { at: at(20), kind: 'move', to: open(8, 3), by: 'person' },
      { at: at(25), kind: 'move', to: pending(3), by: 'person' },
      { at: at(40), kind: 'move', to: open(9, 3), by: 'person' },
    ]);
    expect(instants.queuedAt).toEqual(at(0));
    expect(instants.acceptedAt).toEqual(at(9));
    expect(instants.firstUserId).toBe(5);
  });

  test('transfer of a waiting ticket straight to an attendant is its first acceptance', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(12), kind: 'move', to: open(4, 1), by: 'person' },
    ]);
    expect(instants).toMatchObject({ queuedAt: at(0), acceptedAt: at(12), firstUserId: 4 });
  });

  test('reopen: the time it sat closed is a gap of the service; the last resolution is kept', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(2), kind: 'move', to: open(5), by: 'person' },
      { at: at(12), kind: 'move', to: closed(5), by: 'person' },
      { at: at(72), kind: 'move', to: open(5), by: 'person' },
      { at: at(77), kind: 'move', to: closed(5), by: 'person' },
    ]);
    expect(instants).toEqual({
      queuedAt: at(0),
      acceptedAt: at(2),
      firstUserId: 5,
      closedAt: at(77),
      closedGapMs: 60 * 60_000,
    });
  });

  test('closed without acceptance, then reopened by an attendant: no gap (no service before), accepted at the reopen', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(5), kind: 'move', to: closed(1), by: 'person' },
      { at: at(50), kind: 'move', to: open(3), by: 'person' },
    ]);
    expect(instants).toEqual({ queuedAt: at(0), acceptedAt: at(50), firstUserId: 3, closedAt: null, closedGapMs: 0 });
  });

  test('never accepted: only the waiting start', () => {
    const { instants } = instantsOfTimeline([{ at: at(0), kind: 'created', state: pending(1) }]);
    expect(instants).toEqual({ queuedAt: at(0), acceptedAt: null, firstUserId: null, closedAt: null, closedGapMs: 0 });
  });

  test('a ticket an attendant started (open at creation) never waited', () => {
    expect(instantsOfCreation(open(5), at(0))).toEqual({
      queuedAt: null,
      acceptedAt: at(0),
      firstUserId: 5,
      closedAt: null,
      closedGapMs: 0,
    });
  });

  test('a platform move of a waiting ticket into a new queue restarts the wait (hand-over); after acceptance it changes nothing', () => {
    const base = instantsOfCreation(pending(null), at(0));
    const handed = instantsAfterChange(base, { ...pending(null) }, pending(3), 'platform', at(6));
    expect(handed.queuedAt).toEqual(at(6));
    const accepted = instantsAfterChange(handed, pending(3), open(2, 3), 'person', at(8));
    const returned = instantsAfterChange(accepted, open(2, 3), pending(4), 'platform', at(9));
    expect(returned.queuedAt).toEqual(at(6));
    expect(returned.acceptedAt).toEqual(at(8));
  });

  test('a platform assignment to an attendant is an acceptance', () => {
    const steps: TimelineStep[] = [
      { at: at(0), kind: 'created', state: pending(1) },
      { at: at(3), kind: 'move', to: open(7, 1), by: 'platform' },
    ];
    expect(instantsOfTimeline(steps).instants).toMatchObject({ acceptedAt: at(3), firstUserId: 7 });
  });

  test('a conversation the company opened (campaign, API): the wait starts when the customer first writes', () => {
    const { instants } = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(1), byCompany: true },
      { at: at(30), kind: 'customerWrote' },
      { at: at(35), kind: 'customerWrote' },
      { at: at(40), kind: 'move', to: open(5), by: 'person' },
    ]);
    expect(instants).toMatchObject({ queuedAt: at(30), acceptedAt: at(40) });
  });

  test('the customer writing while a bot talks, or after acceptance, starts no wait', () => {
    const withBot = instantsOfTimeline([
      { at: at(0), kind: 'created', state: pending(null) },
      { at: at(0), kind: 'botTook' },
      { at: at(2), kind: 'customerWrote' },
    ]);
    expect(withBot.instants.queuedAt).toBeNull();
    const taken = instantsOfTimeline([
      { at: at(0), kind: 'created', state: open(5), byCompany: true },
      { at: at(2), kind: 'customerWrote' },
    ]);
    expect(taken.instants.queuedAt).toBeNull();
  });

  test('an AI hand-over restarts the wait now, even in the same queue; after an acceptance it changes nothing', () => {
    const created = new Date('2026-11-02T12:00:00Z');
    const handed = new Date('2026-11-02T12:09:00Z');
    const waiting = { ...NO_INSTANTS, queuedAt: created };
    expect(instantsWhenHandedOver(waiting, handed)).toEqual({ ...NO_INSTANTS, queuedAt: handed });
    const accepted = { ...waiting, acceptedAt: created, firstUserId: 3 };
    expect(instantsWhenHandedOver(accepted, handed)).toBe(accepted);
  });
});
