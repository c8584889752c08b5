import type { TicketStatus } from '@zapdesk/core';
import { readStorage, writeStorage } from '../../lib/storage';

/** Spec 1 §4: draft text is kept per ticket in local storage under `draft:<ticketId>` (logout clears it). */
export const draftKey = (ticketId: number) => `draft:${ticketId}`;

export function readDraft(ticketId: number): string {
  return readStorage(draftKey(ticketId)) ?? '';
}

export function saveDraft(ticketId: number, text: string): void {
  // whitespace is not a draft: nothing would be sent either
  writeStorage(draftKey(ticketId), text.trim() ? text : null);
}

export function dropDraft(ticketId: number): void {
  writeStorage(draftKey(ticketId), null);
}

/** Drafts are dropped when the ticket is not open (closed, returned to pending). */
export function keepsDraft(status: TicketStatus): boolean {
  return status === 'open';
}
