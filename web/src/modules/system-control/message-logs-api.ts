import type { MessageBruteLogDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** `GET /messageLogs/` (searchParam, pageNumber, searchParamWitchError) → `{ messagesBruteLogs, hasMore }` (spec 3 §7). */
export async function fetchMessageLogsPage(
  searchParam: string,
  pageNumber: number,
  withError: boolean,
): Promise<Page<MessageBruteLogDto>> {
  const r = (await parseResponse(
    api.messageLogs.$get({
      query: { searchParam, pageNumber: String(pageNumber), searchParamWitchError: withError ? 'true' : 'false' },
    }),
  )) as { messagesBruteLogs: MessageBruteLogDto[]; hasMore: boolean };
  return { items: r.messagesBruteLogs, hasMore: r.hasMore };
}

/** `POST /reprocessMessage/{id}`: the log runs through the pipeline again (idempotent); answers the updated log. */
export async function reprocessMessage(id: number): Promise<MessageBruteLogDto> {
  const r = (await parseResponse(api.reprocessMessage[':id'].$post({ param: { id: String(id) } }))) as {
    messagesBruteLog: MessageBruteLogDto;
  };
  return r.messagesBruteLog;
}

/** `POST /messagesBruteLogsDeleteAll` → `{ count }` */
export async function deleteAllMessageLogs(): Promise<{ count: number }> {
  return (await parseResponse(api.messagesBruteLogsDeleteAll.$post())) as { count: number };
}
