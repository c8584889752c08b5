/**
 * Creating a ticket by hand (spec 1 §4 'Creating a ticket'): `POST /tickets` refuses with ERR_OTHER_OPEN_TICKET when
 * the contact already has an unfinished ticket on that connection; the web then asks `POST /tickets/checkcontactopen`
 * and shows one of three outcomes.
 */
import { ok, type Result, refuse } from '../errors';
import type { TicketDto, TicketStatus } from './ticket.types';
import type { MachineActor, MachineTicket } from './ticket-machine';
import { TICKET_TEXTS } from './ticket-machine';

export type CreateTicketInput = {
  contactId: number;
  queueId: number | null;
  userId: number | null;
  status: TicketStatus;
  whatsappId: number | null;
};

export type PlannedTicket = {
  contactId: number;
  status: 'open' | 'pending';
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  /** 1: active, started by an attendant */
  source: 1;
};

/**
 * Decides the new ticket: `open` for the requesting user (the new-ticket modal's only mode), or `pending` without a
 * user when asked so. A queue must be chosen ('Selecione uma fila'); an admin may create without one (the web warns),
 * and so may a group with allowNoQueue. Another attendant may only be named by an admin.
 */
export function planTicketCreation(
  input: CreateTicketInput,
  actor: MachineActor,
  otherUnfinished: readonly Pick<MachineTicket, 'id' | 'whatsappId'>[],
): Result<PlannedTicket, 'ERR_VALIDATION' | 'ERR_NO_PERMISSION' | 'ERR_OTHER_OPEN_TICKET'> {
  if (input.status === 'closed') return refuse('ERR_VALIDATION');
  if (input.queueId === null && !actor.caps.isAdmin && !actor.caps.allowNoQueue) {
    return refuse('ERR_VALIDATION', TICKET_TEXTS.selectQueue);
  }
  if (input.queueId !== null && !actor.caps.isAdmin && !actor.queueIds.includes(input.queueId)) {
    return refuse('ERR_NO_PERMISSION');
  }
  let status: 'open' | 'pending' = input.status;
  let userId: number | null;
  if (status === 'pending') {
    userId = null;
  } else {
    userId = input.userId ?? actor.userId;
    if (userId !== actor.userId && !actor.caps.isAdmin) return refuse('ERR_NO_PERMISSION');
  }
  if (status === 'open' && userId === null) status = 'pending';
  if (!actor.caps.allowMultipleTickets && otherUnfinished.some((t) => t.whatsappId === input.whatsappId)) {
    return refuse('ERR_OTHER_OPEN_TICKET');
  }
  return ok({
    contactId: input.contactId,
    status,
    userId,
    queueId: input.queueId,
    whatsappId: input.whatsappId,
    source: 1,
  });
}

/** The three outcomes of spec 1 §4 for an existing unfinished ticket of the contact. */
export type CreationConflict =
  | { kind: 'sameUser'; ticketId: number; autoCloseMs: 9000 }
  | { kind: 'otherUser'; ticketId: number; attendant: string; sector: string | null; autoCloseMs: 30000 }
  | { kind: 'pending'; ticketId: number };

export function creationConflictOf(
  existing: Pick<TicketDto, 'id' | 'status' | 'userId' | 'user' | 'queue'>,
  currentUserId: number,
): CreationConflict {
  if (existing.status === 'open' && existing.userId !== null && existing.userId !== currentUserId) {
    return {
      kind: 'otherUser',
      ticketId: existing.id,
      attendant: existing.user?.name ?? '',
      sector: existing.queue?.name ?? null,
      autoCloseMs: 30000,
    };
  }
  if (existing.status === 'pending') return { kind: 'pending', ticketId: existing.id };
  return { kind: 'sameUser', ticketId: existing.id, autoCloseMs: 9000 };
}

/** pt-BR source texts of the notices (the web translates them with Lingui). */
export function creationConflictText(c: CreationConflict): string {
  switch (c.kind) {
    case 'sameUser':
      return 'Você já tem um ticket aberto para este contato.';
    case 'otherUser':
      return `Já existe um ticket aberto para este contato com ${c.attendant || 'outro atendente'}${c.sector ? ` no setor ${c.sector}` : ''}.`;
    case 'pending':
      return 'Este contato já estava aguardando atendimento.';
  }
}
