import type { QuickAnswerDto } from '@zapdesk/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { quickAnswers } from '../../db/schema';
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
import { deleteInCompany, findInCompany, insertInCompany, updateInCompany } from '../../platform/db/records';

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
  const r = await findInCompany(quickAnswers, companyId, id);
  return r ? toQuickAnswerDto(r) : null;
}

export const shortcutTaken = (companyId: number, shortcut: string, exceptId?: number): Promise<boolean> =>
  nameExists(quickAnswers, { ...quickAnswers, name: quickAnswers.shortcut }, companyId, shortcut, exceptId);

export async function insertQuickAnswer(companyId: number, v: { shortcut: string; message: string }) {
  return toQuickAnswerDto(await insertInCompany(quickAnswers, companyId, v));
}

export async function updateQuickAnswer(
  companyId: number,
  id: number,
  patch: Partial<{ shortcut: string; message: string }>,
): Promise<QuickAnswerDto | null> {
  const r = await updateInCompany(quickAnswers, companyId, id, patch);
  return r ? toQuickAnswerDto(r) : null;
}

export const deleteQuickAnswer = (companyId: number, id: number): Promise<boolean> =>
  deleteInCompany(quickAnswers, companyId, id);
