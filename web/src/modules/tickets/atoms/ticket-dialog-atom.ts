import type { TicketDto } from '@zapdesk/core';
import { atom } from 'jotai';

/** The one ticket dialog open at a time (opened from the list, the chat header or a shortcut). */
export type TicketDialog =
  | { kind: 'newTicket'; contact?: { id: number; name: string } }
  | { kind: 'accept'; ticket: TicketDto }
  | { kind: 'transfer'; ticket: TicketDto }
  | { kind: 'delete'; ticket: TicketDto }
  | { kind: 'reschedule'; ticket: TicketDto }
  | { kind: 'bulkResolve' }
  | { kind: 'export'; ticket?: TicketDto };

export const ticketDialogAtom = atom<TicketDialog | null>(null);
