/**
 * The top bar's notification widget (spec 1 §2 names it; what it shows is our decision, docs/DECISIONS.md): the
 * conversations waiting for THIS user with unread messages, and whether a new message should ring (sound, and a
 * desktop notification when the window is in the background). Pure rules, fed by `GET /tickets` pages and the
 * `ticket-{companyId}` / `appMessage-{companyId}` events.
 */

import type { AppMessageEvent } from '../messages/message.types';
import { lastMessagePreview } from '../messages/message-rules';
import type { TicketDto } from './ticket.types';
import { canViewTicket, type TicketSubject, type TicketViewer } from './ticket-visibility';

/** The user the widget is for: their visibility profile (core's ticket visibility rule). */
export type NotificationViewer = TicketViewer;

/**
 * Whether a ticket is waiting for this user: it is open and assigned to them, or pending (nobody's yet, or theirs)
 * and they may see it (core `canViewTicket`: their queues, no queue when their group allows it, the pending
 * permission; admins every queue). Tickets of other attendants never are, even for an admin who can see them: a
 * notification asks for action, not for supervision.
 */
export function ticketWaitsForUser(t: TicketSubject, v: NotificationViewer): boolean {
  if (t.status === 'open') return t.userId === v.userId;
  if (t.status !== 'pending' || !v.viewPendingTickets) return false;
  if (t.userId !== null && t.userId !== v.userId) return false;
  return canViewTicket(v, t);
}

/**
 * Whether a new message should ring for this user: a message from the contact (not sent by us) on a ticket waiting
 * for them, unless they are looking at that very conversation right now.
 */
export function messageShouldNotify(
  e: Pick<AppMessageEvent, 'action' | 'message' | 'ticket'>,
  v: NotificationViewer,
  screen: { openTicketId: number | null; visible: boolean },
): boolean {
  if (e.action !== 'create' || e.message.fromMe) return false;
  if (!ticketWaitsForUser(e.ticket, v)) return false;
  return !(screen.visible && screen.openTicketId === e.ticket.id);
}

/** One line of the widget: a conversation with unread messages. */
export type TicketNotification = {
  ticketId: number;
  contactName: string;
  contactNumber: string;
  profilePicUrl: string | null;
  lastMessage: string;
  unread: number;
  status: TicketDto['status'];
  updatedAt: string;
};

/**
 * The widget's panel lists at most this many conversations (newest first). The state keeps them all: the badge
 * counts every waiting conversation, the same tickets the tab title counts (issue 12 §2: a badge capped at one page
 * said 40 while the title said 47).
 */
export const NOTIFICATIONS_MAX = 50;

export type NotificationsAction =
  /** the tickets waiting for the user with unread messages, as `GET /tickets?withUnreadMessages=true` answered */
  | { type: 'loaded'; tickets: TicketDto[] }
  /**
   * any new state of a ticket (`ticket-` update, `appMessage-` create with its message): the preview shows what the
   * contact wrote last — our own messages (a greeting, a reply) never replace it
   */
  | { type: 'ticket'; ticket: TicketDto; message?: { body: string; mediaType: string | null; fromMe: boolean } }
  /** the ticket's messages were read (`updateUnread`), or it was opened here */
  | { type: 'read'; ticketId: number }
  | { type: 'delete'; ticketId: number };

function toNotification(t: TicketDto, lastMessage = t.lastMessage): TicketNotification {
  return {
    ticketId: t.id,
    contactName: t.contact.name,
    contactNumber: t.contact.number,
    profilePicUrl: t.contact.profilePicUrl,
    lastMessage,
    unread: t.unreadMessages,
    status: t.status,
    updatedAt: t.updatedAt,
  };
}

const newestFirst = (a: TicketNotification, b: TicketNotification) =>
  a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.ticketId - a.ticketId;

export function notificationsReducer(
  state: readonly TicketNotification[],
  action: NotificationsAction,
  v: NotificationViewer,
): TicketNotification[] {
  switch (action.type) {
    case 'loaded': {
      const byId = new Map(state.map((n) => [n.ticketId, n]));
      for (const t of action.tickets) {
        if (t.unreadMessages > 0 && ticketWaitsForUser(t, v)) byId.set(t.id, toNotification(t));
      }
      return [...byId.values()].sort(newestFirst);
    }
    case 'ticket': {
      const t = action.ticket;
      const rest = state.filter((n) => n.ticketId !== t.id);
      if (!(t.unreadMessages > 0) || !ticketWaitsForUser(t, v)) {
        return rest.length === state.length ? (state as TicketNotification[]) : rest;
      }
      const m = action.message;
      const preview =
        m && !m.fromMe ? lastMessagePreview(m) : (state.find((n) => n.ticketId === t.id)?.lastMessage ?? t.lastMessage);
      return [toNotification(t, preview), ...rest].sort(newestFirst);
    }
    case 'read':
    case 'delete': {
      const rest = state.filter((n) => n.ticketId !== action.ticketId);
      return rest.length === state.length ? (state as TicketNotification[]) : rest;
    }
  }
}
