/**
 * The resource view's polling (spec 3 §4, §9): one read every `everyMs`, at most `times` reads, then it stops until
 * resumed. Reads never overlap (the next is scheduled when one settles); a failed read counts and polling goes on (a
 * restarting server answers again a few reads later). Timers injected, so the rule is tested without waiting.
 */
export type PollerState = { reads: number; running: boolean };

export type PollerDeps<T> = {
  read: () => Promise<T>;
  onData: (data: T) => void;
  onError: (err: unknown) => void;
  onState: (state: PollerState) => void;
  everyMs: number;
  times: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type Poller = {
  /** (re)starts with a fresh count of reads: the first read is immediate */
  start: () => void;
  stop: () => void;
  state: () => PollerState;
};

export function createPoller<T>(deps: PollerDeps<T>): Poller {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let reads = 0;
  let running = false;
  let timer: unknown = null;
  /** bumps on every start/stop: a read that settles after it belongs to an older run and is dropped */
  let run = 0;

  const publish = () => deps.onState({ reads, running });

  const tick = async (mine: number) => {
    timer = null;
    try {
      const data = await deps.read();
      if (mine !== run) return;
      deps.onData(data);
    } catch (err) {
      if (mine !== run) return;
      deps.onError(err);
    }
    reads += 1;
    if (reads >= deps.times) running = false;
    publish();
    if (running) timer = setTimer(() => void tick(mine), deps.everyMs);
  };

  return {
    start() {
      run += 1;
      if (timer !== null) clearTimer(timer);
      timer = null;
      reads = 0;
      running = true;
      publish();
      void tick(run);
    },
    stop() {
      run += 1;
      if (timer !== null) clearTimer(timer);
      timer = null;
      running = false;
      publish();
    },
    state: () => ({ reads, running }),
  };
}
