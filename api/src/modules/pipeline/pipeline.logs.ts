import { events, type MessageBruteLogDto } from '@zapdesk/core';
import { emit, type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { type RawLogRow, unsafeMasterUsers } from './pipeline.repo';

export type { MessageBruteLogDto };

export function toMessageBruteLogDto(r: RawLogRow): MessageBruteLogDto {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    remoteJid: r.remoteJid,
    messageId: r.messageId,
    fromMe: r.fromMe,
    ticketId: r.ticketId,
    type: r.type,
    companyId: r.companyId,
    whatsappId: r.whatsappId,
    details0: r.body,
    details1: r.timeSpent,
    JsonValue: r.jsonValue,
    status: r.status,
    error: r.error,
  };
}

/** masters change rarely; look them up at most every 10 s (per platform: tests have one database each) */
const cache = new WeakMap<Platform, { at: number; list: Promise<{ id: number; companyId: number }[]> }>();
function masters() {
  const p = platform();
  const hit = cache.get(p);
  if (hit && performance.now() - hit.at < 10_000) return hit.list;
  const list = unsafeMasterUsers().catch((err) => {
    log.warn({ err }, 'master lookup failed');
    return [];
  });
  cache.set(p, { at: performance.now(), list });
  return list;
}

/**
 * Live `messagesBruteLog` (spec 3 §7): only masters see raw logs, whatever company the log belongs to, so the
 * event is addressed to each master user (in the master's own company).
 */
export function emitRawLogEvent(action: 'create' | 'update', row: RawLogRow): void;
export function emitRawLogEvent(
  action: 'delete',
  row: null,
  extra: { messagesBruteLogId?: number; message?: string },
): void;
export function emitRawLogEvent(
  action: 'create' | 'update' | 'delete',
  row: RawLogRow | null,
  extra: { messagesBruteLogId?: number; message?: string } = {},
): void {
  void masters().then((list) => {
    for (const m of list) {
      emit({
        companyId: m.companyId,
        userId: m.id,
        channel: events.messagesBruteLog.of(),
        data:
          row && action !== 'delete'
            ? { action, messagesBruteLog: toMessageBruteLogDto(row) }
            : { action: 'delete', ...extra },
      });
    }
  });
}
