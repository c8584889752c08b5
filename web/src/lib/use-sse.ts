import type { Channel } from '@zapdesk/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onSseStatus, type SseHandler, type SseStatus, sseStatus, subscribe } from './sse';

/**
 * Listen to one realtime channel of core's catalogue while the component is mounted, e.g.
 * `useSseChannel(companyId ? events.ticket.of(companyId) : null, (e) => …)` — `e` is a TicketEvent. The latest
 * `handler` is always used without resubscribing on every render; a null/undefined channel listens to nothing (e.g.
 * before the company is known).
 */
export function useSseChannel<C extends Channel>(channel: C | null | undefined, handler: SseHandler<C>): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!channel) return;
    return subscribe<C>(channel, (data, meta) => ref.current(data, meta));
  }, [channel]);
}

/** The stream's state, for a discreet "reconnecting…" hint. */
export function useSseStatus(): SseStatus {
  return useSyncExternalStore(onSseStatus, sseStatus, sseStatus);
}
