import type { WhatsappDto } from '@zapdesk/core';

/**
 * Pure rules of the connections screen (spec 1 §4 'Connection status', §5, §9). No React, no IO: unit-tested.
 */

export type ConnectionStatus = 'CONNECTED' | 'qrcode' | 'PAIRING' | 'DISCONNECTED' | 'TIMEOUT' | 'OPENING';

/** The spec writes connected both ways ('connected' / 'CONNECTED'); anything unknown is treated as DISCONNECTED. */
export function normalizeStatus(status: string | null | undefined): ConnectionStatus {
  if (!status) return 'DISCONNECTED';
  if (status.toUpperCase() === 'CONNECTED') return 'CONNECTED';
  if (status.toLowerCase() === 'qrcode') return 'qrcode';
  const up = status.toUpperCase();
  if (up === 'PAIRING' || up === 'DISCONNECTED' || up === 'TIMEOUT' || up === 'OPENING') return up;
  return 'DISCONNECTED';
}

/** What the session column offers per status (spec 1 §4). */
export type SessionAction = 'tryAgain' | 'newQr' | 'showQr' | 'connecting' | 'clean' | 'disconnect';

export function sessionActions(status: string): SessionAction[] {
  switch (normalizeStatus(status)) {
    case 'DISCONNECTED':
      return ['tryAgain', 'newQr'];
    case 'qrcode':
      return ['showQr'];
    case 'OPENING':
      return ['connecting', 'clean'];
    case 'PAIRING':
    case 'TIMEOUT':
    case 'CONNECTED':
      return ['disconnect'];
  }
}

/** Spec 1 §9: a message import shows a disabled 'preparing' button for 35 s. */
export const IMPORT_PREPARING_MS = 35_000;

export type ImportView =
  | { kind: 'none' }
  | { kind: 'preparing'; until: number }
  | { kind: 'running' }
  | { kind: 'closeTickets' };

/**
 * The import button of a row: 'preparing' (disabled) for 35 s from the moment the import was seen starting, then the
 * running progress until the import ends; once done, the 'close imported tickets' button.
 */
export function importView(
  statusImportMessages: string | null,
  startedAt: number | undefined,
  now: number,
): ImportView {
  if (statusImportMessages === 'renderButtonCloseTickets') return { kind: 'closeTickets' };
  if (statusImportMessages === 'preparing' || statusImportMessages === 'running') {
    const until = (startedAt ?? now) + IMPORT_PREPARING_MS;
    return now < until ? { kind: 'preparing', until } : { kind: 'running' };
  }
  return { kind: 'none' };
}

const importing = (s: string | null) => s === 'preparing' || s === 'running';

/** Live list state: the connections, when each import was seen starting, and the import progress per connection. */
export type ConnectionsState = {
  list: WhatsappDto[];
  loaded: boolean;
  importStartedAt: Record<number, number>;
};

export const EMPTY_CONNECTIONS: ConnectionsState = { list: [], loaded: false, importStartedAt: {} };

const byName = (a: WhatsappDto, b: WhatsappDto) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** The first load: imports already running count from their last update. */
export function loadedState(list: WhatsappDto[]): ConnectionsState {
  const importStartedAt: Record<number, number> = {};
  for (const w of list) if (importing(w.statusImportMessages)) importStartedAt[w.id] = Date.parse(w.updatedAt);
  return { list: [...list].sort(byName), loaded: true, importStartedAt };
}

/**
 * An update of one connection. `full` = the administrators' session shape (`whatsappSession`); the public shape
 * (`whatsapp-{companyId}`) has no session data, so for a row already known it keeps the session fields it has —
 * otherwise an administrator's QR code would blink away between the two events of one change.
 */
export function upsertConnection(
  state: ConnectionsState,
  w: WhatsappDto,
  full: boolean,
  now: number,
): ConnectionsState {
  const current = state.list.find((x) => x.id === w.id);
  const next: WhatsappDto =
    full || !current
      ? w
      : {
          ...w,
          qrcode: current.qrcode,
          retries: current.retries,
          importOldMessages: current.importOldMessages,
          importRecentMessages: current.importRecentMessages,
          statusImportMessages: current.statusImportMessages,
        };
  const importStartedAt = { ...state.importStartedAt };
  if (importing(next.statusImportMessages)) {
    if (!importing(current?.statusImportMessages ?? null) || importStartedAt[w.id] === undefined) {
      importStartedAt[w.id] = now;
    }
  } else {
    delete importStartedAt[w.id];
  }
  // a new default unsets the previous one on the server; mirror it without waiting for that row's own event
  const others = state.list
    .filter((x) => x.id !== w.id)
    .map((x) => (next.isDefault && x.isDefault ? { ...x, isDefault: false } : x));
  return { ...state, list: [...others, next].sort(byName), importStartedAt };
}

export function removeConnection(state: ConnectionsState, id: number): ConnectionsState {
  const importStartedAt = { ...state.importStartedAt };
  delete importStartedAt[id];
  return { ...state, list: state.list.filter((x) => x.id !== id), importStartedAt };
}

/** Spec 1 §2: the drawer's '!' badge — any connection in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING. */
export const BADGE_DELAY_MS = 2000;

/** Spec 1 §9: session error toasts stay 15 s, then the page reloads. */
export const SESSION_ERROR_TOAST_MS = 15_000;

/** A `<input type="datetime-local">` value (local time, minutes) for a date. */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The date of a `datetime-local` value, or null when empty/invalid. */
export function fromLocalInput(v: string): Date | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Spec 1 §9 'connection import defaults to 1 minute ago' (the end); the start defaults to one day before now. */
export function defaultImportRange(now: Date): { old: string; recent: string } {
  return {
    old: toLocalInput(new Date(now.getTime() - 24 * 3600_000)),
    recent: toLocalInput(new Date(now.getTime() - 60_000)),
  };
}
