/**
 * The list kit's vocabulary (issue 11 point 4): the spec's list parameters — `searchParam`, `pageNumber`, id lists,
 * id params — with ONE set of texts, and one page size per kind of list. Every list of the API reads its query
 * through these pieces; a new list (schedules, campaigns, bots…) composes them instead of writing its own.
 */
import { z } from 'zod';
import { coercedId } from '../ids/ids';

/**
 * Texts of malformed list input. The spec shows none (no screen sends a bad page or id); a too-long search answers
 * the house text 'Too Long!' of the spec's forms.
 */
export const LIST_TEXTS = {
  invalidPage: 'Página inválida',
  invalidId: 'Id inválido',
  tooManyIds: 'Itens demais',
  invalidSearch: 'Busca inválida',
  searchTooLong: 'Too Long!',
} as const;

export const PAGE_NUMBER_MAX = 100_000;
export const SEARCH_MAX = 200;
export const ID_LIST_MAX = 500;

/**
 * One page size per kind of list (docs/DECISIONS.md, issue 11 point 4). The spec shows none ("page size not
 * shown") except the contact export, which pages at 20.
 */
export const PAGE_SIZE = {
  /** records of a company's screens: contacts (and their export), categories, tags, quick answers, users, groups,
   * raw logs, and the spec-2/3 lists (schedules, campaigns, bots, flows…) */
  records: 20,
  /** the ticket list: a column of short cards, one page fills a tall screen */
  tickets: 40,
  /** a chat's messages: page 1 the newest, older pages load at the top */
  messages: 20,
} as const;
export type ListKind = keyof typeof PAGE_SIZE;

/** `pageNumber`: 1-based, absent → 1. */
export const PageNumber = z.coerce
  .number({ error: LIST_TEXTS.invalidPage })
  .int(LIST_TEXTS.invalidPage)
  .min(1, LIST_TEXTS.invalidPage)
  .max(PAGE_NUMBER_MAX, LIST_TEXTS.invalidPage)
  .default(1);

/** A search text as typed: trimmed, at most 200 characters; absent → ''. */
export const SearchText = z
  .string({ error: LIST_TEXTS.invalidSearch })
  .max(SEARCH_MAX, LIST_TEXTS.searchTooLong)
  .optional()
  .transform((v) => (v ?? '').trim());

/** `searchParam` of a contains-text list: trimmed and lower-cased (spec 2 §5: search text in lists is lower-cased). */
export const SearchParam = SearchText.transform((v) => v.toLowerCase());

/** `searchParam` + `pageNumber`: the query of every plain paged list of the spec. */
export const PageQuery = z.object({ searchParam: SearchParam, pageNumber: PageNumber });
export type PageQuery = z.output<typeof PageQuery>;

/** A path or query id (`/tags/{id}`). */
export const IdValue = coercedId(LIST_TEXTS.invalidId);

/** Route param `{id}`. */
export const IdParam = z.object({ id: IdValue });
export type IdParam = z.output<typeof IdParam>;

/** "[1,2]" (what the web sends), "1,2", repeated values, numbers or `{ id }` objects → the flat list, unchecked. */
function flattenIds(x: unknown): unknown[] {
  if (x === undefined || x === null || x === '') return [];
  if (Array.isArray(x)) return x.flatMap(flattenIds);
  if (typeof x === 'string') {
    const s = x.trim();
    if (s.startsWith('[')) {
      try {
        return flattenIds(JSON.parse(s));
      } catch {
        return [s];
      }
    }
    return s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
  }
  if (typeof x === 'object' && 'id' in (x as object)) return [(x as { id: unknown }).id];
  return [x];
}

/** A list of ids (query or body): absent or empty → []; every item a valid id, at most 500. */
export const IdList = z
  .unknown()
  .optional()
  .transform(flattenIds)
  .pipe(z.array(IdValue).max(ID_LIST_MAX, LIST_TEXTS.tooManyIds));

/** The ids of an id list, or null when one of them is not an id. */
export function parseIdList(v: unknown): number[] | null {
  const r = IdList.safeParse(v);
  return r.success ? r.data : null;
}

/** The rows a page skips and reads. */
export function pageWindow(pageNumber: number, size: number): { limit: number; offset: number } {
  return { limit: size, offset: (pageNumber - 1) * size };
}

/** A page's answer from its rows and the filter's total: more rows remain after this page when the total says so. */
export function pageOf<T>(
  window: { offset: number },
  rows: T[],
  count: number,
): { rows: T[]; hasMore: boolean; count: number } {
  return { rows, count, hasMore: window.offset + rows.length < count };
}
