import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the log lines of one HTTP request carry (pino's mixin reads it): the request id from the start, the company
 * once the session is known. No imports: the logger depends on it.
 */
export type RequestStore = { requestId: string; companyId?: number };

export const requestStore = new AsyncLocalStorage<RequestStore>();

/** the current request's fields for a log line (empty outside a request) */
export function requestLogFields(): Partial<RequestStore> {
  const s = requestStore.getStore();
  if (!s) return {};
  return s.companyId === undefined ? { requestId: s.requestId } : { requestId: s.requestId, companyId: s.companyId };
}
