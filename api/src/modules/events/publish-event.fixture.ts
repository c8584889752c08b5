/**
 * Test fixture, run as a SEPARATE process by events.redis.test.ts: boots the platform the way every API/worker
 * process does (selectAdapters with REDIS_URL → RedisEventBus), publishes one event through `emit`'s bus and prints
 * its id. Proves an event of one process reaches the SSE clients of another.
 * Env: REDIS_URL, EVENTS_PREFIX, EVENT (JSON of a NewEvent).
 */
import { connectRedisEventBus } from '../../platform/events/redis-bus';
import type { NewEvent } from '../../platform/events/types';

const url = process.env.REDIS_URL;
const event = process.env.EVENT;
if (!url || !event) {
  console.error('REDIS_URL and EVENT are required');
  process.exit(2);
}
const bus = await connectRedisEventBus(url, { prefix: process.env.EVENTS_PREFIX });
const published = await bus.publish(JSON.parse(event) as NewEvent);
console.log(published.id);
await bus.close();
