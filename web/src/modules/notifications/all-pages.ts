/** a safety net: 50 pages of 40 = 2000 waiting conversations (the badge reads 99+ long before) */
export const UNREAD_PAGES_MAX = 50;

/**
 * Every page of a paged list, one after the other (issue 12 §2: the bell read only the first page, so it counted at
 * most 40 waiting conversations while the tab title counted 47).
 */
export async function allPages<T>(
  fetchPage: (pageNumber: number) => Promise<{ tickets: T[]; hasMore: boolean }>,
  maxPages = UNREAD_PAGES_MAX,
): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; n <= maxPages; n++) {
    const page = await fetchPage(n);
    out.push(...page.tickets);
    if (!page.hasMore || page.tickets.length === 0) break;
  }
  return out;
}
