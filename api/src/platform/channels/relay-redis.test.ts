import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { DomainError } from '@zapdesk/core';
import Redis from 'ioredis';
import { realRedisUrl } from '../../test/services';
import { blobKeysOf, packValue, RedisRelay, unpackValue } from './relay-redis';

describe('relay codec', () => {
  test('bytes (inline and by reference), dates and nested values survive the trip', () => {
    const small = new Uint8Array([0, 1, 2, 255]);
    const large = new Uint8Array(70 * 1024).fill(7);
    const at = new Date('2025-01-02T03:04:05.678Z');
    const blobs: { key: string; data: Uint8Array }[] = [];
    let n = 0;
    const packed = packValue(
      { to: 'x', content: { kind: 'media', data: large, thumb: small, at, list: [small, 1, null] }, skip: undefined },
      blobs,
      () => `blob:${++n}`,
    );
    const json = JSON.parse(JSON.stringify(packed));
    expect(blobs.map((b) => b.key)).toEqual(['blob:1']);
    expect(blobKeysOf(json)).toEqual(['blob:1']);
    expect(json).not.toHaveProperty('skip');
    const back = unpackValue(json, new Map([['blob:1', blobs[0].data]])) as {
      content: { data: Uint8Array; thumb: Uint8Array; at: Date; list: unknown[] };
    };
    expect(back.content.data).toBeInstanceOf(Uint8Array);
    expect(back.content.data.length).toBe(large.length);
    expect([...back.content.thumb]).toEqual([0, 1, 2, 255]);
    expect(back.content.at).toEqual(at);
    expect(back.content.list[0]).toBeInstanceOf(Uint8Array);
    expect(back.content.list.slice(1)).toEqual([1, null]);
    // a blob that expired before it was read is an error, never silently empty media
    expect(() => unpackValue(json, new Map())).toThrow();
  });
});

const url = await realRedisUrl('session relay');
const unexpected = (): never => {
  throw new Error('expected the request to fail');
};
const prefix = `test:relay:${randomBytes(4).toString('hex')}:`;

describe.skipIf(!url)('RedisRelay (real Redis)', () => {
  const relays: RedisRelay[] = [];
  const holders = new Map<number, string>();
  const calls: { at: string; connId: number; op: string; args: unknown }[] = [];
  function relay(address: string, handle?: (connId: number, op: string, args: unknown) => Promise<unknown>) {
    const r = new RedisRelay({
      redis: url!,
      address,
      prefix,
      holder: async (id) => holders.get(id) ?? null,
      handle:
        handle ??
        (async (connId, op, args) => {
          calls.push({ at: address, connId, op, args });
          if (op === 'refuse') throw new DomainError('ERR_WAPP_INVALID_CONTACT');
          if (op === 'crash') throw new Error('socket closed');
          if (op === 'slow') await Bun.sleep(1_000);
          if (op === 'echo') return args;
          return { by: address };
        }),
    });
    relays.push(r);
    return r;
  }

  afterAll(async () => {
    await Promise.all(relays.map((r) => r.close()));
    const admin = new Redis(url!);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
  });

  test('a request reaches the lease holder and its answer comes back; bytes travel both ways', async () => {
    const a = relay('A');
    const b = relay('B');
    await Promise.all([a.ready, b.ready]);
    holders.set(1, 'A');
    expect(await b.ownerElsewhere(1)).toBe('A');
    expect(await a.ownerElsewhere(1)).toBeNull(); // ours: run here
    expect(await b.ownerElsewhere(2)).toBeNull(); // nobody's: run here

    const opts = { timeoutMs: 5_000, timeoutError: 'ERR_SENDING_WAPP_MSG' as const };
    expect(await b.request('A', { connId: 1, op: 'who', args: {} }, opts)).toEqual({ by: 'A' });
    const big = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const echoed = (await b.request('A', { connId: 1, op: 'echo', args: { data: big, at: new Date(0) } }, opts)) as {
      data: Uint8Array;
      at: Date;
    };
    expect(echoed.data.length).toBe(big.length);
    expect(Buffer.from(echoed.data).equals(Buffer.from(big))).toBe(true);
    expect(echoed.at).toEqual(new Date(0));
    const seen = calls.find((c) => c.op === 'echo')!;
    expect(seen.at).toBe('A');
    expect((seen.args as { data: Uint8Array }).data).toBeInstanceOf(Uint8Array);
    // the receiver deleted the blob keys it read
    const admin = new Redis(url!);
    expect(await admin.keys(`${prefix}blob:*`)).toEqual([]);
    admin.disconnect();
  });

  test('errors: a domain error keeps its code, other failures their message', async () => {
    const b = relays[1];
    const opts = { timeoutMs: 5_000, timeoutError: 'ERR_SENDING_WAPP_MSG' as const };
    const refused = await b
      .request('A', { connId: 1, op: 'refuse', args: {} }, opts)
      .then(unexpected, (e: DomainError) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.code).toBe('ERR_WAPP_INVALID_CONTACT');
    const crashed = await b
      .request('A', { connId: 1, op: 'crash', args: {} }, opts)
      .then(unexpected, (e: DomainError) => e);
    expect(crashed).not.toBeInstanceOf(DomainError);
    expect(crashed.message).toBe('socket closed');
  });

  test('an owner that is not listening fails at once; one that does not answer in time fails with the op error', async () => {
    const b = relays[1];
    const t0 = Date.now();
    const gone = await b
      .request('DEAD', { connId: 1, op: 'who', args: {} }, { timeoutMs: 10_000, timeoutError: 'ERR_SENDING_WAPP_MSG' })
      .then(unexpected, (e: DomainError) => e);
    expect(gone.code).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(Date.now() - t0).toBeLessThan(1_000);

    const late = await b
      .request('A', { connId: 1, op: 'slow', args: {} }, { timeoutMs: 200, timeoutError: 'ERR_SENDING_WAPP_MSG' })
      .then(unexpected, (e: DomainError) => e);
    expect(late.code).toBe('ERR_SENDING_WAPP_MSG');
  });

  test('a holder that dies mid-request fails the request soon with the op error, not at the timeout', async () => {
    // the holder takes the request and never answers; then it dies (a SIGKILL closes its Redis connections)
    let took = false;
    const h = relay('H', async () => {
      took = true;
      return new Promise(() => {});
    });
    const b = relays[1]!;
    await h.ready;
    const t0 = Date.now();
    const waiting = b
      .request('H', { connId: 3, op: 'send', args: {} }, { timeoutMs: 60_000, timeoutError: 'ERR_SENDING_WAPP_MSG' })
      .then(unexpected, (e: DomainError) => e);
    for (let i = 0; i < 100 && !took; i++) await Bun.sleep(20);
    expect(took).toBe(true);
    await h.close();
    // unknown outcome (the holder may have sent it): the timeout's error, a few seconds after the death
    expect((await waiting).code).toBe('ERR_SENDING_WAPP_MSG');
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  test('closing rejects what is still waiting', async () => {
    const c = relay('C');
    await c.ready;
    const waiting = c
      .request('A', { connId: 1, op: 'slow', args: {} }, { timeoutMs: 5_000, timeoutError: 'ERR_SENDING_WAPP_MSG' })
      .then(unexpected, (e: DomainError) => e);
    await Bun.sleep(50);
    await c.close();
    expect((await waiting).code).toBe('ERR_WAPP_NOT_INITIALIZED');
  });
});
