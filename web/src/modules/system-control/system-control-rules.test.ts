import { describe, expect, test } from 'bun:test';
import { formatBytes, formatUptime, gaugeTone, percentOf, usedPercent } from './monitor-format';
import { createPoller, type PollerState } from './poller';

/** a manual clock: timers run when the test advances */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimer: (fn: () => void, ms: number) => {
      seq += 1;
      timers.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > until) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fn();
        await flush();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('resource polling (spec 3 §9: every 2.5 s, 100 times)', () => {
  test('reads at once, then every interval, stops after the limit, resumes with a fresh count', async () => {
    const t = fakeTimers();
    let reads = 0;
    const seen: number[] = [];
    let state: PollerState = { reads: 0, running: false };
    const p = createPoller({
      read: async () => ++reads,
      onData: (d) => seen.push(d),
      onError: () => {},
      onState: (s) => {
        state = s;
      },
      everyMs: 2500,
      times: 4,
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    p.start();
    await flush();
    expect(seen).toEqual([1]);
    await t.advance(2499);
    expect(seen).toEqual([1]);
    await t.advance(1);
    expect(seen).toEqual([1, 2]);
    await t.advance(10_000);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(state).toEqual({ reads: 4, running: false });
    expect(t.pending()).toBe(0);
    p.start();
    await flush();
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(state).toEqual({ reads: 1, running: true });
    p.stop();
    await t.advance(10_000);
    expect(seen).toHaveLength(5);
  });

  test('a failed read counts and polling goes on', async () => {
    const t = fakeTimers();
    let n = 0;
    const errors: unknown[] = [];
    const data: number[] = [];
    const p = createPoller({
      read: async () => {
        n += 1;
        if (n === 2) throw new Error('restarting');
        return n;
      },
      onData: (d) => data.push(d),
      onError: (e) => errors.push(e),
      onState: () => {},
      everyMs: 100,
      times: 100,
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    p.start();
    await flush();
    await t.advance(200);
    expect(data).toEqual([1, 3]);
    expect(errors).toHaveLength(1);
    expect(p.state().reads).toBe(3);
    p.stop();
  });

  test('a read that settles after a restart of the poller is dropped', async () => {
    const t = fakeTimers();
    let release: (v: number) => void = () => {};
    const data: number[] = [];
    let calls = 0;
    const p = createPoller({
      read: () => {
        calls += 1;
        if (calls === 1) return new Promise<number>((r) => (release = r));
        return Promise.resolve(calls);
      },
      onData: (d) => data.push(d),
      onError: () => {},
      onState: () => {},
      everyMs: 100,
      times: 100,
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    p.start();
    p.start();
    await flush();
    release(99);
    await flush();
    expect(data).toEqual([2]);
    p.stop();
  });
});

describe('monitor numbers', () => {
  test('bytes read in binary units with pt-BR decimals', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MiB');
    expect(formatBytes(3.44 * 1024 ** 3)).toBe('3,4 GiB');
    expect(formatBytes(-1)).toBe('—');
  });

  test('uptime keeps the two largest units', () => {
    expect(formatUptime(42_000)).toBe('42s');
    expect(formatUptime((7 * 60 + 3) * 1000)).toBe('7min 3s');
    expect(formatUptime((5 * 3600 + 12 * 60) * 1000)).toBe('5h 12min');
    expect(formatUptime((3 * 86_400 + 4 * 3600 + 59) * 1000)).toBe('3d 4h');
  });

  test('gauges: clamped percent (CPU of 100 %, memory of 2048 MiB) and a tone by level', () => {
    expect(percentOf(150, 100)).toBe(100);
    expect(percentOf(1024, 2048)).toBe(50);
    expect(percentOf(5, 0)).toBe(0);
    expect(usedPercent(200, 50)).toBe(75);
    expect(gaugeTone(59.9)).toBe('success');
    expect(gaugeTone(60)).toBe('warning');
    expect(gaugeTone(85)).toBe('error');
  });
});
