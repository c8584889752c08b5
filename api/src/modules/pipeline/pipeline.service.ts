import { DomainError, PAGE_SIZE, pageWindow } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { emitRawLogEvent, type MessageBruteLogDto, rawLogOutcome, toMessageBruteLogDto } from './pipeline.logs';
import { processRawLog } from './pipeline.process';
import {
  type RawLogRow,
  unsafeDeleteAllRawLogs,
  unsafeListRawLogs,
  unsafeRecentRawLogsWithoutMessage,
} from './pipeline.repo';

/** GET /messageLogs/: master only, across companies (spec 3: platform-level view). */
export async function listRawLogs(
  ctx: UserCtx,
  q: { searchParam: string; pageNumber: number; searchParamWitchError: boolean },
): Promise<{ messagesBruteLogs: MessageBruteLogDto[]; hasMore: boolean }> {
  assertCan(ctx, 'viewMessageLogs');
  const { rows, hasMore } = await unsafeListRawLogs(
    { searchParam: q.searchParam, withError: q.searchParamWitchError },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { messagesBruteLogs: rows.map(toMessageBruteLogDto), hasMore };
}

/**
 * One run at a time per raw log in this process: two clicks (or a click and the recent-messages action) share the
 * run instead of racing. Across processes the message's unique (connection, WhatsApp id) keeps it to one message.
 */
const inFlight = new WeakMap<Platform, Map<number, Promise<RawLogRow | null>>>();
function runOnce(id: number): Promise<RawLogRow | null> {
  const p = platform();
  let runs = inFlight.get(p);
  if (!runs) {
    runs = new Map();
    inFlight.set(p, runs);
  }
  const running = runs.get(id);
  if (running) return running;
  const run = processRawLog(id, { attemptsMade: Number.MAX_SAFE_INTEGER }).finally(() => runs.delete(id));
  runs.set(id, run);
  return run;
}

/**
 * POST /reprocessMessage/{id}: runs the processing of a raw log again now, through the same pipeline as a live
 * event. Idempotent on the raw event: a log that already produced its ticket/message is answered as it is (nothing
 * runs, nothing changes); a failed one produces its message once (unique (connection, WhatsApp id)).
 */
export async function reprocessRawLog(ctx: UserCtx, id: number): Promise<{ messagesBruteLog: MessageBruteLogDto }> {
  assertCan(ctx, 'viewMessageLogs');
  let row: RawLogRow | null;
  try {
    row = await runOnce(id);
  } catch (err) {
    // the failure is recorded on the log itself; the answer says so
    throw new DomainError('ERR_CREATING_MESSAGE', err instanceof Error ? err.message : undefined);
  }
  if (!row) throw new DomainError('ERR_NOT_FOUND');
  return { messagesBruteLog: toMessageBruteLogDto(row) };
}

export type ReprocessRecentResult = {
  /** raw logs of the window that had produced no message */
  found: number;
  /** of those, now with their ticket/message */
  produced: number;
  /** handled with a note (ignored, duplicate…) or without a ticket by design */
  noted: number;
  /** failed again (the error is on the log) */
  failed: number;
  /** more remained than one call takes (`limit`): call again */
  truncated: boolean;
};

/** a log still 'received' this young is being processed right now: "reprocess recent" leaves it alone */
const IN_FLIGHT_MS = 30_000;

/** the most raw logs one "reprocess recent messages" takes */
export const REPROCESS_RECENT_LIMIT = 2000;

/**
 * The system-control action "reprocess recent messages" (spec 3 §4, issue 22): the raw logs of the last `minutes`
 * that produced no message (failed, never processed, processed without a ticket) go through the pipeline again,
 * oldest first. Idempotent like POST /reprocessMessage/{id}: running it twice produces no second message.
 * Platform-wide: the CALLER checks the master permission (POST /systemcontrol/ is master only).
 */
export async function reprocessRecentRawLogs(
  minutes: number,
  opts: { limit?: number } = {},
): Promise<ReprocessRecentResult> {
  const limit = Math.max(1, Math.min(opts.limit ?? REPROCESS_RECENT_LIMIT, REPROCESS_RECENT_LIMIT));
  const span = Math.max(0, Math.min(Number.isFinite(minutes) ? minutes : 0, 7 * 24 * 60));
  const now = nowDate().getTime();
  const rows = await unsafeRecentRawLogsWithoutMessage(
    new Date(now - span * 60_000),
    new Date(now - IN_FLIGHT_MS),
    limit + 1,
  );
  const truncated = rows.length > limit;
  const result: ReprocessRecentResult = {
    found: Math.min(rows.length, limit),
    produced: 0,
    noted: 0,
    failed: 0,
    truncated,
  };
  for (const raw of rows.slice(0, limit)) {
    try {
      const done = await runOnce(raw.id);
      if (done && rawLogOutcome(done) === 'ok') result.produced++;
      else result.noted++;
    } catch {
      result.failed++;
    }
  }
  log.info({ minutes: span, ...result }, 'recent raw logs reprocessed');
  return result;
}

/** POST /messagesBruteLogsDeleteAll: every raw log (master only); messages and tickets stay. */
export async function deleteAllRawLogs(ctx: UserCtx): Promise<{ count: number }> {
  assertCan(ctx, 'viewMessageLogs');
  const count = await unsafeDeleteAllRawLogs();
  emitRawLogEvent('delete', null, { message: 'all' });
  return { count };
}
