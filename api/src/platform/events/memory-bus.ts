import type { AppEvent, EventBus, NewEvent } from './types';

const SEQ_SPACE = 36 ** 4;
const proc = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
let lastMs = 0;
let seq = 0;

/**
 * Unique across processes and sortable: `<ms base36>-<process tag>-<seq base36>`. Monotonic within a process even if
 * the wall clock steps back (we keep the last millisecond and only count up).
 */
export function nextEventId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    seq = 0;
  } else if (++seq >= SEQ_SPACE) {
    lastMs += 1;
    seq = 0;
  }
  return `${lastMs.toString(36).padStart(9, '0')}-${proc}-${seq.toString(36).padStart(4, '0')}`;
}

/** The embedded adapter: one process, listeners called synchronously in publish order. */
export class MemoryEventBus implements EventBus {
  private listeners = new Set<(e: AppEvent) => void>();
  private closed = false;

  async publish(event: NewEvent): Promise<AppEvent> {
    if (this.closed) throw new Error('event bus closed');
    const full: AppEvent = { ...event, id: nextEventId() };
    for (const l of this.listeners) {
      try {
        l(full);
      } catch {
        // a failing listener must not break publishers
      }
    }
    return full;
  }

  subscribe(listener: (e: AppEvent) => void): () => void {
    if (this.closed) return () => {};
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}
