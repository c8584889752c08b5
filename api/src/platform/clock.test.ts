import { describe, expect, test } from 'bun:test';
import { clock, now, nowDate, sleepOnClock, systemClock, TestClock, useClock } from './clock';

describe('clock', () => {
  test('the system clock by default; a test clock while installed, then the previous one again', () => {
    expect(clock()).toBe(systemClock);
    const c = new TestClock(new Date('2026-03-01T10:00:00Z'));
    const restore = useClock(c);
    try {
      expect(now()).toBe(Date.parse('2026-03-01T10:00:00Z'));
      expect(nowDate().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    } finally {
      restore();
    }
    expect(clock()).toBe(systemClock);
  });

  test('a test clock fires timers in due order while advancing, each at its due time, and not before', async () => {
    const c = new TestClock(0);
    const fired: [string, number][] = [];
    c.setTimeout(() => fired.push(['b', c.now()]), 200);
    c.setTimeout(() => fired.push(['a', c.now()]), 100);
    const cancelled = c.setTimeout(() => fired.push(['x', c.now()]), 150);
    cancelled.cancel();
    cancelled.cancel();
    await c.advance(99);
    expect(fired).toEqual([]);
    await c.advance(1);
    expect(fired).toEqual([['a', 100]]);
    await c.advance(1000);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 200],
    ]);
    expect(c.now()).toBe(1100);
    expect(c.pending()).toBe(0);
  });

  test('a timer set by a firing timer fires in the same advance when due before its end (recurrence)', async () => {
    const c = new TestClock(0);
    const ticks: number[] = [];
    const every = (ms: number) =>
      c.setTimeout(() => {
        ticks.push(c.now());
        every(ms);
      }, ms);
    every(60_000);
    await c.advance(5 * 60_000 + 1);
    expect(ticks).toEqual([60_000, 120_000, 180_000, 240_000, 300_000]);
    expect(c.pending()).toBe(1);
  });

  test('sleepOnClock resolves when the installed clock passes the time, without real waiting', async () => {
    const c = new TestClock(0);
    const restore = useClock(c);
    try {
      let done = false;
      const p = sleepOnClock(24 * 60 * 60 * 1000).then(() => {
        done = true;
      });
      await c.advance(24 * 60 * 60 * 1000 - 1);
      expect(done).toBe(false);
      await c.set(new Date(24 * 60 * 60 * 1000));
      await p;
      expect(done).toBe(true);
      await c.set(0); // never back
      expect(c.now()).toBe(24 * 60 * 60 * 1000);
    } finally {
      restore();
    }
  });
});
