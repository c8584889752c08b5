import type { QuickAnswerDto } from '@zapdesk/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { quickAnswers } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import {
  containsText,
  countedPage,
  countRows,
  likePrefix,
  nameExists,
  type Page,
  type PageWindow,
} from '../../platform/db/paging';

type Row = typeof quickAnswers.$inferSelect;

export const toQuickAnswerDto = (r: Row): QuickAnswerDto => ({
  id: r.id,
  shortcut: r.shortcut,
  message: r.message,
  companyId: r.companyId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A page by shortcut; with a search (in the shortcut or the message), shortcuts starting with it come first (the '/' picker). */
export function listQuickAnswers(companyId: number, search: string, w: PageWindow): Promise<Page<QuickAnswerDto>> {
  const where = and(
    eq(quickAnswers.companyId, companyId),
    containsText(search, quickAnswers.shortcut, quickAnswers.message),
  );
  const prefixFirst = search
    ? [sql`(lower(${quickAnswers.shortcut}) like ${likePrefix(search.toLowerCase())}) desc`]
    : [];
  const rows = db
    .select()
    .from(quickAnswers)
    .where(where)
    .orderBy(...prefixFirst, asc(sql`lower(${quickAnswers.shortcut})`), asc(quickAnswers.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toQuickAnswerDto));
  return countedPage(w, rows, countRows(quickAnswers, where));
}

export async function findQuickAnswer(companyId: number, id: number): Promise<QuickAnswerDto | null> {
  const [r] = await db
    .select()
    .from(quickAnswers)
    .where(and(eq(quickAnswers.companyId, companyId), eq(quickAnswers.id, id)));
  return r ? toQuickAnswerDto(r) : null;
}

export const shortcutTaken = (companyId: number, shortcut: string, exceptId?: number): Promise<boolean> =>
  nameExists(quickAnswers, { ...quickAnswers, name: quickAnswers.shortcut }, companyId, shortcut, exceptId);

export async function insertQuickAnswer(companyId: number, v: { shortcut: string; message: string }) {
  const [r] = await db
    .insert(quickAnswers)
    .values({ companyId, ...v })
    .returning();
  return toQuickAnswerDto(r);
}

export async function updateQuickAnswer(
  companyId: number,
  id: number,
  patch: Partial<{ shortcut: string; message: string }>,
): Promise<QuickAnswerDto | null> {
  const [r] = await db
    .update(quickAnswers)
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(eq(quickAnswers.companyId, companyId), eq(quickAnswers.id, id)))
    .returning();
  return r ? toQuickAnswerDto(r) : null;
}

export async function deleteQuickAnswer(companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(quickAnswers)
    .where(and(eq(quickAnswers.companyId, companyId), eq(quickAnswers.id, id)))
    .returning({ id: quickAnswers.id });
  return r.length > 0;
}
