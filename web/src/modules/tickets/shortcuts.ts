/**
 * Spec 1 §2 keyboard shortcuts. Matched on `KeyboardEvent.code` so Alt combinations work on every layout (on macOS
 * Alt+N types a character, but its code stays KeyN).
 */
export type TicketShortcut =
  | 'newTicket'
  | 'openTickets'
  | 'pendingTickets'
  | 'toggleShowAll'
  | 'resolve'
  | 'return'
  | 'transfer'
  | 'delete'
  | 'reopen';

const BY_CODE: Record<string, TicketShortcut> = {
  KeyN: 'newTicket',
  KeyA: 'openTickets',
  KeyS: 'pendingTickets',
  KeyZ: 'toggleShowAll',
  Digit1: 'resolve',
  Numpad1: 'resolve',
  Digit2: 'return',
  Numpad2: 'return',
  Digit3: 'transfer',
  Numpad3: 'transfer',
  Digit4: 'delete',
  Numpad4: 'delete',
  KeyT: 'reopen',
};

export function shortcutOf(
  e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): TicketShortcut | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  return BY_CODE[e.code] ?? null;
}
