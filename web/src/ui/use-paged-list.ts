import { useCallback, useEffect, useRef, useState } from 'react';

export type Page<T> = { items: T[]; hasMore: boolean };

export type PagedListOptions<T> = {
  /** loads one page (from 1) for a search text */
  fetchPage: (search: string, pageNumber: number) => Promise<Page<T>>;
  search: string;
  /** order of the list, used to place live-created items (default: new items first) */
  compare?: (a: T, b: T) => number;
  /** does a live-created/updated item belong to the current search? (default: every item) */
  matches?: (item: T, search: string) => boolean;
  /** a failed load (the list keeps what it has) */
  onError?: (err: unknown) => void;
};

export type PagedList<T> = {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  /** true until the first page of the current search answered */
  initialLoading: boolean;
  loadMore: () => void;
  reload: () => void;
  /** live create/update: replaces by id, else inserts in order (when it matches the search) */
  upsert: (item: T) => void;
  remove: (id: number) => void;
};

/**
 * The spec's paged lists (`searchParam`, `pageNumber` → `{ …, hasMore }`): a search change starts again from page 1;
 * answers of an older search are dropped; live events patch the loaded pages in place (never a refetch by polling).
 */
export function usePagedList<T extends { id: number }>(opts: PagedListOptions<T>): PagedList<T> {
  const { search } = opts;
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [initialLoading, setInitialLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const page = useRef(0);
  const request = useRef(0);
  const hasMoreRef = useRef(false);
  hasMoreRef.current = hasMore;

  const load = useCallback(async (pageNumber: number, searchText: string) => {
    const id = ++request.current;
    setLoading(true);
    try {
      const res = await optsRef.current.fetchPage(searchText, pageNumber);
      if (id !== request.current) return;
      page.current = pageNumber;
      setItems((prev) => {
        if (pageNumber === 1) return res.items;
        // a live-inserted item may already be in the list: keep one copy
        const seen = new Set(prev.map((x) => x.id));
        return [...prev, ...res.items.filter((x) => !seen.has(x.id))];
      });
      setHasMore(res.hasMore);
    } catch (err) {
      if (id !== request.current) return;
      optsRef.current.onError?.(err);
      setHasMore(false);
    } finally {
      if (id === request.current) {
        setLoading(false);
        setInitialLoading(false);
      }
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the explicit reload trigger
  useEffect(() => {
    setInitialLoading(true);
    setItems([]);
    page.current = 0;
    void load(1, search);
  }, [search, generation, load]);

  const loadMore = useCallback(() => {
    void load(page.current + 1, optsRef.current.search);
  }, [load]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const upsert = useCallback((item: T) => {
    const { compare, matches } = optsRef.current;
    const belongs = matches ? matches(item, optsRef.current.search) : true;
    setItems((prev) => {
      const at = prev.findIndex((x) => x.id === item.id);
      if (at >= 0) {
        if (!belongs) return prev.filter((x) => x.id !== item.id);
        const next = [...prev];
        next[at] = item;
        return next;
      }
      if (!belongs) return prev;
      if (!compare) return [item, ...prev];
      const pos = prev.findIndex((x) => compare(item, x) < 0);
      // past the loaded pages: the item arrives with its page
      if (pos < 0) return hasMoreRef.current ? prev : [...prev, item];
      return [...prev.slice(0, pos), item, ...prev.slice(pos)];
    });
  }, []);

  const remove = useCallback((id: number) => setItems((prev) => prev.filter((x) => x.id !== id)), []);

  return { items, hasMore, loading, initialLoading, loadMore, reload, upsert, remove };
}

/** Case- and accent-insensitive "contains" for client-side matching of live items against a search. */
export function textMatches(haystack: (string | null | undefined)[], search: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = norm(search.trim());
  if (!q) return true;
  return haystack.some((h) => (h ? norm(h).includes(q) : false));
}

/** Name order as the API lists (case-insensitive). */
export const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
