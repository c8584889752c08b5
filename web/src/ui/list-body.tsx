import type { ReactNode } from 'react';
import { InfiniteScroll } from './infinite-scroll';
import type { PagedList } from './use-paged-list';

/** A list's first load: one large spinner where the rows will be. */
export function ListSpinner() {
  return (
    <div className="flex justify-center py-16">
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}

/** The three states of a list's body: loading, empty (the screen's EmptyState), the rows. */
export function ListContent({
  loading,
  isEmpty,
  empty,
  children,
}: {
  loading: boolean;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (loading) return <ListSpinner />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

/**
 * The body of a paged list screen: infinite scroll (spec 1 §9) over the rows, the first-load spinner, the empty
 * state, and small dots while a further page loads.
 */
export function PagedListBody({
  list,
  empty,
  children,
  testId,
}: {
  list: Pick<PagedList<unknown>, 'hasMore' | 'loading' | 'initialLoading' | 'loadMore'> & { items: readonly unknown[] };
  empty: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <InfiniteScroll
      hasMore={list.hasMore}
      loading={list.loading}
      onLoadMore={list.loadMore}
      className="flex-1"
      testId={testId}
    >
      <ListContent loading={list.initialLoading} isEmpty={list.items.length === 0} empty={empty}>
        {children}
      </ListContent>
      {list.loading && !list.initialLoading ? (
        <div className="flex justify-center py-3">
          <span className="loading loading-dots loading-sm" />
        </div>
      ) : null}
    </InfiniteScroll>
  );
}
