import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { planTicketCreation } from './ticket-creation';
import {
  acceptNeedsQueueChoice,
  allowedMoves,
  applyTicketMove,
  autoAcceptQueue,
  type MachineActor,
  type MachineCaps,
  type MachineTicket,
  moveFromUpdate,
  movesFrom,
  type TicketMove,
} from './ticket-machine';

const userCaps: MachineCaps = {
  isAdmin: false,
  viewPendingTickets: true,
  allowNoQueue: false,
  allowMultipleTickets: false,
  'ticket-options:deleteTicket': false,
  'ticket-options:transferWhatsapp': false,
};
const adminCaps: MachineCaps = {
  ...userCaps,
  isAdmin: true,
  'ticket-options:deleteTicket': true,
  'ticket-options:transferWhatsapp': true,
};
const agent = (over: Partial<MachineActor> = {}, caps: Partial<MachineCaps> = {}): MachineActor => ({
  userId: 7,
  queueIds: [1, 2],
  caps: { ...userCaps, ...caps },
  ...over,
});
const admin = (over: Partial<MachineActor> = {}): MachineActor => ({
  userId: 1,
  queueIds: [],
  caps: adminCaps,
  ...over,
});
const ticket = (over: Partial<MachineTicket> = {}): MachineTicket => ({
  id: 100,
  status: 'pending',
  contactId: 5,
  userId: null,
  queueId: null,
  whatsappId: 3,
  ...over,
});

const okValue = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r.value;
};

describe('accept', () => {
  test('pending → open with the current user and the chosen queue', () => {
    const r = okValue(applyTicketMove(ticket(), { type: 'accept', queueId: 2 }, agent()));
    expect(r.patch).toEqual({ status: 'open', userId: 7, queueId: 2, whatsappId: 3 });
    expect(r.effects).toContain('markAccepted');
    // the acceptor reads it (the web opens the chat)
    expect(r.effects).toContain('markRead');
  });
  test('auto-confirms with the ticket queue, or the user only queue', () => {
    expect(okValue(applyTicketMove(ticket({ queueId: 9 }), { type: 'accept' }, agent())).patch?.queueId).toBe(9);
    expect(okValue(applyTicketMove(ticket(), { type: 'accept' }, agent({ queueIds: [4] }))).patch?.queueId).toBe(4);
    expect(acceptNeedsQueueChoice({ queueId: 9 }, [1, 2])).toBe(false);
    expect(acceptNeedsQueueChoice({ queueId: null }, [4])).toBe(false);
    expect(acceptNeedsQueueChoice({ queueId: null }, [1, 2])).toBe(true);
    expect(acceptNeedsQueueChoice({ queueId: null }, [])).toBe(true);
    expect(autoAcceptQueue({ queueId: null }, [1, 2])).toBeNull();
  });
  test('without a resolvable queue: "Selecione uma fila" unless allowNoQueue', () => {
    const r = applyTicketMove(ticket(), { type: 'accept' }, agent());
    expect(r).toEqual({ ok: false, error: 'ERR_VALIDATION', message: 'Selecione uma fila' });
    const r2 = okValue(applyTicketMove(ticket(), { type: 'accept' }, agent({}, { allowNoQueue: true })));
    expect(r2.patch).toMatchObject({ status: 'open', queueId: null, userId: 7 });
  });
  test('guard: allowViewPendingTickets', () => {
    const r = applyTicketMove(ticket({ queueId: 1 }), { type: 'accept' }, agent({}, { viewPendingTickets: false }));
    expect(r).toMatchObject({ ok: false, error: 'ERR_NO_PERMISSION' });
  });
  test('guard: a user accepts only into their queues; an admin into any', () => {
    expect(applyTicketMove(ticket(), { type: 'accept', queueId: 99 }, agent())).toMatchObject({
      ok: false,
      error: 'ERR_NO_PERMISSION',
    });
    expect(okValue(applyTicketMove(ticket(), { type: 'accept', queueId: 99 }, admin())).patch?.queueId).toBe(99);
  });
  test('guard: only from pending', () => {
    for (const status of ['open', 'closed'] as const) {
      expect(applyTicketMove(ticket({ status, userId: 7, queueId: 1 }), { type: 'accept' }, agent())).toMatchObject({
        ok: false,
        error: 'ERR_INVALID_TICKET_TRANSITION',
      });
    }
  });
});

describe('return', () => {
  const open = ticket({ status: 'open', userId: 7, queueId: 1 });
  test('open → pending, user and queue cleared', () => {
    expect(okValue(applyTicketMove(open, { type: 'return' }, agent())).patch).toEqual({
      status: 'pending',
      userId: null,
      queueId: null,
      whatsappId: 3,
    });
  });
  test('guard: the owner or an admin', () => {
    expect(applyTicketMove(open, { type: 'return' }, agent({ userId: 8 }))).toMatchObject({
      ok: false,
      error: 'ERR_NO_PERMISSION',
    });
    expect(applyTicketMove(open, { type: 'return' }, admin()).ok).toBe(true);
  });
  test('guard: only from open', () => {
    expect(applyTicketMove(ticket(), { type: 'return' }, admin())).toMatchObject({
      ok: false,
      error: 'ERR_INVALID_TICKET_TRANSITION',
    });
  });
});

describe('resolve', () => {
  test('open → closed with the current user; clears commandBot, sends farewell', () => {
    const r = okValue(applyTicketMove(ticket({ status: 'open', userId: 7, queueId: 1 }), { type: 'resolve' }, agent()));
    expect(r.patch).toEqual({ status: 'closed', userId: 7, queueId: 1, whatsappId: 3 });
    expect(r.effects).toEqual(expect.arrayContaining(['clearContactCommandBot', 'sendFarewell', 'markClosed']));
  });
  test('an admin resolves anyone’s open ticket and pending tickets directly, closing with the admin as user', () => {
    const r = okValue(applyTicketMove(ticket({ status: 'open', userId: 7 }), { type: 'resolve' }, admin()));
    expect(r.patch?.userId).toBe(1);
    expect(okValue(applyTicketMove(ticket(), { type: 'resolve' }, admin())).patch?.status).toBe('closed');
  });
  test('guard: a user resolves neither pending tickets nor other users’ tickets', () => {
    expect(applyTicketMove(ticket(), { type: 'resolve' }, agent())).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(applyTicketMove(ticket({ status: 'open', userId: 8 }), { type: 'resolve' }, agent())).toMatchObject({
      error: 'ERR_NO_PERMISSION',
    });
  });
  test('guard: not from closed', () => {
    expect(applyTicketMove(ticket({ status: 'closed', userId: 7 }), { type: 'resolve' }, admin())).toMatchObject({
      error: 'ERR_INVALID_TICKET_TRANSITION',
    });
  });
});

describe('transfer', () => {
  const open = ticket({ status: 'open', userId: 7, queueId: 1 });
  test('to a user → open with that user and queue; notifies the target', () => {
    const r = okValue(applyTicketMove(open, { type: 'transfer', userId: 8, queueId: 2 }, agent()));
    expect(r.patch).toEqual({ status: 'open', userId: 8, queueId: 2, whatsappId: 3 });
    expect(r.effects).toContain('notifyTransferTarget');
  });
  test('to no user → pending in the queue', () => {
    const r = okValue(applyTicketMove(open, { type: 'transfer', userId: null, queueId: 2 }, agent()));
    expect(r.patch).toEqual({ status: 'pending', userId: null, queueId: 2, whatsappId: 3 });
    expect(r.effects).not.toContain('notifyTransferTarget');
  });
  test('a queue must be selected', () => {
    expect(applyTicketMove(open, { type: 'transfer', userId: 8, queueId: null }, agent())).toEqual({
      ok: false,
      error: 'ERR_VALIDATION',
      message: 'Selecione uma fila',
    });
  });
  test('another connection: admin-only (ticket-options:transferWhatsapp)', () => {
    const move: TicketMove = { type: 'transfer', userId: 8, queueId: 2, whatsappId: 4 };
    expect(applyTicketMove(open, move, agent())).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(okValue(applyTicketMove(open, move, admin())).patch?.whatsappId).toBe(4);
    // same connection passed explicitly is not a connection change
    expect(applyTicketMove(open, { ...move, whatsappId: 3 }, agent()).ok).toBe(true);
  });
  test('another connection where the contact already has an unfinished ticket: refused unless allowMultipleTickets', () => {
    const move: TicketMove = { type: 'transfer', userId: 8, queueId: 2, whatsappId: 4 };
    const ctx = { otherUnfinished: [{ id: 101, whatsappId: 4 }] };
    expect(applyTicketMove(open, move, admin(), ctx)).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET' });
    const multi = admin({ caps: { ...adminCaps, allowMultipleTickets: true } });
    expect(applyTicketMove(open, move, multi, ctx).ok).toBe(true);
  });
  test('guard: a user transfers only their own open tickets, and pending ones when allowed to see them', () => {
    expect(applyTicketMove(open, { type: 'transfer', userId: 9, queueId: 1 }, agent({ userId: 8 }))).toMatchObject({
      error: 'ERR_NO_PERMISSION',
    });
    const pend = ticket({ queueId: 1 });
    expect(applyTicketMove(pend, { type: 'transfer', userId: 9, queueId: 1 }, agent()).ok).toBe(true);
    expect(
      applyTicketMove(pend, { type: 'transfer', userId: 9, queueId: 1 }, agent({}, { viewPendingTickets: false })),
    ).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });
  test('guard: not from closed', () => {
    expect(
      applyTicketMove(ticket({ status: 'closed', userId: 7 }), { type: 'transfer', userId: 8, queueId: 1 }, admin()),
    ).toMatchObject({ error: 'ERR_INVALID_TICKET_TRANSITION' });
  });
});

describe('reopen', () => {
  const closed = ticket({ status: 'closed', userId: 8, queueId: 1 });
  test('closed → open with the current user, keeping queue and connection', () => {
    expect(okValue(applyTicketMove(closed, { type: 'reopen' }, agent())).patch).toEqual({
      status: 'open',
      userId: 7,
      queueId: 1,
      whatsappId: 3,
    });
  });
  test('guard: another unfinished ticket on the same connection (allowMultipleTickets lifts it)', () => {
    const ctx = { otherUnfinished: [{ id: 101, whatsappId: 3 }] };
    expect(applyTicketMove(closed, { type: 'reopen' }, agent(), ctx)).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET' });
    expect(applyTicketMove(closed, { type: 'reopen' }, agent({}, { allowMultipleTickets: true }), ctx).ok).toBe(true);
    // on another connection it does not conflict
    expect(
      applyTicketMove(closed, { type: 'reopen' }, agent(), { otherUnfinished: [{ id: 1, whatsappId: 9 }] }).ok,
    ).toBe(true);
  });
  test('guard: only from closed', () => {
    expect(applyTicketMove(ticket(), { type: 'reopen' }, agent())).toMatchObject({
      error: 'ERR_INVALID_TICKET_TRANSITION',
    });
  });
});

describe('delete', () => {
  test('admin only, from any status', () => {
    for (const status of ['pending', 'open', 'closed'] as const) {
      const t = ticket({ status, userId: status === 'pending' ? null : 7 });
      expect(okValue(applyTicketMove(t, { type: 'delete' }, admin()))).toEqual({
        move: 'delete',
        patch: null,
        effects: ['deleteTicket'],
      });
      expect(applyTicketMove(t, { type: 'delete' }, agent())).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    }
  });
});

test('movesFrom lists the moves a status allows', () => {
  expect(movesFrom('pending').sort()).toEqual(['accept', 'delete', 'resolve', 'transfer']);
  expect(movesFrom('open').sort()).toEqual(['delete', 'resolve', 'return', 'transfer']);
  expect(movesFrom('closed').sort()).toEqual(['delete', 'reopen']);
});

describe('moveFromUpdate (PUT /tickets/{id} body)', () => {
  const pend = ticket({ queueId: 1 });
  const open = ticket({ status: 'open', userId: 7, queueId: 1 });
  const closed = ticket({ status: 'closed', userId: 7, queueId: 1 });
  test('status changes map to accept / return / resolve / reopen', () => {
    expect(okValue(moveFromUpdate(pend, { status: 'open', userId: 7, queueId: 2 }, 7))).toEqual({
      type: 'accept',
      queueId: 2,
    });
    expect(okValue(moveFromUpdate(open, { status: 'pending' }, 7))).toEqual({ type: 'return' });
    expect(okValue(moveFromUpdate(open, { status: 'pending', userId: null }, 7))).toEqual({ type: 'return' });
    expect(okValue(moveFromUpdate(open, { status: 'closed', userId: 7 }, 7))).toEqual({ type: 'resolve' });
    expect(okValue(moveFromUpdate(closed, { status: 'open' }, 7))).toEqual({ type: 'reopen' });
    // a stale accept of a ticket someone else already took stays an accept (→ ERR_INVALID_TICKET_TRANSITION)
    const taken = ticket({ status: 'open', userId: 8, queueId: 1 });
    const stale = okValue(moveFromUpdate(taken, { status: 'open', userId: 7 }, 7));
    expect(stale).toEqual({ type: 'accept', queueId: undefined });
    expect(applyTicketMove(taken, stale, agent())).toMatchObject({ error: 'ERR_INVALID_TICKET_TRANSITION' });
  });
  test('transf, or a user/queue/connection change, is a transfer', () => {
    expect(okValue(moveFromUpdate(open, { transf: true, userId: 8, queueId: 2, status: 'open' }, 7))).toEqual({
      type: 'transfer',
      userId: 8,
      queueId: 2,
    });
    expect(okValue(moveFromUpdate(open, { transf: true, userId: null, queueId: 2, whatsappId: 4 }, 7))).toEqual({
      type: 'transfer',
      userId: null,
      queueId: 2,
      whatsappId: 4,
    });
    expect(okValue(moveFromUpdate(open, { queueId: 2 }, 7))).toEqual({ type: 'transfer', userId: 7, queueId: 2 });
    expect(okValue(moveFromUpdate(pend, { status: 'open', userId: 9 }, 7))).toMatchObject({
      type: 'transfer',
      userId: 9,
    });
    expect(okValue(moveFromUpdate(open, { status: 'pending', queueId: 2 }, 7))).toEqual({
      type: 'transfer',
      userId: null,
      queueId: 2,
    });
  });
  test('an empty body or transf with closed is invalid', () => {
    expect(moveFromUpdate(open, {}, 7).ok).toBe(false);
    expect(moveFromUpdate(open, { transf: true, status: 'closed' }, 7).ok).toBe(false);
  });
});

// -----------------------------------------------------------------------------------------------------------------
// property: no sequence of moves breaks the invariants

type World = { tickets: MachineTicket[]; nextId: number };

const actorArb = fc.record({
  userId: fc.integer({ min: 1, max: 4 }),
  queueIds: fc.subarray([1, 2, 3]),
  caps: fc.record({
    isAdmin: fc.boolean(),
    viewPendingTickets: fc.boolean(),
    allowNoQueue: fc.boolean(),
    allowMultipleTickets: fc.constant(false),
    'ticket-options:deleteTicket': fc.boolean(),
    'ticket-options:transferWhatsapp': fc.boolean(),
  }),
});
const queueArb = fc.option(fc.integer({ min: 1, max: 3 }), { nil: null });
const stepArb = fc.record({
  actor: actorArb,
  pick: fc.nat(),
  contactId: fc.integer({ min: 1, max: 3 }),
  whatsappId: fc.integer({ min: 1, max: 2 }),
  op: fc.oneof(
    fc.record({
      type: fc.constant('create' as const),
      status: fc.constantFrom('open' as const, 'pending' as const),
      queueId: queueArb,
    }),
    fc.record({ type: fc.constant('accept' as const), queueId: fc.option(queueArb, { nil: undefined }) }),
    fc.record({ type: fc.constant('return' as const) }),
    fc.record({ type: fc.constant('resolve' as const) }),
    fc.record({
      type: fc.constant('transfer' as const),
      userId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      queueId: queueArb,
      whatsappId: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
    }),
    fc.record({ type: fc.constant('reopen' as const) }),
    fc.record({ type: fc.constant('delete' as const) }),
  ),
});

function checkInvariants(w: World, multiple: boolean): void {
  for (const t of w.tickets) {
    if (t.status === 'closed') expect(t.userId).not.toBeNull();
    if (t.status === 'pending') expect(t.userId).toBeNull();
    if (t.status === 'open') expect(t.userId).not.toBeNull();
  }
  if (!multiple) {
    const seen = new Set<string>();
    for (const t of w.tickets.filter((x) => x.status !== 'closed')) {
      const key = `${t.contactId}:${t.whatsappId}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  }
}

test('property: closed has a user, pending has none, one unfinished ticket per contact and connection', () => {
  fc.assert(
    fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
      const w: World = { tickets: [], nextId: 1 };
      for (const s of steps) {
        if (s.op.type === 'create') {
          const others = w.tickets.filter((t) => t.contactId === s.contactId && t.status !== 'closed');
          const r = planTicketCreation(
            {
              contactId: s.contactId,
              queueId: s.op.queueId,
              userId: null,
              status: s.op.status,
              whatsappId: s.whatsappId,
            },
            s.actor,
            others,
          );
          if (r.ok) w.tickets.push({ id: w.nextId++, ...r.value });
        } else if (w.tickets.length) {
          const t = w.tickets[s.pick % w.tickets.length];
          const others = w.tickets.filter((x) => x.id !== t.id && x.contactId === t.contactId && x.status !== 'closed');
          const r = applyTicketMove(t, s.op, s.actor, { otherUnfinished: others });
          if (r.ok) {
            if (r.value.patch) Object.assign(t, r.value.patch);
            else w.tickets = w.tickets.filter((x) => x.id !== t.id);
          }
        }
        checkInvariants(w, false);
      }
    }),
    { numRuns: 400 },
  );
});

/** A ticket in any status, with or without an owner and a queue (the properties' starting point). */
const ticketArb: fc.Arbitrary<MachineTicket> = fc
  .record({
    status: fc.constantFrom('pending' as const, 'open' as const, 'closed' as const),
    userId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    queueId: queueArb,
  })
  .map((t) => ({ id: 1, contactId: 1, whatsappId: 1, ...t }));

test('property: refusals never throw and carry a known code', () => {
  fc.assert(
    fc.property(actorArb, ticketArb, stepArb, (actor, t, s) => {
      if (s.op.type === 'create') return;
      const r = applyTicketMove(t, s.op, actor);
      if (!r.ok) {
        expect([
          'ERR_NO_PERMISSION',
          'ERR_VALIDATION',
          'ERR_OTHER_OPEN_TICKET',
          'ERR_INVALID_TICKET_TRANSITION',
        ]).toContain(r.error);
      }
    }),
  );
});

describe('allowedMoves (the buttons of the web, from the same table as the API)', () => {
  const offered = (t: MachineTicket, a: MachineActor) =>
    Object.entries(allowedMoves(t, a))
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();

  test('an attendant: accept and transfer a pending ticket; return, resolve, transfer their own open one; reopen', () => {
    expect(offered(ticket({ status: 'pending' }), agent())).toEqual(['accept', 'transfer']);
    expect(offered(ticket({ status: 'pending' }), agent({}, { viewPendingTickets: false }))).toEqual([]);
    expect(offered(ticket({ status: 'open', userId: 7, queueId: 1 }), agent())).toEqual([
      'resolve',
      'return',
      'transfer',
    ]);
    expect(offered(ticket({ status: 'open', userId: 8, queueId: 1 }), agent())).toEqual([]);
    expect(offered(ticket({ status: 'closed', userId: 8 }), agent())).toEqual(['reopen']);
  });

  test('an admin: resolves pending tickets directly, moves anyone’s open ticket, deletes in every status', () => {
    expect(offered(ticket({ status: 'pending' }), admin())).toEqual(['accept', 'delete', 'resolve', 'transfer']);
    expect(offered(ticket({ status: 'open', userId: 8 }), admin())).toEqual([
      'delete',
      'resolve',
      'return',
      'transfer',
    ]);
    expect(offered(ticket({ status: 'closed', userId: 8 }), admin())).toEqual(['delete', 'reopen']);
  });

  test('property: a move the API accepts is always offered; one not offered is refused for rights or status', () => {
    fc.assert(
      fc.property(actorArb, ticketArb, stepArb, (actor, tk, s) => {
        if (s.op.type === 'create') return;
        const r = applyTicketMove(tk, s.op, actor);
        const allowed = allowedMoves(tk, actor)[s.op.type];
        if (r.ok) expect(allowed).toBe(true);
        if (!allowed) expect(r.ok ? null : r.error).toBeOneOf(['ERR_NO_PERMISSION', 'ERR_INVALID_TICKET_TRANSITION']);
      }),
      { numRuns: 1000 },
    );
  });
});
