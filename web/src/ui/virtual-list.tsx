import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useLoadMoreNearBottom } from './infinite-scroll';

/** Pure: the slice of fixed-height rows to mount for a scroll position (with `overscan` rows on each side). */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
): { start: number; end: number } {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(Math.max(viewport, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + shown + overscan);
  return { start, end };
}

export type VirtualListProps<T> = {
  items: readonly T[];
  /** every row has this height (px): positions are computed, never measured */
  rowHeight: number;
  getKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** infinite scroll (spec 1 §9: 100 px from the bottom, then a 1 s lock) */
  hasMore?: boolean;
  loading?: boolean;
  onLoadMore?: () => void;
  /** shown instead of the rows when there are none and nothing is loading */
  empty?: ReactNode;
  /** rendered under the rows (a spinner while loading the next page) */
  footer?: ReactNode;
  overscan?: number;
  className?: string;
  testId?: string;
};

/**
 * A windowed list: only the rows in view (plus a few) are mounted, so ten thousand loaded tickets scroll as smoothly
 * as forty. Rows are absolutely positioned inside a spacer as tall as the whole list.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  hasMore = false,
  loading = false,
  onLoadMore,
  empty,
  footer,
  overscan = 6,
  className,
  testId,
}: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setViewport(el.clientHeight);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const maybeLoad = useLoadMoreNearBottom(ref, { hasMore, loading, onLoadMore });

  const { start, end } = visibleRange(items.length, rowHeight, scrollTop, viewport, overscan);
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const item = items[i];
    rows.push(
      <div
        key={getKey(item)}
        className="absolute inset-x-0"
        style={{ top: i * rowHeight, height: rowHeight }}
        data-index={i}
      >
        {renderRow(item, i)}
      </div>,
    );
  }

  return (
    <div
      ref={ref}
      className={`min-h-0 overflow-y-auto overscroll-contain ${className ?? ''}`}
      onScroll={(e) => {
        setScrollTop(e.currentTarget.scrollTop);
        maybeLoad(e.currentTarget);
      }}
      data-testid={testId}
      data-count={items.length}
    >
      {items.length === 0 && !loading ? (
        empty
      ) : (
        <div className="relative" style={{ height: items.length * rowHeight }}>
          {rows}
        </div>
      )}
      {footer}
    </div>
  );
}
