import type { Context } from 'hono';
import Redis from 'ioredis';
import { type Platform, platform } from './index';
import { log } from './log';

/**
 * Rate-limiter port: counts events (e.g. failed logins) per key inside a time window.
 * In-memory sliding window in embedded mode; Redis INCR+EXPIRE (fixed window, shared by every API process) with
 * REDIS_URL.
 */
export type RateRule = { limit: number; windowMs: number };
export type RateState = { limited: boolean; count: number; retryAfterS: number };

export interface RateLimiter {
  /** current state without counting */
  peek(key: string, rule: RateRule): Promise<RateState>;
  /** count one event and return the new state */
  hit(key: string, rule: RateRule): Promise<RateState>;
  reset(key: string): Promise<void>;
  /** holds `key` locked for `ms` (a backoff delay); a longer lock already there is kept */
  lock(key: string, ms: number): Promise<void>;
  /** milliseconds `key` stays locked (0 when free) */
  lockedFor(key: string): Promise<number>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly locks = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  async lock(key: string, ms: number): Promise<void> {
    const until = this.now() + ms;
    if ((this.locks.get(key) ?? 0) < until) this.locks.set(key, until);
    if (this.locks.size > 50_000) {
      for (const [k, u] of this.locks) if (u <= this.now()) this.locks.delete(k);
    }
  }
  async lockedFor(key: string): Promise<number> {
    const left = (this.locks.get(key) ?? 0) - this.now();
    if (left > 0) return left;
    this.locks.delete(key);
    return 0;
  }

  private live(key: string, rule: RateRule): number[] {
    const since = this.now() - rule.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }
  private state(list: number[], rule: RateRule): RateState {
    const limited = list.length >= rule.limit;
    const retryAfterS = limited ? Math.max(1, Math.ceil((list[0] + rule.windowMs - this.now()) / 1000)) : 0;
    return { limited, count: list.length, retryAfterS };
  }
  async peek(key: string, rule: RateRule): Promise<RateState> {
    return this.state(this.live(key, rule), rule);
  }
  async hit(key: string, rule: RateRule): Promise<RateState> {
    const list = this.live(key, rule);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.sweep(rule);
    return this.state(list, rule);
  }
  async reset(key: string): Promise<void> {
    this.hits.delete(key);
    this.locks.delete(key);
  }
  async close(): Promise<void> {
    this.hits.clear();
    this.locks.clear();
  }
  /** bounded memory under a spray of distinct keys: drop everything outside the window */
  private sweep(rule: RateRule): void {
    for (const key of [...this.hits.keys()]) this.live(key, rule);
  }
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}
  async peek(key: string, rule: RateRule): Promise<RateState> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    return this.state(Number(count ?? 0), ttl, rule);
  }
  async hit(key: string, rule: RateRule): Promise<RateState> {
    // INCR and the first EXPIRE in one atomic script: a crash between them can never leave a key without a TTL
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(rule.windowMs))) as [
      number,
      number,
    ];
    return this.state(Number(count), Number(ttl), rule);
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key, `${this.prefix}lock:${key}`);
  }
  async lock(key: string, ms: number): Promise<void> {
    const k = `${this.prefix}lock:${key}`;
    const left = await this.redis.pttl(k);
    if (left < ms) await this.redis.set(k, '1', 'PX', Math.max(1, Math.ceil(ms)));
  }
  async lockedFor(key: string): Promise<number> {
    const left = await this.redis.pttl(`${this.prefix}lock:${key}`);
    return Math.max(0, left);
  }
  async close(): Promise<void> {
    this.redis.disconnect();
  }
  private state(count: number, ttlMs: number, rule: RateRule): RateState {
    const limited = count >= rule.limit;
    const retryAfterS = limited ? Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : rule.windowMs) / 1000)) : 0;
    return { limited, count, retryAfterS };
  }
}

/** One limiter per booted platform (tests boot one per file, so counters never leak between files). */
const limiters = new WeakMap<Platform, RateLimiter>();

/** Replaces the booted platform's limiter (tests drive a MemoryRateLimiter with their own clock). */
export function useRateLimiter(l: RateLimiter): void {
  limiters.set(platform(), l);
}

export function rateLimiter(): RateLimiter {
  const p = platform();
  let l = limiters.get(p);
  if (!l) {
    if (p.env.redisUrl) {
      const redis = new Redis(p.env.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
      redis.on('error', (err) => log.warn({ err }, 'rate limiter redis error'));
      l = new RedisRateLimiter(redis);
    } else {
      l = new MemoryRateLimiter();
    }
    const created = l;
    p.onShutdown.push(() => created.close());
    limiters.set(p, l);
  }
  return l;
}

/**
 * The client's IP: `x-forwarded-for` (first hop) only when TRUST_PROXY=1, else the socket address Bun.serve gives.
 * Without either (in-process tests without the header) every request shares the key 'unknown'.
 */
export function clientIp(c: Context): string {
  if (platform().env.trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    const first = xff?.split(',')[0]?.trim();
    if (first) return first;
  }
  const env = c.env as { requestIP?: (r: Request) => { address: string } | null } | undefined;
  try {
    return env?.requestIP?.(c.req.raw)?.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
