import { events, type MessageBruteLogDto, type RawLogOutcome } from '@zapdesk/core';
import { emit, type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { countInboundReceived, observeInboundProcessed } from '../../platform/observability/metrics';
import { type RawLogRow, unsafeMasterUsers } from './pipeline.repo';

export type { MessageBruteLogDto };

/** what processing the log came to (see RawLogOutcome) */
export function rawLogOutcome(r: Pick<RawLogRow, 'status' | 'ticketId' | 'error'>): RawLogOutcome {
  if (r.status === 'received') return 'pending';
  if (r.status === 'failed') return 'error';
  if (r.error) return 'warning';
  return r.ticketId === null ? 'unknown' : 'ok';
}

export function toMessageBruteLogDto(r: RawLogRow): MessageBruteLogDto {
  const outcome = rawLogOutcome(r);
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    remoteJid: r.remoteJid,
    messageId: r.messageId,
    fromMe: r.fromMe,
    // spec 3 §2: a negative ticketId is a warning (minus the ticket concerned, -1 when none)
    ticketId: outcome === 'warning' ? -(r.ticketId ?? 1) : outcome === 'ok' ? r.ticketId : null,
    type: r.type,
    companyId: r.companyId,
    whatsappId: r.whatsappId,
    details0: r.body,
    details1: r.timeSpent,
    JsonValue: r.jsonValue,
    status: r.status,
    error: r.error,
    outcome,
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
  // the inbound series of /metrics: every raw log passes here when written and when its processing ends
  if (action === 'create') countInboundReceived();
  else if (action === 'update' && row && row.status !== 'received')
    observeInboundProcessed(rawLogOutcome(row), row.createdAt);
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
