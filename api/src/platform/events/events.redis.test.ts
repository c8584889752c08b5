import { test } from 'bun:test';
import { realRedisUrl } from '../../test/services';
import { runEventBusContract } from './events.contract';
import { connectRedisEventBus, type RedisEventBus } from './redis-bus';

const url = await realRedisUrl('events.redis');

if (url) {
  runEventBusContract({
    name: 'Redis pub/sub (RedisEventBus)',
    // a random prefix per bus: tests (and parallel runs) never see each other's events
    makeBus: () => connectRedisEventBus(url, { prefix: `zapdesk-test-${crypto.randomUUID()}:` }),
    makePeer: (bus) => connectRedisEventBus(url, { prefix: (bus as RedisEventBus).channel.replace(/events$/, '') }),
  });
} else {
  test.skip('EventBus contract: Redis pub/sub (Redis not reachable)', () => {});
}
