/** Live refresh: at most one reload per this many ms while tickets keep changing. */
export const LIVE_THROTTLE_MS = 4000;

/**
 * A throttled trigger: the first call runs `fn` at once, calls during the next `ms` collapse into one trailing run.
 */
export function throttle(fn: () => void, ms: number, now = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = now();
    fn();
  };
  const call = () => {
    if (timer) return;
    const wait = last + ms - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return call;
}
