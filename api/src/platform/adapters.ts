import type { Env } from './env';
import { MemoryEventBus } from './events/memory-bus';
import { connectRedisEventBus } from './events/redis-bus';
import type { EventBus } from './events/types';
import { BullJobs } from './jobs/bullmq-jobs';
import { DbJobs } from './jobs/db-jobs';
import type { Jobs } from './jobs/types';

/** Picks the adapters from the environment: embedded by default, Redis-backed with REDIS_URL. */
export async function selectAdapters(env: Env): Promise<{ events: EventBus; jobs: Jobs }> {
  // events: Redis pub/sub across API processes with REDIS_URL, else the in-process bus
  const events: EventBus = env.redisUrl
    ? await connectRedisEventBus(env.redisUrl, { prefix: `${env.redisPrefix}:` })
    : new MemoryEventBus();
  // jobs: BullMQ with REDIS_URL, else the runner persisted in the database (uses the platform db once booted)
  const jobs: Jobs = env.redisUrl
    ? new BullJobs({ url: env.redisUrl, prefix: process.env.JOBS_PREFIX || env.redisPrefix })
    : new DbJobs();
  return { events, jobs };
}
