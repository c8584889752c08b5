import { atom } from 'jotai';

/** The ticket manager's tab (spec 1 §2): open (with the assigned/pending sub-tabs), closed, search. */
export type TicketTab = 'open' | 'closed' | 'search';
export const ticketTabAtom = atom<TicketTab>('open');
