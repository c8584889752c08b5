/**
 * The ticket state machine of spec 1 §4 'Ticket status'. Pure: the caller loads the ticket, the actor and the
 * contact's other unfinished tickets; the machine answers the patch to write and the side effects to run, or a typed
 * refusal. It never throws for a refused move.
 */
import { type ErrorCode, ok, type Result, refuse } from '../errors';
import type { Capabilities } from '../permissions/capabilities';
import type { TicketStatus } from './ticket.types';

export type MachineTicket = {
  id: number;
  status: TicketStatus;
  contactId: number;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
};

export type MachineCaps = Pick<
  Capabilities,
  | 'isAdmin'
  | 'viewPendingTickets'
  | 'allowNoQueue'
  | 'allowMultipleTickets'
  | 'ticket-options:deleteTicket'
  | 'ticket-options:transferWhatsapp'
>;

export type MachineActor = {
  userId: number;
  /** the user's queues (the accept modal offers them; exactly one auto-confirms) */
  queueIds: readonly number[];
  caps: MachineCaps;
};

export type TicketMove =
  | { type: 'accept'; queueId?: number | null }
  | { type: 'return' }
  | { type: 'resolve' }
  | { type: 'transfer'; userId: number | null; queueId: number | null; whatsappId?: number | null }
  | { type: 'reopen' }
  | { type: 'delete' };

export type TicketMoveType = TicketMove['type'];

export type TicketPatch = {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
};

/** Work the caller must do after writing the patch. */
export type TicketEffect =
  /** resolve: the contact's bot position (commandBot) is cleared */
  | 'clearContactCommandBot'
  /** resolve: the connection's farewell message is sent, when configured */
  | 'sendFarewell'
  /** accept: first acceptance time (TME) */
  | 'markAccepted'
  /**
   * accept: the acceptor takes the conversation to answer it (the web opens the chat at once), so what it holds is
   * read — unread count back to 0
   */
  | 'markRead'
  /** resolve: closing time */
  | 'markClosed'
  /** transfer to someone else: notify them ('Visualizar ticket') */
  | 'notifyTransferTarget'
  | 'deleteTicket';

export type MoveOutcome = { move: TicketMoveType; patch: TicketPatch | null; effects: TicketEffect[] };

export type MoveContext = {
  /** the contact's OTHER unfinished (open/pending) tickets, any connection */
  otherUnfinished: readonly Pick<MachineTicket, 'id' | 'whatsappId'>[];
};

/** Texts the spec gives for refusals that are validation failures. */
export const TICKET_TEXTS = {
  selectQueue: 'Selecione uma fila',
  invalidTransition: 'Este ticket não está mais neste estado. Atualize a lista.',
} as const;

export type MoveRefusal =
  | 'ERR_NO_PERMISSION'
  | 'ERR_VALIDATION'
  | 'ERR_OTHER_OPEN_TICKET'
  | 'ERR_INVALID_TICKET_TRANSITION';

const FROM: Record<TicketMoveType, readonly TicketStatus[]> = {
  accept: ['pending'],
  return: ['open'],
  resolve: ['open', 'pending'],
  transfer: ['open', 'pending'],
  reopen: ['closed'],
  delete: ['pending', 'open', 'closed'],
};

/** Which moves a status allows at all (the chat header's buttons, before per-actor guards). */
export function movesFrom(status: TicketStatus): TicketMoveType[] {
  return (Object.keys(FROM) as TicketMoveType[]).filter((m) => FROM[m].includes(status));
}

const no = <E extends ErrorCode>(e: E, message?: string) => refuse(e, message) as Result<never, MoveRefusal>;

/** A second unfinished ticket of the contact on the same connection, unless the group allows several. */
function conflictsOnConnection(actor: MachineActor, whatsappId: number | null, ctx: MoveContext): boolean {
  if (actor.caps.allowMultipleTickets) return false;
  return ctx.otherUnfinished.some((t) => t.whatsappId === whatsappId);
}

/** The queue an accept lands in without asking: the ticket's own, else the user's only queue. */
export function autoAcceptQueue(
  ticket: Pick<MachineTicket, 'queueId'>,
  userQueueIds: readonly number[],
): number | null {
  if (ticket.queueId !== null) return ticket.queueId;
  if (userQueueIds.length === 1) return userQueueIds[0];
  return null;
}

/** Accept auto-confirms (no modal) when the ticket already has a queue or the user has exactly one queue. */
export function acceptNeedsQueueChoice(
  ticket: Pick<MachineTicket, 'queueId'>,
  userQueueIds: readonly number[],
): boolean {
  return autoAcceptQueue(ticket, userQueueIds) === null;
}

export function applyTicketMove(
  ticket: MachineTicket,
  move: TicketMove,
  actor: MachineActor,
  ctx: MoveContext = { otherUnfinished: [] },
): Result<MoveOutcome, MoveRefusal> {
  if (!FROM[move.type].includes(ticket.status)) {
    return no('ERR_INVALID_TICKET_TRANSITION', TICKET_TEXTS.invalidTransition);
  }
  const { caps } = actor;
  const owns = ticket.userId === actor.userId;
  switch (move.type) {
    case 'accept': {
      if (!caps.viewPendingTickets) return no('ERR_NO_PERMISSION');
      let queueId: number | null;
      if (move.queueId !== undefined && move.queueId !== null) {
        // a user accepts into one of their queues (or the ticket's own); an admin into any queue of the company
        if (!caps.isAdmin && move.queueId !== ticket.queueId && !actor.queueIds.includes(move.queueId)) {
          return no('ERR_NO_PERMISSION');
        }
        queueId = move.queueId;
      } else {
        queueId = autoAcceptQueue(ticket, actor.queueIds);
      }
      if (queueId === null && !caps.allowNoQueue) return no('ERR_VALIDATION', TICKET_TEXTS.selectQueue);
      return ok({
        move: 'accept',
        patch: { status: 'open', userId: actor.userId, queueId, whatsappId: ticket.whatsappId },
        effects: ['markAccepted', 'markRead'],
      });
    }
    case 'return': {
      if (!owns && !caps.isAdmin) return no('ERR_NO_PERMISSION');
      return ok({
        move: 'return',
        patch: { status: 'pending', userId: null, queueId: null, whatsappId: ticket.whatsappId },
        effects: [],
      });
    }
    case 'resolve': {
      // only an admin resolves a pending ticket directly; an open one is resolved by its owner or an admin
      if (ticket.status === 'pending' && !caps.isAdmin) return no('ERR_NO_PERMISSION');
      if (ticket.status === 'open' && !owns && !caps.isAdmin) return no('ERR_NO_PERMISSION');
      return ok({
        move: 'resolve',
        patch: { status: 'closed', userId: actor.userId, queueId: ticket.queueId, whatsappId: ticket.whatsappId },
        effects: ['clearContactCommandBot', 'sendFarewell', 'markClosed'],
      });
    }
    case 'transfer': {
      if (!caps.isAdmin) {
        if (ticket.status === 'open' && !owns) return no('ERR_NO_PERMISSION');
        if (ticket.status === 'pending' && !caps.viewPendingTickets) return no('ERR_NO_PERMISSION');
      }
      if (move.queueId === null) return no('ERR_VALIDATION', TICKET_TEXTS.selectQueue);
      const whatsappId = move.whatsappId ?? ticket.whatsappId;
      if (whatsappId !== ticket.whatsappId) {
        if (!caps['ticket-options:transferWhatsapp']) return no('ERR_NO_PERMISSION');
        if (conflictsOnConnection(actor, whatsappId, ctx)) return no('ERR_OTHER_OPEN_TICKET');
      }
      const status: TicketStatus = move.userId === null ? 'pending' : 'open';
      const effects: TicketEffect[] = [];
      if (move.userId !== null && move.userId !== actor.userId) effects.push('notifyTransferTarget');
      if (status === 'open') effects.push('markAccepted');
      return ok({
        move: 'transfer',
        patch: { status, userId: move.userId, queueId: move.queueId, whatsappId },
        effects,
      });
    }
    case 'reopen': {
      if (conflictsOnConnection(actor, ticket.whatsappId, ctx)) return no('ERR_OTHER_OPEN_TICKET');
      return ok({
        move: 'reopen',
        patch: { status: 'open', userId: actor.userId, queueId: ticket.queueId, whatsappId: ticket.whatsappId },
        effects: ['markAccepted'],
      });
    }
    case 'delete': {
      if (!caps['ticket-options:deleteTicket']) return no('ERR_NO_PERMISSION');
      return ok({ move: 'delete', patch: null, effects: ['deleteTicket'] });
    }
  }
}

/** The probe of each move for allowedMoves: no queue or connection chosen yet, the actor takes the ticket. */
const PROBES: Record<TicketMoveType, (ticket: MachineTicket, actor: MachineActor) => TicketMove> = {
  accept: () => ({ type: 'accept' }),
  return: () => ({ type: 'return' }),
  resolve: () => ({ type: 'resolve' }),
  transfer: (ticket, actor) => ({ type: 'transfer', userId: actor.userId, queueId: ticket.queueId }),
  reopen: () => ({ type: 'reopen' }),
  delete: () => ({ type: 'delete' }),
};

/**
 * The moves this actor is offered on this ticket now (the chat header's and the list's buttons, the shortcuts): each
 * move asked of applyTicketMove itself, so the buttons and the API answer from the same table. A move refused only
 * for what the actor has not chosen yet (a queue: ERR_VALIDATION) or for the contact's other tickets
 * (ERR_OTHER_OPEN_TICKET, known to the server) is offered; one refused for the status or the actor's rights is not.
 */
export function allowedMoves(ticket: MachineTicket, actor: MachineActor): Record<TicketMoveType, boolean> {
  const out = {} as Record<TicketMoveType, boolean>;
  for (const type of Object.keys(PROBES) as TicketMoveType[]) {
    const r = applyTicketMove(ticket, PROBES[type](ticket, actor), actor);
    out[type] = r.ok || (r.error !== 'ERR_NO_PERMISSION' && r.error !== 'ERR_INVALID_TICKET_TRANSITION');
  }
  return out;
}

/** `PUT /tickets/{id}` body (spec 1 §7): status, userId, queueId, whatsappId, transf. */
export type TicketUpdateBody = {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  transf?: boolean;
};

/**
 * Maps the spec's generic update body to one machine move. `transf` (or a change of user, queue or connection
 * without a status change) is a transfer; a status change is accept / return / resolve / reopen by its direction.
 */
export function moveFromUpdate(
  ticket: MachineTicket,
  body: TicketUpdateBody,
  actorUserId: number,
): Result<TicketMove, 'ERR_VALIDATION'> {
  const transferOf = (): TicketMove => ({
    type: 'transfer',
    userId: body.userId !== undefined ? body.userId : ticket.userId,
    queueId: body.queueId !== undefined ? body.queueId : ticket.queueId,
    ...(body.whatsappId !== undefined ? { whatsappId: body.whatsappId } : {}),
  });
  if (body.transf) {
    if (body.status === 'closed') return refuse('ERR_VALIDATION');
    return ok(transferOf());
  }
  const target = body.status;
  if (target === 'closed') return ok({ type: 'resolve' });
  if (target === 'open') {
    if (ticket.status === 'pending') {
      if (body.userId != null && body.userId !== actorUserId) return ok({ ...transferOf(), userId: body.userId });
      return ok({ type: 'accept', queueId: body.queueId });
    }
    if (ticket.status === 'closed') return ok({ type: 'reopen' });
    // a stale accept (someone else took it meanwhile) stays an accept, so it is refused as a stale move
    if (body.userId === actorUserId && ticket.userId !== actorUserId)
      return ok({ type: 'accept', queueId: body.queueId });
    // open → open: a change of user/queue/connection is a transfer
    return ok(transferOf());
  }
  if (target === 'pending') {
    if (ticket.status === 'open' && body.userId == null && body.queueId == null && body.whatsappId == null) {
      return ok({ type: 'return' });
    }
    return ok({ ...transferOf(), userId: null });
  }
  if (body.userId !== undefined || body.queueId !== undefined || body.whatsappId !== undefined) return ok(transferOf());
  return refuse('ERR_VALIDATION');
}
