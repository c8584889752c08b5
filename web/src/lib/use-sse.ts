import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onSseStatus, type SseHandler, type SseStatus, sseStatus, subscribe } from './sse';

/**
 * Listen to one realtime channel while the component is mounted, e.g.
 * `useSseChannel(`ticket-${companyId}`, (e: TicketEvent) => …)`. The latest `handler` is always used without
 * resubscribing on every render; a null/undefined channel listens to nothing (e.g. before the company is known).
 */
export function useSseChannel<T = any>(channel: string | null | undefined, handler: SseHandler<T>): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!channel) return;
    return subscribe<T>(channel, (data, meta) => ref.current(data, meta));
  }, [channel]);
}

/** The stream's state, for a discreet "reconnecting…" hint. */
export function useSseStatus(): SseStatus {
  return useSyncExternalStore(onSseStatus, sseStatus, sseStatus);
}
