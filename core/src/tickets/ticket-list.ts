/**
 * Live ticket list (spec 1 §4 'Live ticket list') as a pure reducer the web feeds with pages and SSE events.
 * `ticketBelongsToList` is the same membership rule `GET /tickets` applies in SQL, so a live list and a reload agree.
 */
import type { TicketDto, TicketStatus } from './ticket.types';

export type TicketListView = {
  /** open tab sub-lists ('open' = assigned, 'pending'), the closed tab, or search results */
  list: 'open' | 'pending' | 'closed' | 'search';
  currentUserId: number;
  /** admins only; the server ignores it for others */
  showAll: boolean;
  selectedQueueIds: readonly number[];
  allowNoQueue: boolean;
  viewPendingTickets: boolean;
  isAdmin: boolean;
};

/** The effective showAll: only an admin may see every attendant's tickets. */
export const effectiveShowAll = (v: Pick<TicketListView, 'showAll' | 'isAdmin'>): boolean => v.showAll && v.isAdmin;

/** Whether a ticket passes the queue filter: its queue is selected, or it has none and the group allows no-queue. */
export function passesQueueFilter(
  queueId: number | null,
  v: Pick<TicketListView, 'selectedQueueIds' | 'allowNoQueue'>,
): boolean {
  if (queueId === null) return v.allowNoQueue;
  return v.selectedQueueIds.includes(queueId);
}

/** Membership of a non-search list. */
export function ticketBelongsToList(t: Pick<TicketDto, 'status' | 'userId' | 'queueId'>, v: TicketListView): boolean {
  if (v.list === 'search') return false;
  if (t.status !== (v.list as TicketStatus)) return false;
  if (!passesQueueFilter(t.queueId, v)) return false;
  if (v.list === 'pending') return v.viewPendingTickets;
  if (v.list === 'open') return effectiveShowAll(v) || t.userId === v.currentUserId;
  // the closed tab always shows every attendant's tickets
  return true;
}

export type TicketListState = { tickets: TicketDto[]; hasMore: boolean; pageNumber: number };

export const emptyTicketList = (): TicketListState => ({ tickets: [], hasMore: false, pageNumber: 0 });

export type TicketListAction =
  | { type: 'reset' }
  | { type: 'loaded'; tickets: TicketDto[]; hasMore: boolean; pageNumber: number }
  | { type: 'update'; ticket: TicketDto }
  | { type: 'updateUnread'; ticketId: number }
  | { type: 'delete'; ticketId: number }
  /** `appMessage-{companyId}` create: a new message on the ticket */
  | { type: 'newMessage'; ticket: TicketDto }
  | { type: 'contactUpdated'; contact: TicketDto['contact'] };

/** Stable: unread tickets first, keeping the server's order (updatedAt desc) inside each group. */
function unreadFirst(list: TicketDto[]): TicketDto[] {
  return [...list.filter((t) => t.unreadMessages > 0), ...list.filter((t) => !(t.unreadMessages > 0))];
}

/**
 * The order of loaded pages: the closed tab keeps the server's order alone (most recent activity — its closing —
 * first); a resolved conversation left unread is history, not work waiting. Other lists put unread tickets first.
 */
const loadedOrder = (list: TicketDto[], view: TicketListView): TicketDto[] =>
  view.list === 'closed' ? list : unreadFirst(list);

const without = (list: TicketDto[], id: number) => list.filter((t) => t.id !== id);

export function ticketListReducer(
  state: TicketListState,
  action: TicketListAction,
  view: TicketListView,
): TicketListState {
  switch (action.type) {
    case 'reset':
      return emptyTicketList();
    case 'loaded': {
      const base = action.pageNumber <= 1 ? [] : state.tickets;
      const incoming = new Map(action.tickets.map((t) => [t.id, t]));
      const merged = base.map((t) => incoming.get(t.id) ?? t);
      const known = new Set(merged.map((t) => t.id));
      for (const t of action.tickets) if (!known.has(t.id)) merged.push(t);
      return { tickets: loadedOrder(merged, view), hasMore: action.hasMore, pageNumber: action.pageNumber };
    }
    case 'update': {
      const t = action.ticket;
      const at = state.tickets.findIndex((x) => x.id === t.id);
      if (view.list === 'search') {
        // search results cannot be re-evaluated here: refresh a shown ticket, never add one
        if (at < 0) return state;
        const tickets = [...state.tickets];
        tickets[at] = t;
        return { ...state, tickets };
      }
      if (!ticketBelongsToList(t, view)) return at < 0 ? state : { ...state, tickets: without(state.tickets, t.id) };
      if (at < 0) return { ...state, tickets: [t, ...state.tickets] };
      const tickets = [...state.tickets];
      tickets[at] = t;
      return { ...state, tickets };
    }
    case 'newMessage': {
      const t = action.ticket;
      const present = state.tickets.some((x) => x.id === t.id);
      if (view.list === 'search') {
        if (!present) return state;
        return { ...state, tickets: [t, ...without(state.tickets, t.id)] };
      }
      if (!ticketBelongsToList(t, view)) return present ? { ...state, tickets: without(state.tickets, t.id) } : state;
      return { ...state, tickets: [t, ...without(state.tickets, t.id)] };
    }
    case 'updateUnread': {
      if (!state.tickets.some((t) => t.id === action.ticketId)) return state;
      return {
        ...state,
        tickets: state.tickets.map((t) => (t.id === action.ticketId ? { ...t, unreadMessages: 0 } : t)),
      };
    }
    case 'delete':
      if (!state.tickets.some((t) => t.id === action.ticketId)) return state;
      return { ...state, tickets: without(state.tickets, action.ticketId) };
    case 'contactUpdated': {
      const c = action.contact;
      if (!state.tickets.some((t) => t.contactId === c.id)) return state;
      return { ...state, tickets: state.tickets.map((t) => (t.contactId === c.id ? { ...t, contact: c } : t)) };
    }
  }
}

/** The browser-tab badge: pending (or open) count capped at 10 for the icon (spec 1 §2). */
export function tabBadgeCount(count: number): number {
  return Math.max(0, Math.min(count, 10));
}
