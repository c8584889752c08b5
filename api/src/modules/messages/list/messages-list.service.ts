import { type MessageDto, PAGE_SIZE, pageWindow, searchWords } from '@zapdesk/core';
import type { UserCtx } from '../../../platform/http/context';
import { markTicketRead, showTicket } from '../../tickets/tickets.service';
import { toMessageDto } from '../messages.serialize';
import { listMessageRows, type MessageScope } from './messages-list.repo';

/**
 * GET /messages/{ticketId} → { messages, hasMore, ticket? }: a page of the chat, oldest first inside the page, page 1
 * the newest. viewMessagesByTicket of the user's group decides whether the contact's other tickets show:
 * 0 every message of the contact, 1 the contact's tickets of this user (plus this one), 2 this ticket only.
 * Opening page 1 of one's own ticket clears its unread count (SSE updateUnread).
 */
export async function listTicketMessages(
  ctx: UserCtx,
  ticketId: number,
  q: { pageNumber: number; searchTerm?: string },
): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
  const ticket = await showTicket(ctx, ticketId);
  const mode = ctx.caps.viewMessagesByTicket;
  const scope: MessageScope =
    mode === 2
      ? { kind: 'ticket', ticketId }
      : mode === 1
        ? { kind: 'contactOfUser', contactId: ticket.contactId, userId: ctx.user.id, ticketId }
        : { kind: 'contact', contactId: ticket.contactId };
  const words = q.searchTerm ? searchWords(q.searchTerm) : [];
  if (q.searchTerm && !words.length) return { messages: [], hasMore: false };
  const { rows, hasMore } = await listMessageRows(
    ctx.companyId,
    scope,
    words,
    pageWindow(q.pageNumber, PAGE_SIZE.messages),
  );
  const page = rows.reverse();
  if (q.pageNumber === 1 && !q.searchTerm && ticket.unreadMessages > 0 && ticket.userId === ctx.user.id) {
    await markTicketRead(ctx.companyId, ticket.id);
  }
  return {
    messages: page.map((r) => toMessageDto(r.m, { contact: r.contact, quoted: r.quoted })),
    hasMore,
  };
}
