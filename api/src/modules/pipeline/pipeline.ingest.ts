import { breathe, DomainError, GroupCommit } from '@zapdesk/core';
import type { ChannelEventRecord } from '../../platform/channels/types';
import { type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { saveMediaFile } from '../media/media.service';
import { dispatchInbound, enqueueInbound } from './pipeline.jobs';
import { emitRawLogEvent } from './pipeline.logs';
import { insertRawLogs, type RawLogRow, updateRawLog } from './pipeline.repo';
import type { StoredEvent } from './pipeline.types';

/** JSON text safe for jsonb: bytes become their length, bigints strings, NUL characters (refused by jsonb) dropped */
export function jsonSafeText(v: unknown): string {
  return (
    JSON.stringify(v, (_k, x) => {
      if (x instanceof Uint8Array) return { bytes: x.length };
      if (typeof x === 'bigint') return x.toString();
      if (typeof x === 'string' && x.includes('\u0000')) return x.replaceAll('\u0000', '');
      if (x && typeof x === 'object' && x.type === 'Buffer' && Array.isArray(x.data)) return { bytes: x.data.length };
      return x;
    }) ?? 'null'
  );
}

/** the JSON-safe copy itself (what the database would answer for that text) */
export function jsonSafe(v: unknown): unknown {
  return JSON.parse(jsonSafeText(v));
}

function rawColumns(ev: ChannelEventRecord) {
  switch (ev.kind) {
    case 'message':
      return {
        remoteJid: ev.msg.remoteJid,
        messageId: ev.msg.id,
        fromMe: ev.msg.fromMe,
        type: ev.msg.type,
        body: ev.msg.body,
      };
    case 'ack':
      return { messageId: ev.messageId, type: 'ack', body: String(ev.ack) };
    case 'edit':
      return { messageId: ev.messageId, type: 'edit', body: ev.body };
    case 'revoke':
      return { messageId: ev.messageId, type: 'revoke', body: '' };
    case 'reaction':
      return { messageId: ev.messageId, remoteJid: ev.from, type: 'reaction', body: ev.emoji };
    case 'call':
      return { remoteJid: ev.from, messageId: `call-${ev.at}`, type: 'call', body: '' };
  }
}

type IngestItem = {
  companyId: number;
  whatsappId: number;
  ev: ChannelEventRecord;
  stored: StoredEvent;
  /** queue the processing job with the batch (false: the caller processes or queues it itself) */
  enqueue: boolean;
};

/** raw logs written per statement at most; also the most messages one processing job takes */
export const INGEST_MAX_BATCH = Number(process.env.INGEST_MAX_BATCH) || 200;

/**
 * Group commit of step 1 (one per platform: tests run one app per database): the events that arrive while a
 * write is in flight leave together — one multi-row INSERT of their raw logs, then their processing is dispatched
 * per company (dispatchInbound: at once in this process when it runs the workers, with a delayed job as the
 * durable safety net; else one job). At low load a batch is one event and nothing waits; under load the round
 * trips are shared.
 */
/** a written raw log, and the dispatch of its processing (awaited by the caller, not by the next write) */
type Written = { row: RawLogRow; dispatched: Promise<void> };
const batchers = new WeakMap<Platform, GroupCommit<IngestItem, Written>>();
function ingestBatcher(): GroupCommit<IngestItem, Written> {
  const p = platform();
  let b = batchers.get(p);
  if (!b) {
    b = new GroupCommit(writeRawLogs, { maxBatch: INGEST_MAX_BATCH, maxInFlight: 1 });
    batchers.set(p, b);
  }
  return b;
}

async function writeRawLogs(items: IngestItem[]): Promise<Written[]> {
  const rows = await insertRawLogs(
    items.map((it) => {
      // serialised once: the text goes to the database, its parse is the row's value
      const jsonText = jsonSafeText(it.stored);
      return {
        companyId: it.companyId,
        whatsappId: it.whatsappId,
        ...rawColumns(it.ev),
        status: 'received',
        jsonValue: JSON.parse(jsonText),
        jsonText,
      };
    }),
  );
  let emitted = 0;
  for (const row of rows) {
    emitRawLogEvent('create', row);
    await breathe(++emitted);
  }
  const perCompany = new Map<number, RawLogRow[]>();
  rows.forEach((row, i) => {
    if (!items[i]?.enqueue) return;
    const list = perCompany.get(row.companyId) ?? [];
    list.push(row);
    perCompany.set(row.companyId, list);
  });
  // the next batch's write does not wait for this dispatch (a job insert); each caller does
  const dispatched = Promise.all([...perCompany].map(([companyId, list]) => dispatchInbound(companyId, list))).then(
    () => undefined,
  );
  dispatched.catch(() => {}); // every caller awaits it and sees the error
  return rows.map((row) => ({ row, dispatched }));
}

/**
 * Step 1 of the inbound pipeline, the same for every adapter: the raw event is written to the raw message log
 * FIRST (so nothing is lost if processing fails, and it can be reprocessed), media bytes go to storage, then the
 * processing job is queued (retried with backoff). Events of many callers share their writes (group commit above);
 * resolves once this event's raw log — and its job — are stored.
 */
export async function ingestChannelEvent(
  companyId: number,
  whatsappId: number,
  ev: ChannelEventRecord,
  opts: { imported?: boolean; enqueue?: boolean } = {},
): Promise<RawLogRow> {
  let stored: StoredEvent;
  if (ev.kind === 'message') {
    const { media, ...rest } = ev.msg;
    stored = {
      kind: 'message',
      // the raw payload is made JSON-safe with the rest when the log is written (writeRawLogs)
      msg: {
        ...rest,
        ...(media ? { media: { mimeType: media.mimeType, fileName: media.fileName, size: media.data.length } } : {}),
      },
      ...(opts.imported ? { imported: true } : {}),
    };
  } else {
    stored = ev;
  }
  const hasMedia = ev.kind === 'message' && !!ev.msg.media;
  const written = await ingestBatcher().add({
    companyId,
    whatsappId,
    ev,
    stored,
    // a media message gets its job once the bytes are stored
    enqueue: opts.enqueue !== false && !hasMedia,
  });
  await written.dispatched;
  let row = written.row;

  if (ev.kind === 'message' && ev.msg.media && stored.kind === 'message') {
    const m = ev.msg.media;
    try {
      const saved = await saveMediaFile(companyId, { data: m.data, mimeType: m.mimeType, fileName: m.fileName });
      stored.storedMedia = {
        id: saved.id,
        url: saved.url,
        mimeType: saved.mimeType,
        fileName: saved.fileName,
        kind: saved.kind,
      };
    } catch (err) {
      // a refused type or size is part of the message's story, not a processing failure
      stored.storedMedia = { error: err instanceof DomainError ? err.message : 'media storage failed' };
      if (!(err instanceof DomainError)) log.error({ err, companyId, rawLogId: row.id }, 'inbound media not stored');
    }
    row = (await updateRawLog(companyId, row.id, { jsonValue: jsonSafe(stored) })) ?? row;
    if (opts.enqueue !== false) await enqueueInbound(companyId, row.id);
  }
  return row;
}
