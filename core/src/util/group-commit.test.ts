import { describe, expect, test } from 'bun:test';
import { GroupCommit } from './group-commit';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('GroupCommit', () => {
  test('items added in the same tick leave in one batch, in order, each with its own result', async () => {
    const batches: number[][] = [];
    const g = new GroupCommit<number, string>(async (items) => {
      batches.push(items);
      return items.map((n) => `r${n}`);
    });
    const out = await Promise.all([1, 2, 3].map((n) => g.add(n)));
    expect(out).toEqual(['r1', 'r2', 'r3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  test('while a batch runs, arrivals wait and leave together in the next one (maxInFlight 1)', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const g = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items.map((n) => n * 10);
    });
    const first = g.add(1);
    await tick();
    const rest = [2, 3, 4].map((n) => g.add(n));
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  test('maxBatch splits a long queue; maxInFlight lets several batches run at once', async () => {
    let running = 0;
    let peak = 0;
    const sizes: number[] = [];
    const g = new GroupCommit<number, number>(
      async (items) => {
        running++;
        peak = Math.max(peak, running);
        sizes.push(items.length);
        await tick();
        running--;
        return items;
      },
      { maxBatch: 3, maxInFlight: 2 },
    );
    const out = await Promise.all(Array.from({ length: 10 }, (_, i) => g.add(i)));
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([3, 3, 3, 1]);
    expect(peak).toBe(2);
  });

  test('a failing batch rejects each of its items and the next batch still runs', async () => {
    let calls = 0;
    const g = new GroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return items;
    });
    const settled = await Promise.allSettled([g.add(1), g.add(2)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toContain('boom');
    expect(await g.add(3)).toBe(3);
  });

  test('a wrong number of results is an error, not a silent mismatch', async () => {
    const g = new GroupCommit<number, number>(async () => [1]);
    const settled = await Promise.allSettled([g.add(1), g.add(2)]);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(String((settled[0] as PromiseRejectedResult).reason)).toContain('2 items gave 1 results');
  });

  test('minIntervalMs: idle, a batch leaves at once; under load the next one waits and carries everything queued', async () => {
    const starts: number[] = [];
    const sizes: number[] = [];
    const g = new GroupCommit<number, number>(
      async (items) => {
        starts.push(performance.now());
        sizes.push(items.length);
        return items;
      },
      { minIntervalMs: 30 },
    );
    const t0 = performance.now();
    expect(await g.add(1)).toBe(1);
    expect(starts[0] as number).toBeLessThan(t0 + 15);
    const rest = [2, 3, 4, 5].map((n) => g.add(n));
    await tick();
    const more = [6, 7].map((n) => g.add(n));
    expect(await Promise.all([...rest, ...more])).toEqual([2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([1, 6]);
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(29);
  });
});
