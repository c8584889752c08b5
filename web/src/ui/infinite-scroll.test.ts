import { describe, expect, test } from 'bun:test';
import { createLoadMoreGate, decideLoadMore, type LoadMoreView } from './infinite-scroll';

/** A list with a fake clock and fake timers: `advance(ms)` fires the due timers in order. */
function harness(initial: Partial<NonNullable<LoadMoreView>> = {}) {
  let now = 10_000;
  let view: NonNullable<LoadMoreView> = { hasMore: true, loading: false, atBottom: false, ...initial };
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const loads: number[] = [];
  const gate = createLoadMoreGate({
    read: () => view,
    load: () => {
      loads.push(now);
      view = { ...view, loading: true };
    },
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  return {
    gate,
    loads,
    timers,
    set(patch: Partial<NonNullable<LoadMoreView>>) {
      view = { ...view, ...patch };
    },
    /** the load in flight answers: rows appended (still at the bottom or not), then the list re-checks */
    finishLoad(patch: Partial<NonNullable<LoadMoreView>> = {}) {
      view = { ...view, loading: false, ...patch };
      gate.check();
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, x]) => x.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
  };
}

describe('decideLoadMore (spec 1 §9: 100 px from the bottom, 1 s lock)', () => {
  const at = { hasMore: true, loading: false, atBottom: true };
  test('loads at the bottom when more is left and nothing is loading', () => {
    expect(decideLoadMore(at, 5000, 0)).toEqual({ kind: 'load' });
  });
  test('waits out the lock instead of dropping the request', () => {
    expect(decideLoadMore(at, 5000, 5400)).toEqual({ kind: 'wait', ms: 400 });
  });
  test('idle when not at the bottom, loading, nothing more, or no list', () => {
    expect(decideLoadMore({ ...at, atBottom: false }, 5000, 0).kind).toBe('idle');
    expect(decideLoadMore({ ...at, loading: true }, 5000, 0).kind).toBe('idle');
    expect(decideLoadMore({ ...at, hasMore: false }, 5000, 0).kind).toBe('idle');
    expect(decideLoadMore(null, 5000, 0).kind).toBe('idle');
  });
});

describe('createLoadMoreGate', () => {
  test('reaching the bottom within 1 s of a page load still loads the next page when the lock ends, without a scroll', () => {
    const h = harness({ atBottom: true });
    h.gate.check();
    expect(h.loads).toHaveLength(1);
    h.advance(200);
    h.finishLoad({ atBottom: false }); // page 2 arrived: the bottom moved away
    h.advance(100);
    h.set({ atBottom: true }); // the user scrolls to the bottom 300 ms after the load
    h.gate.check();
    expect(h.loads).toHaveLength(1); // locked
    h.advance(699);
    expect(h.loads).toHaveLength(1);
    h.advance(1);
    expect(h.loads).toEqual([10_000, 11_000]);
  });

  test('a first page that does not fill the box keeps loading (one page per second) until it does', () => {
    const h = harness({ atBottom: true });
    h.gate.check();
    h.advance(50);
    h.finishLoad(); // still short: re-check after the load ends → waits for the lock
    h.advance(950);
    expect(h.loads).toHaveLength(2);
    h.advance(50);
    h.finishLoad({ atBottom: false }); // now it fills the box
    h.advance(5000);
    expect(h.loads).toHaveLength(2);
    expect(h.timers.size).toBe(0);
  });

  test('the bottom reached while a load is in flight is looked at again when that load ends', () => {
    const h = harness({ atBottom: true });
    h.gate.check();
    h.advance(1500); // a slow page
    h.gate.check(); // scrolls during the load: nothing (in flight)
    expect(h.loads).toHaveLength(1);
    h.finishLoad(); // still at the bottom and the lock is over: next page at once
    expect(h.loads).toEqual([10_000, 11_500]);
  });

  test('no load when the user has left the bottom by the end of the lock, or nothing more is left', () => {
    const h = harness({ atBottom: true });
    h.gate.check();
    h.finishLoad();
    h.set({ atBottom: false });
    h.advance(1000);
    expect(h.loads).toHaveLength(1);
    h.set({ atBottom: true, hasMore: false });
    h.gate.check();
    h.advance(5000);
    expect(h.loads).toHaveLength(1);
  });

  test('scrolls during the lock keep one pending re-check; dispose cancels it', () => {
    const h = harness({ atBottom: true });
    h.gate.check();
    h.finishLoad();
    h.gate.check();
    h.gate.check();
    expect(h.timers.size).toBe(1);
    h.gate.dispose();
    expect(h.timers.size).toBe(0);
    h.advance(2000);
    expect(h.loads).toHaveLength(1);
  });
});
