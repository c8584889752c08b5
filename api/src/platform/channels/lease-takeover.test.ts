import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import Redis from 'ioredis';
import { realRedisUrl } from '../../test/services';

/**
 * Process-level takeover: two worker processes share three sessions through the Redis lease; SIGKILL the one
 * holding them and the survivor must own and start all of them within 30 s — and never while the first lives.
 */
const url = await realRedisUrl('lease e2e');
const prefix = `test:lease-e2e:${randomBytes(4).toString('hex')}:`;
const LEASE_MS = 3_000;
const IDS = [11, 12, 13];
const BUN = process.execPath;
const HELPER = join(import.meta.dir, 'lease.e2e-helper.ts');

type Line = { name: string; event: string; at: number; id?: number; token?: string };
type Worker = { proc: Subprocess<'ignore', 'pipe', 'inherit'>; lines: Line[] };
const workers: Worker[] = [];

function spawnWorker(name: string): Worker {
  const proc = Bun.spawn([BUN, HELPER], {
    env: {
      ...process.env,
      REDIS_URL: url!,
      LEASE_MS: String(LEASE_MS),
      SCAN_MS: '500',
      KEY_PREFIX: prefix,
      CONN_IDS: IDS.join(','),
      NAME: name,
      LOG_LEVEL: 'silent',
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const w: Worker = { proc, lines: [] };
  void (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    const reader = proc.stdout.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value);
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line.startsWith('{')) w.lines.push(JSON.parse(line));
        nl = buf.indexOf('\n');
      }
    }
  })();
  workers.push(w);
  return w;
}
const owned = (w: Worker) => new Set(w.lines.filter((l) => l.event === 'owned').map((l) => l.id));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (cond()) return Date.now() - t0;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

describe.skipIf(!url)('session lease across processes (real Redis)', () => {
  afterAll(async () => {
    for (const w of workers) w.proc.kill('SIGKILL');
    const admin = new Redis(url!);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
  });

  test('SIGKILL the owner: the other worker takes every session over within 30 s', async () => {
    const a = spawnWorker('A');
    await until(() => owned(a).size === IDS.length, 20_000, 'A owns all sessions');
    const b = spawnWorker('B');
    await until(() => b.lines.some((l) => l.event === 'ready'), 20_000, 'B ready');
    // B scans several times while A is alive: it must not get any session
    await sleep(LEASE_MS);
    expect(owned(b).size).toBe(0);

    const admin = new Redis(url!);
    const tokenA = a.lines.find((l) => l.event === 'ready')?.token;
    const tokenB = b.lines.find((l) => l.event === 'ready')?.token;
    for (const id of IDS) expect(await admin.get(`${prefix}${id}`)).toBe(tokenA!);

    const killedAt = Date.now();
    a.proc.kill('SIGKILL');
    await a.proc.exited;
    const took = await until(() => owned(b).size === IDS.length, 30_000, 'B takes over');
    expect(took).toBeLessThan(30_000);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(
      b.lines
        .filter((l) => l.event === 'started')
        .map((l) => l.id)
        .sort(),
    ).toEqual(IDS);
    for (const id of IDS) expect(await admin.get(`${prefix}${id}`)).toBe(tokenB!);
    // and B keeps them (renewal) past another lease period
    await sleep(LEASE_MS * 1.5);
    expect(b.lines.some((l) => l.event === 'lost')).toBe(false);
    for (const id of IDS) expect(await admin.get(`${prefix}${id}`)).toBe(tokenB!);
    admin.disconnect();
  }, 45_000);
});
