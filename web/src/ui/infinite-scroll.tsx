import { type ReactNode, type RefObject, type UIEvent, useCallback, useEffect, useRef } from 'react';

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

export type InfiniteScrollProps = {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
};

/**
 * The paging half of an infinitely scrolled box: `maybeLoad(el)` (call it on scroll) asks for the next page near the
 * bottom (100 px, then a 1 s lock); a page that does not fill the box (tall screens) keeps asking until it does or
 * nothing more is left. `onLoadMore` absent: never asks.
 */
export function useLoadMoreNearBottom(
  ref: RefObject<HTMLElement | null>,
  { hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore?: () => void },
): (el: HTMLElement) => void {
  const lockedUntil = useRef(0);

  const maybeLoad = useCallback(
    (el: HTMLElement) => {
      if (!onLoadMore || !hasMore || loading) return;
      const now = Date.now();
      if (now < lockedUntil.current || !nearBottom(el)) return;
      lockedUntil.current = now + INFINITE_SCROLL_LOCK_MS;
      onLoadMore();
    },
    [hasMore, loading, onLoadMore],
  );

  // a short first page on a tall screen has no scrollbar: fill the container
  useEffect(() => {
    const el = ref.current;
    if (!el || loading || !hasMore) return;
    if (el.scrollHeight <= el.clientHeight + INFINITE_SCROLL_THRESHOLD_PX) {
      const timer = setTimeout(() => maybeLoad(el), Math.max(0, lockedUntil.current - Date.now()));
      return () => clearTimeout(timer);
    }
  }, [ref, loading, hasMore, maybeLoad]);

  return maybeLoad;
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
