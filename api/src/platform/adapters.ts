import type { Env } from './env';
import { MemoryEventBus } from './events/memory-bus';
import type { EventBus } from './events/types';
import { MemoryJobs } from './jobs/memory-jobs';
import type { Jobs } from './jobs/types';

/** Picks the adapters from the environment: embedded by default, Redis-backed with REDIS_URL. */
export async function selectAdapters(env: Env): Promise<{ events: EventBus; jobs: Jobs }> {
  // TODO(foundation): DB-backed embedded jobs runner and Redis/BullMQ adapters replace these.
  return { events: new MemoryEventBus(), jobs: new MemoryJobs() };
}
