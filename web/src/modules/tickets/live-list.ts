import {
  type AppMessageEvent,
  type ContactDto,
  emptyTicketList,
  type TicketEvent,
  type TicketListAction,
  type TicketListState,
  type TicketListView,
  ticketListReducer,
} from '@zapdesk/core';

/** A live list plus its count badge (the server's count, kept current by the same events). */
export type CountedList = { list: TicketListState; count: number };

export const emptyCountedList = (): CountedList => ({ list: emptyTicketList(), count: 0 });

const has = (s: TicketListState, id: number) => s.tickets.some((t) => t.id === id);

/**
 * Applies one action with core's reducer and moves the count by what entered or left the list. A fully loaded list
 * counts its rows exactly; with pages still on the server an event about an unloaded ticket is counted as a change.
 */
export function applyListAction(
  state: CountedList,
  action: TicketListAction,
  view: TicketListView,
  /** the page answer's `count`, with a 'loaded' action */
  serverCount = 0,
): CountedList {
  const list = ticketListReducer(state.list, action, view);
  if (action.type === 'loaded') {
    return { list, count: list.hasMore ? Math.max(serverCount, list.tickets.length) : list.tickets.length };
  }
  if (action.type === 'reset') return { list, count: 0 };
  if (list === state.list) return state;
  let count = state.count;
  const id =
    action.type === 'update' || action.type === 'newMessage'
      ? action.ticket.id
      : 'ticketId' in action
        ? action.ticketId
        : null;
  if (id !== null) count += Number(has(list, id)) - Number(has(state.list, id));
  if (!list.hasMore) count = list.tickets.length;
  return { list, count: Math.max(0, count) };
}

/** The list actions of one SSE payload (`ticket-{companyId}`, `appMessage-{companyId}`, `contact-{companyId}`). */
export function actionsOfTicketEvent(e: TicketEvent): TicketListAction[] {
  switch (e.action) {
    case 'update':
      return [{ type: 'update', ticket: e.ticket }];
    case 'updateUnread':
      return [{ type: 'updateUnread', ticketId: e.ticketId }];
    case 'delete':
      return [{ type: 'delete', ticketId: e.ticketId }];
    default:
      return [];
  }
}

export function actionsOfMessageEvent(e: AppMessageEvent): TicketListAction[] {
  // a new message (not an ack/edit update) moves the ticket to the top
  return e.action === 'create' && e.ticket ? [{ type: 'newMessage', ticket: e.ticket }] : [];
}

export function actionsOfContactEvent(e: { action: string; contact?: ContactDto }): TicketListAction[] {
  if (e.action !== 'update' || !e.contact) return [];
  const c = e.contact;
  return [
    {
      type: 'contactUpdated',
      contact: {
        id: c.id,
        name: c.name,
        number: c.number,
        email: c.email,
        profilePicUrl: c.profilePicUrl,
        isGroup: c.isGroup,
      },
    },
  ];
}
