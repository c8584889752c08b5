import { DomainError, PAGE_SIZE, pageWindow } from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emitRawLogEvent, type MessageBruteLogDto, toMessageBruteLogDto } from './pipeline.logs';
import { processRawLog } from './pipeline.process';
import { unsafeDeleteAllRawLogs, unsafeListRawLogs } from './pipeline.repo';

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

/** POST /reprocessMessage/{id}: runs the processing again now; idempotent (never a second message). */
export async function reprocessRawLog(ctx: UserCtx, id: number): Promise<{ messagesBruteLog: MessageBruteLogDto }> {
  assertCan(ctx, 'viewMessageLogs');
  let row: Awaited<ReturnType<typeof processRawLog>>;
  try {
    row = await processRawLog(id, { attemptsMade: Number.MAX_SAFE_INTEGER });
  } catch (err) {
    // the failure is recorded on the log itself; the answer says so
    throw new DomainError('ERR_CREATING_MESSAGE', err instanceof Error ? err.message : undefined);
  }
  if (!row) throw new DomainError('ERR_NOT_FOUND');
  return { messagesBruteLog: toMessageBruteLogDto(row) };
}

/** POST /messagesBruteLogsDeleteAll */
export async function deleteAllRawLogs(ctx: UserCtx): Promise<{ count: number }> {
  assertCan(ctx, 'viewMessageLogs');
  const count = await unsafeDeleteAllRawLogs();
  emitRawLogEvent('delete', null, { message: 'all' });
  return { count };
}
