import { DomainError, type TicketDto, type TicketEvent } from '@zapdesk/core';
import { emit } from '../../platform/index';
import * as repo from './tickets.repo';

export { toTicketDto } from './tickets.repo';

/** Publishes `ticket-{companyId}` with the spec's actions (update, updateUnread, delete). */
export function emitTicketEvent(companyId: number, data: TicketEvent): void {
  emit({ companyId, channel: `ticket-${companyId}`, data });
}

/** The ticket in the API/SSE shape; 404 ERR_NO_TICKET_FOUND for a missing id or another company's id. */
export function loadTicketDto(companyId: number, ticketId: number): Promise<TicketDto> {
  return repo.getTicketDtoInCompany(companyId, ticketId);
}

const LAST_MESSAGE_MAX = 1000;

/**
 * Inbound pipeline entry: the contact's unfinished (open or pending) ticket on this connection, or a new one.
 * A new ticket is `pending` without a user even when the first message is `fromMe` (typed on the phone itself):
 * nobody in the app has taken it, and a pending ticket never has a user (docs/DECISIONS.md, Tickets).
 * The connection's only queue is assigned when it has exactly one.
 */
export async function findOrCreateTicketForInbound(
  companyId: number,
  input: { contactId: number; whatsappId: number; isGroup: boolean; fromMe: boolean },
): Promise<{ ticket: TicketDto; created: boolean }> {
  const result = await repo.withContactLock(companyId, input.contactId, async (tx) => {
    const [existing] = await repo.findUnfinishedTickets(
      companyId,
      input.contactId,
      { whatsappId: input.whatsappId },
      tx,
    );
    if (existing) return { id: existing.id, created: false };
    const queueIds = await repo.connectionQueueIds(companyId, input.whatsappId, tx);
    const id = await repo.insertTicket(
      companyId,
      {
        contactId: input.contactId,
        status: 'pending',
        queueId: queueIds.length === 1 ? queueIds[0] : null,
        userId: null,
        whatsappId: input.whatsappId,
        source: 0,
        isGroup: input.isGroup,
      },
      tx,
    );
    return { id, created: true };
  });
  const ticket = await repo.getTicketDtoInCompany(companyId, result.id);
  if (result.created) emitTicketEvent(companyId, { action: 'update', ticket });
  return { ticket, created: result.created };
}

/**
 * A message was stored on the ticket: update its preview, bump it to the top, optionally count it unread,
 * then publish `ticket-{companyId}` `{ action: 'update', ticket }`.
 */
export async function touchTicketOnMessage(
  companyId: number,
  ticketId: number,
  input: { lastMessage: string; incrementUnread: boolean },
): Promise<TicketDto> {
  const id = await repo.touchTicket(companyId, ticketId, {
    lastMessage: input.lastMessage.slice(0, LAST_MESSAGE_MAX),
    incrementUnread: input.incrementUnread,
  });
  if (id === null) throw new DomainError('ERR_NO_TICKET_FOUND');
  const ticket = await repo.getTicketDtoInCompany(companyId, id);
  emitTicketEvent(companyId, { action: 'update', ticket });
  return ticket;
}
