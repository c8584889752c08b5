import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { realRedisUrl } from '../../test/services';
import { DEFAULT_LEASE_MS, DEFAULT_SCAN_MS, RedisOwnership } from './lease-redis';

const url = await realRedisUrl('lease-redis');
const prefix = `test:lease:${randomBytes(4).toString('hex')}:`;
const LEASE = 1_500;
const instances: RedisOwnership[] = [];
let admin: Redis;

function owner(opts: Partial<ConstructorParameters<typeof RedisOwnership>[0]> = {}): RedisOwnership {
  const o = new RedisOwnership({ redis: url!, leaseMs: LEASE, scanMs: 200, keyPrefix: prefix, ...opts });
  instances.push(o);
  return o;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (await cond()) return Date.now() - t0;
    await sleep(25);
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

test('default timings keep the worst-case takeover (lease + scan) under the 30 s promise', () => {
  expect(DEFAULT_LEASE_MS + DEFAULT_SCAN_MS).toBeLessThan(30_000);
  const o = new RedisOwnership({ redis: new Redis({ lazyConnect: true }) });
  expect(o.leaseMs).toBe(DEFAULT_LEASE_MS);
  expect(o.renewMs).toBeLessThan(o.leaseMs / 2);
  expect(o.scanMs).toBe(DEFAULT_SCAN_MS);
  expect(() => new RedisOwnership({ redis: new Redis({ lazyConnect: true }), leaseMs: 1000, renewMs: 1000 })).toThrow();
});

describe.skipIf(!url)('RedisOwnership (real Redis)', () => {
  beforeAll(() => {
    admin = new Redis(url!);
  });
  afterAll(async () => {
    await Promise.all(instances.map((o) => o.close().catch(() => {})));
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
  });

  test('two instances never both hold a lease, even when racing', async () => {
    const a = owner();
    const b = owner();
    for (let id = 1; id <= 25; id++) {
      const [ra, rb] = await Promise.all([a.acquire(id), b.acquire(id)]);
      expect(Number(ra) + Number(rb)).toBe(1);
      const holder = await admin.get(`${prefix}${id}`);
      expect(holder).toBe(ra ? a.token : b.token);
    }
    // acquiring again what we hold is fine (session restart), the other still refused
    expect((await a.acquire(1)) || (await b.acquire(1))).toBe(true);
    expect(a.owns(1) && b.owns(1)).toBe(false);
  });

  test('renewal keeps the lease well past its ttl', async () => {
    const a = owner();
    const b = owner();
    expect(await a.acquire(100)).toBe(true);
    await sleep(LEASE * 2.5);
    expect(await b.acquire(100)).toBe(false);
    expect(await b.claimOrphans([100])).toEqual([]);
    expect(a.owns(100)).toBe(true);
    const ttl = await admin.pttl(`${prefix}100`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LEASE);
  });

  test('a dead owner (timers stopped, nothing released) is taken over by the survivor within the lease', async () => {
    const a = owner();
    const b = owner();
    const ids = [200, 201, 202];
    for (const id of ids) expect(await a.acquire(id)).toBe(true);
    const claimed: number[] = [];
    const stop = b.watchOrphans(
      () => ids,
      (id) => {
        claimed.push(id);
      },
    );
    await sleep(LEASE / 2);
    expect(claimed).toEqual([]); // a is alive: nothing to claim
    const killedAt = Date.now();
    a.abandon();
    const waited = await until(() => claimed.length === ids.length, 30_000);
    stop();
    expect(claimed.sort()).toEqual(ids);
    expect(waited).toBeLessThan(LEASE + 1_000);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    for (const id of ids) expect(await admin.get(`${prefix}${id}`)).toBe(b.token);
  });

  test('onLost fires when another process holds the key at renewal', async () => {
    const a = owner();
    const lost: number[] = [];
    a.onLost((id) => lost.push(id));
    expect(await a.acquire(300)).toBe(true);
    await admin.set(`${prefix}300`, 'someone-else', 'PX', 10_000);
    await until(() => lost.length > 0, LEASE * 2);
    expect(lost).toEqual([300]);
    expect(a.owns(300)).toBe(false);
  });

  test('a lease Redis lost (restart without persistence) is re-taken at renewal, the session kept', async () => {
    const a = owner();
    const b = owner();
    const lost: number[] = [];
    a.onLost((id) => lost.push(id));
    expect(await a.acquire(310)).toBe(true);
    await admin.del(`${prefix}310`);
    await until(async () => (await admin.get(`${prefix}310`)) === a.token, LEASE * 2);
    expect(lost).toEqual([]);
    expect(a.owns(310)).toBe(true);
    // and nobody else can claim it meanwhile
    expect(await b.claimOrphans([310])).toEqual([]);
  });

  test('release is compare-and-delete: a stale release never frees another owner’s lease', async () => {
    const a = owner();
    const b = owner();
    expect(await a.acquire(400)).toBe(true);
    await a.release(400);
    expect(await admin.get(`${prefix}400`)).toBeNull();
    expect(await b.acquire(400)).toBe(true);
    await a.release(400);
    expect(await admin.get(`${prefix}400`)).toBe(b.token);
    expect(await a.acquire(400)).toBe(false);
  });

  test('close releases every held lease so a peer restarts them at once', async () => {
    const a = owner();
    const b = owner();
    expect(await a.acquire(500)).toBe(true);
    expect(await a.acquire(501)).toBe(true);
    await a.close();
    expect((await b.claimOrphans([500, 501])).sort()).toEqual([500, 501]);
  });

  test('an owner that cannot reach Redis stops itself before its lease could expire', async () => {
    const client = new Redis(url!, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    await client.connect();
    const a = owner({ redis: client });
    const lost: number[] = [];
    a.onLost((id) => lost.push(id));
    expect(await a.acquire(600)).toBe(true);
    const cutAt = Date.now();
    client.disconnect();
    await until(() => lost.length > 0, LEASE * 2);
    // fenced before the key expires in Redis (at most LEASE after the last confirmation)
    expect(Date.now() - cutAt).toBeLessThan(LEASE);
    expect(await admin.pttl(`${prefix}600`)).toBeGreaterThan(0);
    expect(lost).toEqual([600]);
  });
});
