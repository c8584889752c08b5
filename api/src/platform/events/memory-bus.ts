import type { AppEvent, EventBus, NewEvent } from './types';

let seq = 0;
const proc = Math.random().toString(36).slice(2, 8);
/** Sortable, unique across processes: time, process tag, sequence. */
export function nextEventId(): string {
  seq = (seq + 1) % 1_000_000;
  return `${Date.now().toString(36)}-${proc}-${seq.toString(36).padStart(4, '0')}`;
}

export class MemoryEventBus implements EventBus {
  private listeners = new Set<(e: AppEvent) => void>();
  async publish(event: NewEvent): Promise<AppEvent> {
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
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async close(): Promise<void> {
    this.listeners.clear();
  }
}
