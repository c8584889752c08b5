/**
 * The list kit's database half (issue 11 point 4): a page as `{ rows, hasMore, count }`, contains-text search with
 * LIKE escaping, and the name-exists check of the record screens. Repos build their own statement (columns, order,
 * joins) and hand its page to these; the query vocabulary and page sizes are core's (`core/src/lists/page-query.ts`).
 */

import { pageOf } from '@zapdesk/core';
import { type AnyColumn, and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db } from './index';

/** The rows a page reads and skips (core's `pageWindow(pageNumber, size)`). */
export type PageWindow = { limit: number; offset: number };

/** A page of a list with the filter's total. */
export type Page<T> = { rows: T[]; hasMore: boolean; count: number };

/** A page of a list that answers no total (`hasMore` only: the chat, the raw logs). */
export type OpenPage<T> = { rows: T[]; hasMore: boolean };

/** `\`, `%` and `_` taken literally in a LIKE pattern (Postgres' default escape character is `\`). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** LIKE pattern: contains the text. */
export const likeContains = (text: string): string => `%${escapeLike(text)}%`;

/** LIKE pattern: starts with the text. */
export const likePrefix = (text: string): string => `${escapeLike(text)}%`;

/**
 * Any of the columns contains the text, ignoring case (`lower(col) like '%text%'`, wildcards in the text taken
 * literally). No text → undefined: `and(...)` drops it, the list is not filtered.
 */
export function containsText(text: string, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!text || !columns.length) return undefined;
  const like = likeContains(text.toLowerCase());
  const parts = columns.map((c) => sql`lower(${c}) like ${like}`);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/** How many rows of the table match. */
export async function countRows(table: PgTable, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: count() }).from(table).where(where);
  return Number(r?.n ?? 0);
}

/** The page's rows and the total, run together: `hasMore` when rows remain after this page. */
export async function countedPage<T>(
  window: PageWindow,
  rows: PromiseLike<T[]>,
  total: PromiseLike<number>,
): Promise<Page<T>> {
  const [r, n] = await Promise.all([rows, total]);
  return pageOf(window, r, n);
}

/**
 * A page without a total: the statement reads one row more than the page (`limit` of `fetch` is the window's + 1);
 * that row only says there is more.
 */
export async function openPage<T>(
  window: PageWindow,
  fetch: (w: PageWindow) => PromiseLike<T[]>,
): Promise<OpenPage<T>> {
  const rows = await fetch({ limit: window.limit + 1, offset: window.offset });
  return { rows: rows.slice(0, window.limit), hasMore: rows.length > window.limit };
}

/**
 * A record of the company already has this name, ignoring case (other than `exceptId`, the record being renamed):
 * the ERR_NAME_EXISTS check of tags, categories, quick answers, queues, groups, connections.
 */
export async function nameExists(
  table: PgTable,
  cols: { companyId: PgColumn; name: PgColumn; id: PgColumn },
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [r] = await db
    .select({ id: cols.id })
    .from(table)
    .where(
      and(
        eq(cols.companyId, companyId),
        sql`lower(${cols.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(cols.id, exceptId),
      ),
    )
    .limit(1);
  return !!r;
}
