/**
 * The one clock of the API (issue 11, point 6). Domain time in services ("now" of a greeting, a token's expiry, an
 * export's file name…), the embedded jobs runner (when a job is due, backoff, leases, retention) and timers read it,
 * never `Date.now()` / `new Date()` / `setTimeout` directly, so a test can replace it with a `TestClock` and move time
 * forward instead of sleeping: recurrence, pacing, timeouts and due dates are tested in milliseconds of real time.
 *
 * Not on this clock: measurements of elapsed real time (`performance.now()` for durations), caches' TTLs, network
 * timeouts of adapters, and BullMQ (Redis keeps its own time; its delays are real).
 */

/** A scheduled callback; cancel() is idempotent. */
export type ClockTimer = { cancel(): void };

export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
  /** runs `fn` once `ms` of this clock's time have passed */
  setTimeout(fn: () => void, ms: number): ClockTimer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    return { cancel: () => clearTimeout(t) };
  },
};

let current: Clock = systemClock;

/** The clock in use (the system clock unless a test installed another). */
export function clock(): Clock {
  return current;
}

/** Installs a clock (tests); returns the function that puts the previous one back. */
export function useClock(c: Clock): () => void {
  const previous = current;
  current = c;
  return () => {
    current = previous;
  };
}

/** Now, in ms since the epoch, on the clock in use. */
export function now(): number {
  return current.now();
}

/** Now as a Date, on the clock in use. */
export function nowDate(): Date {
  return new Date(current.now());
}

/** A timer on the clock in use. */
export function setClockTimeout(fn: () => void, ms: number): ClockTimer {
  return current.setTimeout(fn, ms);
}

/** Resolves once `ms` of the clock in use have passed. */
export function sleepOnClock(ms: number): Promise<void> {
  return new Promise((resolve) => {
    current.setTimeout(resolve, ms);
  });
}

/**
 * A clock that only moves when told. Timers fire during `advance`/`set`, in due order, each seeing `now()` equal to
 * its due time; a timer set by a firing timer fires in the same advance if it falls due before its end.
 */
export class TestClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers: { at: number; seq: number; fn: () => void }[] = [];

  constructor(start: Date | number = Date.UTC(2026, 0, 5, 12, 0, 0)) {
    this.time = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): ClockTimer {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return {
      cancel: () => {
        const i = this.timers.indexOf(timer);
        if (i >= 0) this.timers.splice(i, 1);
      },
    };
  }

  /** Timers not fired yet. */
  pending(): number {
    return this.timers.length;
  }

  /**
   * Moves time forward by `ms`, firing the timers due on the way. Between two timers it lets pending promise
   * callbacks run (a macrotask turn), so work a timer starts can schedule its follow-ups in time.
   */
  async advance(ms: number): Promise<void> {
    await this.set(this.time + Math.max(0, ms));
  }

  /**
   * Moves time forward `stepMs` at a time until `check` holds, pausing `pauseMs` of real time after each step for the
   * work the step made due (database writes, a runner's real-time poll). Throws after `maxSteps` steps.
   */
  async advanceUntil(
    check: () => boolean | Promise<boolean>,
    { stepMs = 100, pauseMs = 20, maxSteps = 1000 }: { stepMs?: number; pauseMs?: number; maxSteps?: number } = {},
  ): Promise<void> {
    for (let i = 0; i <= maxSteps; i++) {
      if (await check()) return;
      await this.advance(stepMs);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
    throw new Error(`advanceUntil: still false after ${maxSteps} steps of ${stepMs} ms`);
  }

  /** Moves time forward to `to` (never back), firing the timers due on the way. */
  async set(to: Date | number): Promise<void> {
    const target = Math.max(this.time, typeof to === 'number' ? to : to.getTime());
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.time = Math.max(this.time, due.at);
      due.fn();
      await new Promise<void>((r) => setImmediate(r));
    }
    this.time = target;
  }
}
