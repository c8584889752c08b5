/**
 * Spec 2 §7 "Generic search selector: GET /{route} with searchParam (for botConfigs and flows, type Bot)": the pure
 * parts of the bot dialogs' prompt and flow pickers — the query of one page and the walk over a few pages of matches.
 */

export type Named = { id: number; name: string };

/** how many pages of matches one search reads at most (the list endpoints page by 20) */
export const SELECTOR_MAX_PAGES = 3;

/** `/{route}?searchParam=…&pageNumber=…[&extra…]` */
export function selectorPath(
  route: string,
  searchParam: string,
  pageNumber: number,
  extra: Record<string, string> = {},
): string {
  const q = new URLSearchParams({ searchParam, pageNumber: String(pageNumber), ...extra });
  return `${route}?${q.toString()}`;
}

/** Reads pages 1, 2, … until one says no more or `maxPages` were read; keeps each id once, in page order. */
export async function collectPages(
  fetchPage: (pageNumber: number) => Promise<{ items: Named[]; hasMore: boolean }>,
  maxPages = SELECTOR_MAX_PAGES,
): Promise<Named[]> {
  const out: Named[] = [];
  const seen = new Set<number>();
  for (let page = 1; page <= maxPages; page++) {
    const { items, hasMore } = await fetchPage(page);
    for (const it of items) {
      if (seen.has(it.id)) continue;
      seen.add(it.id);
      out.push({ id: it.id, name: it.name });
    }
    if (!hasMore) break;
  }
  return out;
}
