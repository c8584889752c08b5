/**
 * Who may see a ticket (spec 1 §4/§6): the ONE rule the API applies to `GET /tickets/{id}`, the chat and its messages,
 * `GET /tickets` (as a list filter), and the live stream (each ticket event reaches only the users allowed to see it).
 *
 * - admins see every ticket;
 * - a user always sees the tickets assigned to them (the owner rule);
 * - pending tickets need the group's allowViewPendingTickets;
 * - a ticket without a queue needs the group's allowNoQueue;
 * - otherwise the ticket's queue must be one of the user's queues.
 */
import type { Capabilities } from '../permissions/capabilities';
import { dayEnd, dayStart, type ListTicketsQuery } from './ticket.schemas';
import type { TicketDto, TicketStatus } from './ticket.types';

/** What the rule reads of a ticket (carried with every ticket event, across processes too). */
export type TicketSubject = Pick<TicketDto, 'status' | 'userId' | 'queueId'>;

/** What the rule reads of a user: their visibility profile. */
export type TicketViewer = {
  userId: number;
  isAdmin: boolean;
  queueIds: readonly number[];
  allowNoQueue: boolean;
  viewPendingTickets: boolean;
};

export function ticketViewerOf(a: {
  user: { id: number; queueIds: readonly number[] };
  caps: Pick<Capabilities, 'isAdmin' | 'allowNoQueue' | 'viewPendingTickets'>;
}): TicketViewer {
  return {
    userId: a.user.id,
    isAdmin: a.caps.isAdmin,
    queueIds: [...new Set(a.user.queueIds)].sort((x, y) => x - y),
    allowNoQueue: a.caps.allowNoQueue,
    viewPendingTickets: a.caps.viewPendingTickets,
  };
}

/**
 * The rule without its owner clause: the same answer for every viewer of one audience class (see audienceKey), so a
 * live event is decided once per class, not once per connection.
 */
export function audienceCanView(v: Omit<TicketViewer, 'userId'>, t: TicketSubject): boolean {
  if (v.isAdmin) return true;
  if (t.status === 'pending' && !v.viewPendingTickets) return false;
  if (t.queueId === null) return v.allowNoQueue;
  return v.queueIds.includes(t.queueId);
}

/** Whether the user may open this ticket at all (chat, messages, GET /tickets/{id}, its live events). */
export function canViewTicket(v: TicketViewer, t: TicketSubject): boolean {
  return t.userId === v.userId || audienceCanView(v, t);
}

/**
 * Viewers with the same key get the same answer from audienceCanView for every ticket: admins form one class; the
 * others are grouped by (allowNoQueue, viewPendingTickets, their queues).
 */
export function audienceKey(v: Omit<TicketViewer, 'userId'>): string {
  if (v.isAdmin) return 'admin';
  const queues = [...v.queueIds].sort((x, y) => x - y).join(',');
  return `${v.allowNoQueue ? 1 : 0}${v.viewPendingTickets ? 1 : 0}:${queues}`;
}

// ---------------------------------------------------------------------------------------------------------------
// the same rule as a list filter (GET /tickets)

export type ListScope = {
  statuses: TicketStatus[];
  assignedTo?: number;
  /** ids null: any queue; includeNull: tickets without a queue too */
  queues: { ids: number[] | null; includeNull: boolean };
};

/** What `GET /tickets` may show, as data (the API's repo turns it into SQL). */
export type TicketListFilter = {
  /** OR'ed; an empty list matches nothing */
  scopes: ListScope[];
  unreadOnly?: boolean;
  tagIds?: number[];
  categoryIds?: number[];
  contactId?: number;
  userId?: number;
  createdFrom?: Date;
  createdTo?: Date;
  /**
   * searchParam: protocol (exact) OR contact name (word prefixes) OR number (prefix) OR message text (word prefixes,
   * every word in the ticket's messages); words from `searchWords()`
   */
  search?: { text: string; words: string[]; numberPrefix: string | null };
};

/**
 * The words of a free-text search ('João sil' → ['joão', 'sil']), each a word prefix: letters and digits only, at
 * most 8. The database normalises them like the searched text (lower case, accents removed: 'joao' finds 'João').
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * What `GET /tickets` may show this viewer. Mirrors `ticketBelongsToList` (the web's live lists): open = mine (every
 * attendant's with showAll, admins only), pending = the queues (needs allowViewPendingTickets), closed = every
 * attendant's; always limited to the selected queues (a user's selection is cut to their own queues), no-queue
 * tickets only with allowNoQueue; a search also finds the user's own tickets whatever their queue (the owner rule).
 */
export function ticketListFilter(v: TicketViewer, q: ListTicketsQuery): TicketListFilter {
  const showAll = q.showAll && v.isAdmin;
  const selected = q.queueIds.length
    ? v.isAdmin
      ? q.queueIds
      : q.queueIds.filter((id) => v.queueIds.includes(id))
    : v.isAdmin
      ? null
      : [...v.queueIds];
  const queues = { ids: selected, includeNull: v.allowNoQueue };
  const tabStatus = q.tab === 'assigned' ? 'open' : q.tab === 'search' ? undefined : q.tab;
  const status = q.searchTicketStatus ?? q.status ?? tabStatus;
  const searching = q.tab === 'search' || status === undefined;

  let scopes: ListScope[];
  if (searching) {
    const statuses = (status ? [status] : (['open', 'pending', 'closed'] as const)).filter(
      (s) => s !== 'pending' || v.viewPendingTickets,
    );
    scopes = statuses.length ? [{ statuses: [...statuses], queues }] : [];
    // a user always finds their own tickets, whatever their queue
    if (!v.isAdmin) {
      const own = statuses.filter((s) => s !== 'pending');
      if (own.length) scopes.push({ statuses: own, assignedTo: v.userId, queues: { ids: null, includeNull: true } });
    }
  } else if (status === 'open') {
    scopes = [{ statuses: ['open'], ...(showAll ? {} : { assignedTo: v.userId }), queues }];
  } else if (status === 'pending') {
    scopes = v.viewPendingTickets ? [{ statuses: ['pending'], queues }] : [];
  } else {
    scopes = [{ statuses: ['closed'], queues }];
  }

  const f: TicketListFilter = { scopes };
  if (q.withUnreadMessages) f.unreadOnly = true;
  if (q.tags.length) f.tagIds = q.tags;
  if (q.contactCategories.length) f.categoryIds = q.contactCategories;
  if (q.searchContactId) f.contactId = q.searchContactId;
  if (q.searchUserId) f.userId = q.searchUserId;
  if (q.date) {
    f.createdFrom = dayStart(q.date);
    f.createdTo = dayEnd(q.date);
  }
  if (q.searchInitialDate) f.createdFrom = dayStart(q.searchInitialDate);
  if (q.searchFinalDate) f.createdTo = dayEnd(q.searchFinalDate);
  if (q.searchParam) {
    const digits = q.searchParam.replace(/\D/g, '');
    f.search = {
      text: q.searchParam,
      words: searchWords(q.searchParam),
      numberPrefix: digits.length >= 3 && /^[\d\s()+-]+$/.test(q.searchParam) ? digits : null,
    };
  }
  return f;
}
