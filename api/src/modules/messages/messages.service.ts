import { DomainError, events, type MessageDto, shouldSign, toJid } from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { loadTicketDto } from '../tickets/tickets.service';
import { connectedSession } from '../whatsapp/whatsapp.pipeline';
import { MESSAGE_TEXT, type OutboundInput, sendOutbound } from './messages.outbound';
import * as repo from './messages.repo';
import { toMessageDto } from './messages.serialize';

export { MESSAGE_TEXT, type OutboundInput };

/**
 * POST /messages/{ticketId}/{companyId}: an attendant answers in a ticket. Only an open ticket, only its
 * attendant or an administrator; signed with the user's name in bold when the user has signMessage and the
 * permission group does not disableSignature.
 */
export async function sendTicketMessage(
  ctx: UserCtx,
  ticketId: number,
  companyIdParam: number,
  input: OutboundInput,
): Promise<MessageDto[]> {
  // the company in the path must be the user's own: another company's ticket is simply not found
  if (companyIdParam !== ctx.companyId) throw new DomainError('ERR_NO_TICKET_FOUND');
  const ticket = await loadTicketDto(ctx.companyId, ticketId);
  if (ticket.userId !== ctx.user.id && !ctx.caps.isAdmin) throw new DomainError('ERR_NO_PERMISSION');
  if (ticket.status !== 'open') throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.ticketNotOpen);
  if (!ticket.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED', MESSAGE_TEXT.noConnection);
  const { messages } = await sendOutbound(ctx.companyId, {
    to: { ticketId, ticket },
    content: input,
    userId: ctx.user.id,
    signAs: shouldSign(ctx.user, ctx.caps) ? ctx.user.name : null,
  });
  return messages;
}

export const DELETE_CHANNELS = ['whatsapp', 'baileys', 'simulator'] as const;

/** DELETE /messages/{id}/{channel}: delete one of our messages for everyone. */
export async function deleteTicketMessage(ctx: UserCtx, messageId: number): Promise<MessageDto> {
  const row = await repo.findMessageInCompany(ctx.companyId, messageId);
  if (!row) throw new DomainError('ERR_NOT_FOUND', MESSAGE_TEXT.messageNotFound);
  const ticket = await loadTicketDto(ctx.companyId, row.ticketId);
  if (ticket.userId !== ctx.user.id && !ctx.caps.isAdmin) throw new DomainError('ERR_NO_PERMISSION');
  if (!row.fromMe) throw new DomainError('ERR_DELETE_WAPP_MSG', MESSAGE_TEXT.notOwnMessage);
  if (row.isDeleted) return toMessageDto(row, await repo.messageRelations(ctx.companyId, row));
  if (!row.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED', MESSAGE_TEXT.noConnection);
  const { session } = await connectedSession(ctx.companyId, row.whatsappId);
  try {
    await session.deleteMessage(toJid(ticket.contact.number, ticket.isGroup), row.wid, true);
  } catch (err) {
    log.warn({ err, messageId }, 'delete for everyone failed');
    throw new DomainError('ERR_DELETE_WAPP_MSG');
  }
  const updated =
    (await repo.updateMessageRow(ctx.companyId, row.id, { isDeleted: true, deletedByContact: false })) ?? row;
  const dto = toMessageDto(updated, await repo.messageRelations(ctx.companyId, updated));
  emit({
    companyId: ctx.companyId,
    channel: events.appMessage.of(ctx.companyId),
    data: { action: 'update', message: dto, ticket, contact: ticket.contact },
  });
  return dto;
}
