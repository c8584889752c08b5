import type { AppMessageEvent, TicketDto } from '@zapdesk/core';

/**
 * Whether a live message belongs in the open chat, by the group's viewMessagesByTicket (the same scopes as
 * `GET /messages/{ticketId}`): 0 every ticket of the contact, 1 the contact's tickets of this user plus this one,
 * 2 this ticket only.
 */
export function messageBelongsToChat(
  e: Pick<AppMessageEvent, 'message' | 'ticket'>,
  chat: Pick<TicketDto, 'id' | 'contactId'>,
  mode: 0 | 1 | 2,
  currentUserId: number,
): boolean {
  if (e.message.ticketId === chat.id) return true;
  if (mode === 2 || !e.ticket || e.ticket.contactId !== chat.contactId) return false;
  return mode === 0 || e.ticket.userId === currentUserId;
}

/** Inserts or replaces by id, keeping the chat in time order (oldest first). */
export function upsertMessage<T extends { id: number; createdAt: string }>(list: T[], m: T): T[] {
  const at = list.findIndex((x) => x.id === m.id);
  if (at >= 0) {
    const next = [...list];
    next[at] = m;
    return next;
  }
  const last = list[list.length - 1];
  if (!last || last.createdAt <= m.createdAt) return [...list, m];
  const pos = list.findIndex((x) => x.createdAt > m.createdAt);
  return [...list.slice(0, pos), m, ...list.slice(pos)];
}

/** Older page first, without duplicates (a live message may already be shown). */
export function prependPage<T extends { id: number }>(list: T[], older: T[]): T[] {
  const seen = new Set(list.map((x) => x.id));
  return [...older.filter((x) => !seen.has(x.id)), ...list];
}
