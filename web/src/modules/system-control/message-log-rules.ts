import type { MessageBruteLogDto, MessageBruteLogEvent } from '@zapdesk/core';
import type { LiveChange } from '../../ui/use-crud-list';
import { textMatches } from '../../ui/use-paged-list';

/**
 * Spec 3 §2 Raw message logs: a row without a ticket is orange (unknown type), a negative ticketId yellow (warning);
 * any other row is plain.
 */
export type LogTone = 'unknown' | 'warning' | 'normal';

export function logTone(log: Pick<MessageBruteLogDto, 'ticketId'>): LogTone {
  if (log.ticketId === null || log.ticketId === undefined) return 'unknown';
  if (log.ticketId < 0) return 'warning';
  return 'normal';
}

/** The list's query: the search text and the search-with-error option, as one key for the paged list. */
export type LogQuery = { text: string; withError: boolean };

export const encodeLogQuery = (q: LogQuery): string => `${q.withError ? '1' : '0'}:${q.text}`;

export function decodeLogQuery(key: string): LogQuery {
  const at = key.indexOf(':');
  if (at < 0) return { text: key, withError: false };
  return { text: key.slice(at + 1), withError: key.slice(0, at) === '1' };
}

/** What the server's search-with-error keeps: every log that is not a clean success (docs/DECISIONS.md). */
export const hasError = (log: Pick<MessageBruteLogDto, 'outcome'>): boolean => log.outcome !== 'ok';

/** Does a live-created/updated log belong to the current query (the server's search: body, jid, id, type, error)? */
export function logMatches(log: MessageBruteLogDto, key: string): boolean {
  const q = decodeLogQuery(key);
  if (q.withError && !hasError(log)) return false;
  return textMatches([log.details0, log.remoteJid, log.messageId, log.type, log.error], q.text);
}

/** Newest first, as the API lists (createdAt desc, id desc). */
export function byNewest(a: MessageBruteLogDto, b: MessageBruteLogDto): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

/** Live `messagesBruteLog`: create/update → the log; delete of one → its id; delete of all (or unknown) → reload. */
export function logEventChange(e: MessageBruteLogEvent): LiveChange<MessageBruteLogDto> {
  if (e.action === 'delete') return typeof e.messagesBruteLogId === 'number' ? e.messagesBruteLogId : 'reload';
  return e.messagesBruteLog;
}

/** `JsonValue` as indented text for the dialog (strings that hold JSON are unfolded). */
export function prettyJson(value: unknown): string {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return v as string;
    }
  }
  if (v === undefined) return '';
  return JSON.stringify(v, null, 2);
}
