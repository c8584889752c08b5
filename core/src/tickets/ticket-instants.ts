/**
 * The instants a ticket records for the dashboard and reports (issue 19): when waiting for a person started, the first
 * acceptance and by whom, the last resolution, and the time it spent closed before a reopen. Pure: every writer of a
 * ticket's state (the ticket machine's moves, the platform's moves after a send, a bot taking a ticket) derives the
 * new instants here from the state change, so the definitions of TME and TMA (core/src/reports) read one truth.
 *
 * - queuedAt: waiting for a person starts — at creation of a ticket by a customer's message (pending), when the
 *   customer first writes in a ticket the company opened (a campaign, the API, a schedule, an attendant) that nobody
 *   took yet, or when the platform (a bot, a flow, the AI, a send's policy) hands a ticket to a queue; null while a bot
 *   talks (nobody waits for a person) and for a ticket an attendant started and took. Only what happens before the
 *   first acceptance changes it: TME ends at the first acceptance.
 * - acceptedAt / firstUserId: the first time the ticket became open with an attendant (accept, transfer to a user,
 *   reopen, a platform assignment); never overwritten.
 * - closedAt: the last resolution; null while the ticket is not closed.
 * - closedGapMs: time spent closed between a resolution and a reopen, after the first acceptance, so the service time
 *   of a reopened ticket does not count the days it sat closed.
 */
import type { TicketStatus } from './ticket.types';

export type TicketInstants = {
  queuedAt: Date | null;
  acceptedAt: Date | null;
  firstUserId: number | null;
  closedAt: Date | null;
  closedGapMs: number;
};

export type TicketStateForInstants = {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
};

/** Who moved the ticket: an attendant (the machine's moves) or the platform (bots, flows, AI, sends, API). */
export type MoveAuthor = 'person' | 'platform';

export const NO_INSTANTS: TicketInstants = {
  queuedAt: null,
  acceptedAt: null,
  firstUserId: null,
  closedAt: null,
  closedGapMs: 0,
};

/**
 * The instants of a new ticket: a customer's pending conversation waits from now; one the company opened (`byCompany`:
 * an outbound send, an attendant's new ticket) waits only once the customer writes; an open one was started by an
 * attendant (accepted, no wait).
 */
export function instantsOfCreation(
  t: TicketStateForInstants,
  at: Date,
  opts: { byCompany?: boolean } = {},
): TicketInstants {
  if (t.status === 'pending') return { ...NO_INSTANTS, queuedAt: opts.byCompany ? null : at };
  if (t.status === 'open') {
    return { ...NO_INSTANTS, acceptedAt: t.userId !== null ? at : null, firstUserId: t.userId };
  }
  return { ...NO_INSTANTS, closedAt: at };
}

/** A bot took the ticket: nobody waits for a person while it talks (before the first acceptance only). */
export function instantsWhenBotTakes(i: TicketInstants): TicketInstants {
  return i.acceptedAt === null ? { ...i, queuedAt: null } : i;
}

/**
 * A bot or the AI attendant hands the conversation to a person (before the first acceptance): the wait starts now,
 * even when the ticket stays in the queue it had — the time the customer talked to the bot or the AI is not waiting.
 */
export function instantsWhenHandedOver(i: TicketInstants, at: Date): TicketInstants {
  return i.acceptedAt === null ? { ...i, queuedAt: at } : i;
}

/**
 * The customer wrote: in a pending ticket nobody accepted yet, with no waiting start and no bot talking, the wait
 * starts now (a conversation the company opened, answered by the customer). The inbound touch of a ticket applies it
 * in SQL (tickets.batch.repo touchTickets, tickets.repo touchTicket).
 */
export function instantsWhenCustomerWrites(
  i: TicketInstants,
  state: Pick<TicketStateForInstants, 'status'> & { chatbot?: boolean },
  at: Date,
): TicketInstants {
  if (state.status !== 'pending' || state.chatbot || i.queuedAt !== null || i.acceptedAt !== null) return i;
  return { ...i, queuedAt: at };
}

/**
 * The instants after a state change. `chatbot`: a bot was driving the ticket before the change (its hand-over starts
 * the wait). A platform move that puts a ticket nobody accepted yet in a queue without an attendant (or changes its
 * queue, or ends a bot's drive) starts the wait now; a person's transfer of a waiting ticket does not (the customer
 * keeps waiting).
 */
export function instantsAfterChange(
  i: TicketInstants,
  before: TicketStateForInstants & { chatbot?: boolean },
  after: TicketStateForInstants,
  by: MoveAuthor,
  at: Date,
): TicketInstants {
  let next = { ...i };
  if (before.status === 'closed' && after.status !== 'closed') {
    // reopen: the closed spell counts as a gap of the service only once the ticket had been accepted
    if (next.closedAt !== null && next.acceptedAt !== null) {
      next.closedGapMs += Math.max(0, at.getTime() - next.closedAt.getTime());
    }
    next.closedAt = null;
  }
  if (after.status === 'closed' && before.status !== 'closed') next.closedAt = at;
  if (after.status === 'open' && after.userId !== null && next.acceptedAt === null) {
    next = { ...next, acceptedAt: at, firstUserId: after.userId };
  }
  if (
    by === 'platform' &&
    after.status === 'pending' &&
    after.userId === null &&
    next.acceptedAt === null &&
    (before.status !== 'pending' || before.queueId !== after.queueId || before.chatbot === true || i.queuedAt === null)
  ) {
    next.queuedAt = at;
  }
  return next;
}

/** One step of a hand-built (or replayed) ticket history. */
export type TimelineStep =
  | { at: Date; kind: 'created'; state: TicketStateForInstants; byCompany?: boolean }
  | { at: Date; kind: 'botTook' }
  | { at: Date; kind: 'customerWrote' }
  | { at: Date; kind: 'move'; to: TicketStateForInstants; by: MoveAuthor };

/** The instants of a whole history, step by step with the same rules the writers use. */
export function instantsOfTimeline(steps: readonly TimelineStep[]): {
  instants: TicketInstants;
  state: TicketStateForInstants;
} {
  let instants = NO_INSTANTS;
  let state: TicketStateForInstants = { status: 'pending', userId: null, queueId: null };
  let chatbot = false;
  for (const s of steps) {
    if (s.kind === 'created') {
      instants = instantsOfCreation(s.state, s.at, { byCompany: s.byCompany });
      state = s.state;
      chatbot = false;
    } else if (s.kind === 'customerWrote') {
      instants = instantsWhenCustomerWrites(instants, { ...state, chatbot }, s.at);
    } else if (s.kind === 'botTook') {
      instants = instantsWhenBotTakes(instants);
      chatbot = true;
    } else {
      instants = instantsAfterChange(instants, { ...state, chatbot }, s.to, s.by, s.at);
      state = s.to;
      chatbot = false;
    }
  }
  return { instants, state };
}
