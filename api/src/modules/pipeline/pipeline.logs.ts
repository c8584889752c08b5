import { emit, type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { type RawLogRow, unsafeMasterUsers } from './pipeline.repo';

/** spec 3 §3 field names: details0 = body, details1 = time spent (ms), JsonValue = the raw event */
export type MessageBruteLogDto = {
  id: number;
  createdAt: string;
  remoteJid: string | null;
  messageId: string | null;
  fromMe: boolean;
  ticketId: number | null;
  type: string | null;
  companyId: number;
  whatsappId: number | null;
  details0: string | null;
  details1: number | null;
  JsonValue: unknown;
  status: string;
  error: string | null;
};

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
  if (hit && Date.now() - hit.at < 10_000) return hit.list;
  const list = unsafeMasterUsers().catch((err) => {
    log.warn({ err }, 'master lookup failed');
    return [];
  });
  cache.set(p, { at: Date.now(), list });
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
        channel: 'messagesBruteLog',
        data: row ? { action, messagesBruteLog: toMessageBruteLogDto(row) } : { action, ...extra },
      });
    }
  });
}
