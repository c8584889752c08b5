import type { Env } from './env';
import { MemoryEventBus } from './events/memory-bus';
import { connectRedisEventBus } from './events/redis-bus';
import type { EventBus } from './events/types';
import { MemoryJobs } from './jobs/memory-jobs';
import type { Jobs } from './jobs/types';

/** Picks the adapters from the environment: embedded by default, Redis-backed with REDIS_URL. */
export async function selectAdapters(env: Env): Promise<{ events: EventBus; jobs: Jobs }> {
  // TODO(foundation): DB-backed embedded jobs runner and Redis/BullMQ adapters replace these.
  // events: Redis pub/sub across API processes with REDIS_URL, else the in-process bus
  const events: EventBus = env.redisUrl ? await connectRedisEventBus(env.redisUrl) : new MemoryEventBus();
  return { events, jobs: new MemoryJobs() };
}
