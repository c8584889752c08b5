import { type ReactNode, type UIEvent, useCallback, useEffect, useRef } from 'react';

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
 * A scroll container that asks for the next page near its bottom (100 px, 1 s lock). When a page does not fill the
 * container (tall screens) it keeps asking until it does or nothing more is left.
 */
export function InfiniteScroll({ hasMore, loading, onLoadMore, children, className, testId }: InfiniteScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const lockedUntil = useRef(0);

  const maybeLoad = useCallback(
    (el: HTMLElement) => {
      if (!hasMore || loading) return;
      const now = Date.now();
      if (now < lockedUntil.current) return;
      if (!nearBottom(el)) return;
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
      const wait = Math.max(0, lockedUntil.current - Date.now());
      const timer = setTimeout(() => maybeLoad(el), wait);
      return () => clearTimeout(timer);
    }
  }, [loading, hasMore, maybeLoad]);

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
