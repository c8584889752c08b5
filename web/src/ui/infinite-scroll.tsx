import { type ReactNode, type RefObject, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Spec 1 §9: the next page loads within 100 px of the bottom, then loading is locked for 1 s. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const INFINITE_SCROLL_LOCK_MS = 1000;

/** Pure: should a scroll position ask for the next page? */
export function nearBottom(
  el: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = INFINITE_SCROLL_THRESHOLD_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/** What a list sees when it checks: null when it cannot load at all (no box yet, no `onLoadMore`). */
export type LoadMoreView = { hasMore: boolean; loading: boolean; atBottom: boolean } | null;

export type LoadMoreDecision = { kind: 'load' } | { kind: 'wait'; ms: number } | { kind: 'idle' };

/**
 * Pure: at the bottom with more to load and no load in flight → load, or wait out the 1 s lock (then look again).
 * Anything else is idle: the next scroll, the end of the load in flight or a resize looks again.
 */
export function decideLoadMore(view: LoadMoreView, now: number, lockedUntil: number): LoadMoreDecision {
  if (!view?.hasMore || view.loading || !view.atBottom) return { kind: 'idle' };
  if (now < lockedUntil) return { kind: 'wait', ms: lockedUntil - now };
  return { kind: 'load' };
}

export type LoadMoreGateDeps = {
  /** the list as it is now (read at every check, so a deferred check sees the latest state) */
  read: () => LoadMoreView;
  load: () => void;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  lockMs?: number;
};

/**
 * The paging logic of an infinitely scrolled box, without React or the DOM: `check()` loads the next page when the
 * bottom is in view, nothing is loading and the 1 s lock is over; a bottom reached during the lock is remembered and
 * looked at again when the lock ends (not dropped until the next scroll). Callers check on scroll, when a load ends
 * and when the box resizes — so a first page that does not fill the box keeps loading until it does.
 */
export function createLoadMoreGate(deps: LoadMoreGateDeps) {
  const lockMs = deps.lockMs ?? INFINITE_SCROLL_LOCK_MS;
  let lockedUntil = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;

  const cancel = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };

  const check = (): void => {
    cancel();
    const now = deps.now();
    const decision = decideLoadMore(deps.read(), now, lockedUntil);
    if (decision.kind === 'wait') {
      timer = deps.setTimer(() => {
        timer = null;
        check();
      }, decision.ms);
    } else if (decision.kind === 'load') {
      lockedUntil = now + lockMs;
      deps.load();
    }
  };

  return { check, dispose: cancel };
}

export type InfiniteScrollProps = {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
};

/**
 * React half of `createLoadMoreGate` for the box in `ref`: the returned function is its scroll handler; the hook also
 * checks when a load ends, when `hasMore` changes and when the box resizes. `onLoadMore` absent: never asks.
 */
export function useLoadMoreNearBottom(
  ref: RefObject<HTMLElement | null>,
  { hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore?: () => void },
): (el: HTMLElement) => void {
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  const [gate] = useState(() =>
    createLoadMoreGate({
      read: () => {
        const el = ref.current;
        const p = latest.current;
        if (!el || !p.onLoadMore) return null;
        return { hasMore: p.hasMore, loading: p.loading, atBottom: nearBottom(el) };
      },
      load: () => latest.current.onLoadMore?.(),
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    }),
  );

  useEffect(() => {
    const el = ref.current;
    const ro = el && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => gate.check()) : null;
    if (el) ro?.observe(el);
    return () => {
      ro?.disconnect();
      gate.dispose();
    };
  }, [ref, gate]);

  // after every commit that may have moved the bottom: a load ended (new rows), more became available, a new handler
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are the re-check triggers
  useEffect(() => {
    gate.check();
  }, [gate, hasMore, loading, onLoadMore]);

  return useCallback((_el: HTMLElement) => gate.check(), [gate]);
}

/** A scroll container that asks for the next page near its bottom (see `useLoadMoreNearBottom`). */
export function InfiniteScroll({ hasMore, loading, onLoadMore, children, className, testId }: InfiniteScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const maybeLoad = useLoadMoreNearBottom(ref, { hasMore, loading, onLoadMore });

  return (
    <div
      ref={ref}
      className={`min-h-0 overflow-auto ${className ?? ''}`}
      onScroll={(e: UIEvent<HTMLDivElement>) => maybeLoad(e.currentTarget)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
