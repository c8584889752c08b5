import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { CAMPAIGN_STATUSES, type CampaignStatus, DISPATCH_STATUSES } from './campaign.schemas';
import {
  applyCampaignMove,
  applyDispatchMove,
  breakerOutcomeOf,
  CAMPAIGN_MACHINE_TEXTS,
  CAMPAIGN_PROCESS_ACTIONS,
  type CampaignMove,
  campaignButtons,
  campaignMovesFrom,
  campaignRefusalText,
  countsForBreaker,
  type DispatchMove,
  dispatchMoveOnSendError,
  type MachineCampaign,
  type MachineDispatch,
  NEW_DISPATCH,
} from './campaign-machine';

const T = Date.UTC(2026, 10, 25, 12);
const fresh: MachineCampaign = { status: 'created', schedule: null, initialized: null, finalized: null };

function run(c: MachineCampaign, moves: CampaignMove[], now = T) {
  let cur = c;
  const effects: string[] = [];
  for (const m of moves) {
    const r = applyCampaignMove(cur, m, now);
    if (!r.ok) throw new Error(`refused ${m.type} from ${cur.status}`);
    cur = r.value.patch;
    effects.push(...r.value.effects);
  }
  return { c: cur, effects };
}

describe('campaign machine', () => {
  test('created → start freezes the list once and enqueues; pause ⇄ start; Concluir finalizes and calls the webhook', () => {
    const a = run(fresh, [{ type: 'start' }]);
    expect(a.c).toMatchObject({ status: 'start', initialized: T });
    expect(a.effects).toEqual(['freezeDispatches', 'cancelScheduledStart', 'enqueue']);
    const b = run(a.c, [{ type: 'pause' }, { type: 'start' }]);
    expect(b.effects).toEqual(['cancelScheduledStart', 'enqueue']); // no second freeze
    const c = run(b.c, [{ type: 'finalize' }], T + 5);
    expect(c.c).toMatchObject({ status: 'finalized', finalized: T + 5, initialized: T });
    expect(c.effects).toEqual(['cancelScheduledStart', 'cancelPending', 'callWebhook']);
  });

  test('start mode: autoStart false begins paused (list frozen, nothing enqueued)', () => {
    const r = run(fresh, [{ type: 'begin', autoStart: false }]);
    expect(r.c.status).toBe('pause');
    expect(r.effects).toEqual(['freezeDispatches', 'cancelScheduledStart']);
    expect(run(fresh, [{ type: 'begin', autoStart: true }]).c.status).toBe('start');
  });

  test('schedule: created → scheduled → (due) begin; clearing returns to created', () => {
    const s = run(fresh, [{ type: 'schedule', at: T + 3_600_000 }]);
    expect(s.c).toMatchObject({ status: 'scheduled', schedule: T + 3_600_000 });
    expect(s.effects).toEqual(['cancelScheduledStart', 'scheduleStart']);
    expect(run(s.c, [{ type: 'schedule', at: null }]).c).toMatchObject({ status: 'created', schedule: null });
    expect(run(s.c, [{ type: 'begin', autoStart: true }]).c.status).toBe('start');
  });

  test('the engine completes a running campaign once; a finalized campaign refuses everything', () => {
    const r = run(fresh, [{ type: 'start' }, { type: 'complete' }]);
    expect(r.c.status).toBe('finalized');
    expect(r.effects.filter((e) => e === 'callWebhook')).toHaveLength(1);
    for (const m of [
      { type: 'start' },
      { type: 'pause' },
      { type: 'finalize' },
      { type: 'complete' },
      { type: 'begin', autoStart: true },
      { type: 'schedule', at: T },
    ] as CampaignMove[]) {
      const x = applyCampaignMove(r.c, m, T);
      expect(x).toEqual({
        ok: false,
        error: 'ERR_INVALID_CAMPAIGN_TRANSITION',
        message:
          m.type === 'schedule' ? CAMPAIGN_MACHINE_TEXTS.scheduleFinalized : CAMPAIGN_MACHINE_TEXTS.alreadyFinalized,
      });
    }
    expect(campaignButtons('finalized')).toEqual({ start: false, pause: false, finalize: false });
    expect(campaignButtons('start')).toEqual({ start: false, pause: true, finalize: true });
    expect(campaignMovesFrom('pause')).toEqual(['schedule', 'start', 'finalize']);
    expect(CAMPAIGN_PROCESS_ACTIONS.finalized).toBe('finalize');
  });

  test('a refused PAUSE or START says why: not started yet, only scheduled, already paused, already running', () => {
    const refusal = (status: CampaignStatus, type: 'pause' | 'start') =>
      applyCampaignMove({ ...fresh, status, schedule: status === 'scheduled' ? T + 1 : null }, { type }, T);
    const refused = (message: string) => ({
      ok: false as const,
      error: 'ERR_INVALID_CAMPAIGN_TRANSITION' as const,
      message,
    });
    expect(refusal('created', 'pause')).toEqual(refused(CAMPAIGN_MACHINE_TEXTS.pauseNotStarted));
    expect(refusal('scheduled', 'pause')).toEqual(refused(CAMPAIGN_MACHINE_TEXTS.pauseScheduled));
    expect(refusal('pause', 'pause')).toEqual(refused(CAMPAIGN_MACHINE_TEXTS.alreadyPaused));
    expect(refusal('start', 'start')).toEqual(refused(CAMPAIGN_MACHINE_TEXTS.alreadyStarted));
    // every refusal of every status carries a text (the generic one only where a race is the only explanation)
    for (const status of CAMPAIGN_STATUSES)
      for (const type of ['schedule', 'begin', 'start', 'pause', 'finalize', 'complete'] as const) {
        const x = applyCampaignMove({ ...fresh, status }, { type, at: null, autoStart: true } as CampaignMove, T);
        if (!x.ok) expect(x.message).toBe(campaignRefusalText(type, status));
      }
  });

  const moveArb: fc.Arbitrary<CampaignMove> = fc.oneof(
    fc.record({ type: fc.constant('schedule' as const), at: fc.option(fc.integer({ min: T, max: T + 9e9 })) }),
    fc.record({ type: fc.constant('begin' as const), autoStart: fc.boolean() }),
    fc.constant({ type: 'start' as const }),
    fc.record({ type: fc.constant('pause' as const), reason: fc.option(fc.string()) }),
    fc.constant({ type: 'finalize' as const }),
    fc.constant({ type: 'complete' as const }),
  );

  test('property: random move sequences never reach an invalid state; freeze and webhook at most once', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(moveArb, fc.integer({ min: 0, max: 1e9 })), { maxLength: 40 }), (moves) => {
        let c = fresh;
        let now = T;
        let freezes = 0;
        let webhooks = 0;
        for (const [m, dt] of moves) {
          now += dt;
          const r = applyCampaignMove(c, m, now);
          if (!r.ok) {
            expect(r.error).toBe('ERR_INVALID_CAMPAIGN_TRANSITION');
            continue;
          }
          const p = r.value.patch;
          freezes += r.value.effects.filter((e) => e === 'freezeDispatches').length;
          webhooks += r.value.effects.filter((e) => e === 'callWebhook').length;
          expect(CAMPAIGN_STATUSES).toContain(p.status);
          // invariants of every reachable state
          if (p.status === 'start' || p.status === 'pause') expect(p.initialized).not.toBeNull();
          if (p.status === 'finalized') expect(p.finalized).not.toBeNull();
          else expect(p.finalized).toBeNull();
          if (p.status === 'scheduled') expect(p.schedule).not.toBeNull();
          if (c.status === 'finalized') throw new Error('left finalized');
          if (c.initialized !== null) expect(p.initialized).toBe(c.initialized);
          c = p;
        }
        expect(freezes).toBeLessThanOrEqual(1);
        expect(webhooks).toBeLessThanOrEqual(1);
        if (c.status === 'finalized') expect(webhooks).toBe(1);
      }),
      { numRuns: 500 },
    );
  });
});

const D = (over: Partial<MachineDispatch> = {}): MachineDispatch => ({ ...NEW_DISPATCH, ...over });

function runD(d: MachineDispatch, moves: DispatchMove[]) {
  let cur = d;
  for (const m of moves) {
    const r = applyDispatchMove(cur, m);
    if (!r.ok) throw new Error(`refused ${m.type} from ${cur.status}`);
    cur = r.value.patch;
  }
  return cur;
}

describe('dispatch machine', () => {
  test('pending → claimed → greeting → message: sent with both marks', () => {
    const d = runD(D(), [
      { type: 'claim', whatsappId: 7, at: T },
      { type: 'greetingSent', at: T + 1 },
      { type: 'messageSent', at: T + 5000 },
    ]);
    expect(d).toMatchObject({
      status: 'sent',
      whatsappId: 7,
      schedule: T,
      greetingSentAt: T + 1,
      messageSentAt: T + 5000,
    });
  });

  test('the message never goes before its greeting, nor twice; a greeting never twice', () => {
    const claimed = runD(D(), [{ type: 'claim', whatsappId: 1, at: T }]);
    expect(applyDispatchMove(claimed, { type: 'messageSent', at: T }).ok).toBe(false);
    const greeted = runD(claimed, [{ type: 'greetingSent', at: T }]);
    expect(applyDispatchMove(greeted, { type: 'greetingSent', at: T }).ok).toBe(false);
    const sent = runD(greeted, [{ type: 'messageSent', at: T }]);
    for (const m of ['claim', 'greetingSent', 'messageSent', 'fail', 'release', 'interrupt', 'cancel'] as const) {
      const move = { type: m, whatsappId: 1, at: T, reason: 'refused', byAdmin: true } as DispatchMove;
      expect(applyDispatchMove(sent, move).ok).toBe(false);
    }
  });

  test('a number without WhatsApp ends sentFail with its reason and is never retried', () => {
    const d = runD(D(), [
      { type: 'claim', whatsappId: 1, at: T },
      { type: 'fail', reason: 'noWhatsapp' },
    ]);
    expect(d).toMatchObject({ status: 'sentFail', failReason: 'noWhatsapp' });
    expect(applyDispatchMove(d, { type: 'claim', whatsappId: 1, at: T }).ok).toBe(false);
    expect(applyDispatchMove(d, { type: 'resend', byAdmin: true }).ok).toBe(false);
    expect(countsForBreaker('noWhatsapp')).toBe(false);
    expect(countsForBreaker('refused')).toBe(true);
  });

  test('uncertain is never claimed again; only an admin resend moves it back to pending', () => {
    const u = runD(D(), [
      { type: 'claim', whatsappId: 1, at: T },
      { type: 'greetingSent', at: T },
      { type: 'interrupt' },
    ]);
    expect(u.status).toBe('uncertain');
    expect(applyDispatchMove(u, { type: 'claim', whatsappId: 1, at: T }).ok).toBe(false);
    expect(applyDispatchMove(u, { type: 'cancel' }).ok).toBe(false);
    expect(applyDispatchMove(u, { type: 'resend', byAdmin: false })).toMatchObject({
      ok: false,
      error: 'ERR_NO_PERMISSION',
    });
    const back = runD(u, [{ type: 'resend', byAdmin: true }]);
    expect(back).toMatchObject({ status: 'pending', greetingSentAt: null, messageSentAt: null, resendCount: 1 });
  });

  test('release only before the greeting (after it, the dispatch would greet twice)', () => {
    const claimed = runD(D(), [{ type: 'claim', whatsappId: 1, at: T }]);
    expect(runD(claimed, [{ type: 'release' }])).toMatchObject({ status: 'pending', whatsappId: null });
    const greeted = runD(claimed, [{ type: 'greetingSent', at: T }]);
    expect(applyDispatchMove(greeted, { type: 'release' }).ok).toBe(false);
  });

  const dMoveArb: fc.Arbitrary<DispatchMove> = fc.oneof(
    fc.record({ type: fc.constant('claim' as const), whatsappId: fc.integer({ min: 1, max: 3 }), at: fc.nat() }),
    fc.record({ type: fc.constant('greetingSent' as const), at: fc.nat() }),
    fc.record({ type: fc.constant('messageSent' as const), at: fc.nat() }),
    fc.record({
      type: fc.constant('fail' as const),
      reason: fc.constantFrom('noWhatsapp' as const, 'refused' as const, 'media' as const),
    }),
    fc.constant({ type: 'release' as const }),
    fc.constant({ type: 'interrupt' as const }),
    fc.record({ type: fc.constant('resend' as const), byAdmin: fc.boolean() }),
    fc.constant({ type: 'cancel' as const }),
  );

  test('property: never an invalid state; greeting and message sent at most once per admin resend', () => {
    fc.assert(
      fc.property(fc.array(dMoveArb, { maxLength: 60 }), (moves) => {
        let d = D();
        let greetings = 0;
        let messages = 0;
        let resends = 0;
        let claimsFromUncertain = 0;
        for (const m of moves) {
          const before = d.status;
          const r = applyDispatchMove(d, m);
          if (!r.ok) continue;
          if (m.type === 'claim' && before === 'uncertain') claimsFromUncertain++;
          if (m.type === 'greetingSent') greetings++;
          if (m.type === 'messageSent') messages++;
          if (m.type === 'resend') resends++;
          d = r.value.patch;
          expect(DISPATCH_STATUSES).toContain(d.status);
          if (d.status === 'pending') {
            expect(d.greetingSentAt).toBeNull();
            expect(d.messageSentAt).toBeNull();
            expect(d.whatsappId).toBeNull();
          }
          if (d.status === 'claimed') expect(d.whatsappId).not.toBeNull();
          if (d.status === 'sent') {
            expect(d.greetingSentAt).not.toBeNull();
            expect(d.messageSentAt).not.toBeNull();
          }
          if (d.status === 'sentFail') expect(d.failReason).not.toBeNull();
          if (d.messageSentAt !== null) expect(d.greetingSentAt).not.toBeNull();
          expect(d.resendCount).toBe(resends);
        }
        // a resend is the only way back: without one, one greeting and one message at most
        expect(greetings).toBeLessThanOrEqual(1 + resends);
        expect(messages).toBeLessThanOrEqual(1 + resends);
        expect(claimsFromUncertain).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  test('property: without an admin, a dispatch is sent at most once whatever the workers do', () => {
    const workerMove = dMoveArb.filter((m) => m.type !== 'resend');
    fc.assert(
      fc.property(fc.array(workerMove, { maxLength: 80 }), (moves) => {
        let d = D();
        let sentMoves = 0;
        for (const m of moves) {
          const r = applyDispatchMove(d, m);
          if (!r.ok) continue;
          if (r.value.patch.status === 'sent' && d.status !== 'sent') sentMoves++;
          d = r.value.patch;
        }
        expect(sentMoves).toBeLessThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });
});

// every status listed has a label and every machine status is a schema status
test('status lists agree', () => {
  const statuses: CampaignStatus[] = ['created', 'scheduled', 'start', 'pause', 'finalized'];
  expect([...CAMPAIGN_STATUSES]).toEqual(statuses);
});

describe('send errors → dispatch moves', () => {
  test('each outbound error lands in the right state, and the move is allowed where the worker meets it', () => {
    const claimed = runD(D(), [{ type: 'claim', whatsappId: 1, at: T }]);
    const greeted = runD(claimed, [{ type: 'greetingSent', at: T }]);
    const cases: [string, boolean, string][] = [
      ['ERR_WAPP_INVALID_CONTACT', false, 'sentFail'],
      ['ERR_WAPP_NOT_INITIALIZED', false, 'pending'],
      ['ERR_WAPP_NOT_CONNECTED', false, 'pending'],
      ['ERR_WAPP_NOT_CONNECTED', true, 'sentFail'],
      ['ERR_MEDIA_TYPE_NOT_ALLOWED', true, 'sentFail'],
      ['ERR_SENDING_WAPP_MSG', false, 'uncertain'],
      ['ERR_WAPP_SEND_FAILED', true, 'uncertain'],
      ['ERR_SERVICE_UNAVAILABLE', true, 'uncertain'],
      ['Timeout', false, 'uncertain'],
    ];
    for (const [code, afterGreeting, status] of cases) {
      const move = dispatchMoveOnSendError(code, afterGreeting);
      const r = applyDispatchMove(afterGreeting ? greeted : claimed, move);
      if (!r.ok) throw new Error(`${code}: ${move.type} refused`);
      expect(`${code} ${afterGreeting} → ${r.value.patch.status}`).toBe(`${code} ${afterGreeting} → ${status}`);
    }
    expect(dispatchMoveOnSendError('ERR_WAPP_INVALID_CONTACT', false)).toEqual({ type: 'fail', reason: 'noWhatsapp' });
    expect(dispatchMoveOnSendError('ERR_WAPP_NOT_CONNECTED', true)).toEqual({ type: 'fail', reason: 'connectionLost' });
  });

  test('property: whatever the error, a greeted dispatch never goes back to pending (no second greeting)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_NOT_CONNECTED', 'ERR_VALIDATION'),
        (a, b) => {
          for (const code of [a, b]) {
            expect(dispatchMoveOnSendError(code, true).type).not.toBe('release');
          }
        },
      ),
    );
  });

  test('breaker outcomes: a number without WhatsApp is neutral, an uncertain send counts as a failure', () => {
    expect(breakerOutcomeOf({ type: 'messageSent', at: T })).toBe('sent');
    expect(breakerOutcomeOf({ type: 'fail', reason: 'noWhatsapp' })).toBe('noWhatsapp');
    expect(breakerOutcomeOf({ type: 'fail', reason: 'refused' })).toBe('failed');
    expect(breakerOutcomeOf({ type: 'interrupt' })).toBe('failed');
    expect(breakerOutcomeOf({ type: 'greetingSent', at: T })).toBeNull();
  });
});
