import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  CreateScheduleAction,
  SCHEDULE_ACTION_DELAY_MAX_MS,
  SCHEDULE_ACTION_EXAMPLES,
  SCHEDULE_ACTIONS,
  scheduleActionCardState,
  scheduleActionExpectedAt,
  SCHEDULE_ACTION_TEXTS as T,
} from './schedule-action.schemas';

const messages = (input: unknown) => {
  const r = CreateScheduleAction.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const ok = (input: unknown) => {
  const r = CreateScheduleAction.safeParse(input);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};

describe('POST /scheduleActions form', () => {
  test('action must be one of the four', () => {
    expect(messages({ action: 'deleteEverything', jsonData: {} })).toEqual([T.action]);
    expect(messages({ jsonData: {} })).toEqual([T.action]);
  });

  test('every example the form fills in is valid for its action', () => {
    for (const action of SCHEDULE_ACTIONS) {
      expect(ok({ action, jsonData: SCHEDULE_ACTION_EXAMPLES[action] }).action).toBe(action);
    }
  });

  test('delay defaults to 0, steps of 500 ms from 0 up to 30 days; numeric text accepted', () => {
    expect(ok({ action: 'test', jsonData: {} }).delay).toBe(0);
    expect(ok({ action: 'test', jsonData: {}, delay: '1500' }).delay).toBe(1500);
    expect(messages({ action: 'test', jsonData: {}, delay: -500 })).toEqual([T.delayMin]);
    expect(messages({ action: 'test', jsonData: {}, delay: 750 })).toEqual([T.delayStep]);
    expect(messages({ action: 'test', jsonData: {}, delay: 'soon' })).toEqual([T.delayNumber]);
    expect(messages({ action: 'test', jsonData: {}, delay: SCHEDULE_ACTION_DELAY_MAX_MS + 500 })).toEqual([T.delayMax]);
    expect(ok({ action: 'test', jsonData: {}, delay: SCHEDULE_ACTION_DELAY_MAX_MS }).delay).toBe(
      SCHEDULE_ACTION_DELAY_MAX_MS,
    );
  });

  test('property: a delay is accepted exactly when it is a multiple of 500 within [0, 30 days]', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: SCHEDULE_ACTION_DELAY_MAX_MS + 1_000_000 }), (delay) => {
        const accepted = CreateScheduleAction.safeParse({ action: 'test', jsonData: {}, delay }).success;
        expect(accepted).toBe(delay >= 0 && delay <= SCHEDULE_ACTION_DELAY_MAX_MS && delay % 500 === 0);
      }),
    );
  });

  test('jsonData: an object or its JSON text; anything else refused', () => {
    expect(ok({ action: 'test', jsonData: '{"a":1}' }).data).toEqual({ a: 1 });
    expect(messages({ action: 'test', jsonData: '{a:1' })).toEqual([T.jsonInvalid]);
    expect(messages({ action: 'test', jsonData: [1, 2] })).toEqual([T.jsonObject]);
    expect(messages({ action: 'test', jsonData: '"texto"' })).toEqual([T.jsonObject]);
    expect(messages({ action: 'test', jsonData: { big: 'x'.repeat(20_000) } })).toEqual([T.jsonTooLarge]);
  });

  test('name optional, trimmed, at most 100', () => {
    expect(ok({ action: 'test', jsonData: {}, name: '  lembrete ' }).name).toBe('lembrete');
    expect(ok({ action: 'test', jsonData: {}, name: '' }).name).toBeNull();
    expect(messages({ action: 'test', jsonData: {}, name: 'x'.repeat(101) })).toEqual([T.name]);
  });

  test('sendMessage: a ticket or a number, a body; whatsappId only with a number; unknown keys refused', () => {
    expect(ok({ action: 'sendMessage', jsonData: { ticketId: 4, body: 'Oi' } }).data).toEqual({
      ticketId: 4,
      body: 'Oi',
    });
    expect(
      ok({ action: 'sendMessage', jsonData: { number: '+55 (11) 98765-4321', body: 'Oi', whatsappId: 2 } }).data,
    ).toEqual({
      number: '5511987654321',
      body: 'Oi',
      whatsappId: 2,
    });
    expect(messages({ action: 'sendMessage', jsonData: { body: 'Oi' } })).toEqual([T.ticketOrNumber]);
    expect(messages({ action: 'sendMessage', jsonData: { ticketId: 1, number: '5511987654321', body: 'Oi' } })).toEqual(
      [T.ticketAndNumber],
    );
    expect(messages({ action: 'sendMessage', jsonData: { ticketId: 1, body: 'Oi', whatsappId: 3 } })).toEqual([
      T.whatsappWithTicket,
    ]);
    expect(messages({ action: 'sendMessage', jsonData: { ticketId: 1, body: '   ' } })).toEqual([T.body]);
    expect(messages({ action: 'sendMessage', jsonData: { ticketId: 1 } })).toEqual([T.body]);
    expect(messages({ action: 'sendMessage', jsonData: { ticketId: 'um', body: 'Oi' } })).toEqual([T.ticketId]);
    expect(messages({ action: 'sendMessage', jsonData: { number: '12', body: 'Oi' } })).toEqual([T.number]);
    expect(messages({ action: 'sendMessage', jsonData: { ticketid: 1, body: 'Oi' } })).toContain(
      `${T.unknownField}: ticketid`,
    );
  });

  test('sendMessage issues point into jsonData', () => {
    const r = CreateScheduleAction.safeParse({ action: 'sendMessage', jsonData: { ticketId: 1 } });
    expect(r.success ? [] : r.error.issues.map((i) => i.path)).toEqual([['jsonData', 'body']]);
  });

  test('updateTicket: a ticket and at least one change', () => {
    expect(ok({ action: 'updateTicket', jsonData: { ticketId: 3, status: 'open', userId: null } }).data).toEqual({
      ticketId: 3,
      status: 'open',
      userId: null,
    });
    expect(messages({ action: 'updateTicket', jsonData: { ticketId: 3 } })).toEqual([T.noChange]);
    expect(messages({ action: 'updateTicket', jsonData: { status: 'open' } })).toEqual([T.ticketId]);
    expect(messages({ action: 'updateTicket', jsonData: { ticketId: 3, status: 'archived' } })).toEqual([T.status]);
    expect(messages({ action: 'updateTicket', jsonData: { ticketId: 3, queueId: 'x' } })).toEqual([T.queueId]);
  });

  test('updateCampaign: a campaign and start, pause or finalized', () => {
    expect(ok({ action: 'updateCampaign', jsonData: { campaignId: 9, status: 'pause' } }).data).toEqual({
      campaignId: 9,
      status: 'pause',
    });
    expect(messages({ action: 'updateCampaign', jsonData: { campaignId: 9, status: 'stop' } })).toEqual([
      T.campaignStatus,
    ]);
    expect(messages({ action: 'updateCampaign', jsonData: { status: 'start' } })).toEqual([T.campaignId]);
  });

  test('test: any object; fail must be a non-empty text', () => {
    expect(ok({ action: 'test', jsonData: { a: [1, { b: null }] } }).data).toEqual({ a: [1, { b: null }] });
    expect(ok({ action: 'test', jsonData: { fail: 'motivo' } }).data).toEqual({ fail: 'motivo' });
    expect(messages({ action: 'test', jsonData: { fail: 3 } })).toEqual([T.testFail]);
  });
});

describe('job card helpers', () => {
  test('state: failed when a failure reason, else finished when a finished time, else waiting', () => {
    expect(scheduleActionCardState({ failedReason: 'x', finishedOn: 5 })).toBe('failed');
    expect(scheduleActionCardState({ failedReason: null, finishedOn: 5 })).toBe('finished');
    expect(scheduleActionCardState({ failedReason: null, finishedOn: null })).toBe('waiting');
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.nat()), (failedReason, finishedOn) => {
        const s = scheduleActionCardState({ failedReason, finishedOn });
        expect(s).toBe(failedReason ? 'failed' : finishedOn !== null ? 'finished' : 'waiting');
      }),
    );
  });

  test('expected execution time is creation plus delay', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: SCHEDULE_ACTION_DELAY_MAX_MS }), (timestamp, delay) => {
        expect(scheduleActionExpectedAt({ timestamp, opts: { attempts: 3, delay } })).toBe(timestamp + delay);
      }),
    );
  });
});
