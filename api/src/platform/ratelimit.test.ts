import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Redis from 'ioredis';
import { realRedisUrl } from '../test/services';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './ratelimit';

const rule = { limit: 3, windowMs: 60_000 };

/** The same contract for every adapter. */
function contract(name: string, make: () => RateLimiter | null) {
  describe(`${name} rate limiter`, () => {
    const key = () => `test:${name}:${Math.random().toString(36).slice(2)}`;
    test('counts hits and limits at the rule', async () => {
      const l = make();
      if (!l) return;
      const k = key();
      expect(await l.peek(k, rule)).toEqual({ limited: false, count: 0, retryAfterS: 0 });
      for (let i = 1; i < rule.limit; i++) expect((await l.hit(k, rule)).limited).toBe(false);
      const last = await l.hit(k, rule);
      expect(last.limited).toBe(true);
      expect(last.count).toBe(rule.limit);
      expect(last.retryAfterS).toBeGreaterThan(0);
      expect(last.retryAfterS).toBeLessThanOrEqual(60);
      expect((await l.peek(k, rule)).limited).toBe(true);
    });
    test('lock holds a key for its delay (a longer lock is kept); reset frees it', async () => {
      const l = make();
      if (!l) return;
      const k = key();
      expect(await l.lockedFor(k)).toBe(0);
      await l.lock(k, 30_000);
      await l.lock(k, 1_000);
      const left = await l.lockedFor(k);
      expect(left).toBeGreaterThan(20_000);
      expect(left).toBeLessThanOrEqual(30_000);
      await l.reset(k);
      expect(await l.lockedFor(k)).toBe(0);
    });
    test('keys are independent and reset clears one', async () => {
      const l = make();
      if (!l) return;
      const [a, b] = [key(), key()];
      for (let i = 0; i < rule.limit; i++) await l.hit(a, rule);
      expect((await l.peek(b, rule)).count).toBe(0);
      await l.reset(a);
      expect((await l.peek(a, rule)).count).toBe(0);
    });
  });
}

contract('memory', () => new MemoryRateLimiter());

let redis: Redis | null = null;
beforeAll(async () => {
  const url = await realRedisUrl('ratelimit');
  if (url) redis = new Redis(url);
});
afterAll(() => redis?.disconnect());
contract('redis', () => (redis ? new RedisRateLimiter(redis, 'rl-test:') : null));

describe('memory sliding window', () => {
  test('old hits leave the window one by one', async () => {
    let now = 1_000_000;
    const l = new MemoryRateLimiter(() => now);
    await l.hit('k', rule); // t0
    now += 30_000;
    await l.hit('k', rule); // t0+30s
    await l.hit('k', rule);
    expect((await l.peek('k', rule)).limited).toBe(true);
    expect((await l.peek('k', rule)).retryAfterS).toBe(30);
    now += 30_001; // the first hit expired
    expect(await l.peek('k', rule)).toMatchObject({ limited: false, count: 2 });
    now += 30_000;
    expect((await l.peek('k', rule)).count).toBe(0);
  });
});

describe('redis window expiry', () => {
  test('the key expires with the window', async () => {
    if (!redis) return;
    const l = new RedisRateLimiter(redis, 'rl-test:');
    const k = `exp-${Math.random()}`;
    await l.hit(k, { limit: 1, windowMs: 50 });
    expect((await l.peek(k, { limit: 1, windowMs: 50 })).limited).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    expect((await l.peek(k, { limit: 1, windowMs: 50 })).count).toBe(0);
  });
});
