import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { ticketStateAfterSend } from './outbound-rules';

const pending = { status: 'pending' as const, userId: null, queueId: 3 };

test('nothing asked, nothing changes', () => {
  expect(ticketStateAfterSend(pending, {})).toBeNull();
  expect(ticketStateAfterSend({ status: 'open', userId: 7, queueId: 3 }, { userId: 7 })).toBeNull();
});

test('open with a user is an acceptance; closed stamps the closing time and keeps the attendant', () => {
  expect(ticketStateAfterSend(pending, { status: 'open', userId: 7 })).toEqual({
    status: 'open',
    userId: 7,
    queueId: 3,
    markAccepted: true,
    markClosed: false,
  });
  expect(ticketStateAfterSend({ status: 'open', userId: 7, queueId: 3 }, { status: 'closed' })).toEqual({
    status: 'closed',
    userId: 7,
    queueId: 3,
    markAccepted: false,
    markClosed: true,
  });
});

test('a queue can be set alone; a pending ticket never keeps a user', () => {
  expect(ticketStateAfterSend(pending, { queueId: 5 })).toMatchObject({ status: 'pending', queueId: 5, userId: null });
  expect(
    ticketStateAfterSend({ status: 'open', userId: 7, queueId: 3 }, { status: 'pending', userId: 9 }),
  ).toMatchObject({ status: 'pending', userId: null });
});

test('property: the result is always a legal state', () => {
  const status = fc.constantFrom('open' as const, 'pending' as const, 'closed' as const);
  const id = fc.option(fc.integer({ min: 1, max: 9 }), { nil: null });
  fc.assert(
    fc.property(
      fc.record({ status, userId: id, queueId: id }),
      fc.record({ status: fc.option(status, { nil: undefined }), userId: fc.option(id, { nil: undefined }) }),
      (current, policy) => {
        const r = ticketStateAfterSend(current, policy);
        const next = r ?? current;
        if (next.status === 'pending') expect(next.userId).toBeNull();
        if (r?.markClosed) expect(current.status).not.toBe('closed');
        if (policy.status) expect(next.status).toBe(policy.status);
      },
    ),
  );
});
