import type { QuickAnswerDto } from '@zapdesk/core';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { quickAnswers } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';

type Row = typeof quickAnswers.$inferSelect;

export const toQuickAnswerDto = (r: Row): QuickAnswerDto => ({
  id: r.id,
  shortcut: r.shortcut,
  message: r.message,
  companyId: r.companyId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A page by shortcut; with a search, shortcuts starting with the text come first (the '/' picker). */
export async function listQuickAnswers(
  companyId: number,
  q: { searchParam: string; limit: number; offset: number },
): Promise<{ rows: QuickAnswerDto[]; count: number }> {
  const parts: SQL[] = [eq(quickAnswers.companyId, companyId)];
  const order: SQL[] = [];
  if (q.searchParam) {
    const s = escapeLike(q.searchParam);
    parts.push(
      sql`(lower(${quickAnswers.shortcut}) like ${`%${s}%`} or lower(${quickAnswers.message}) like ${`%${s}%`})`,
    );
    order.push(sql`(lower(${quickAnswers.shortcut}) like ${`${s}%`}) desc`);
  }
  const where = and(...parts);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(quickAnswers)
      .where(where)
      .orderBy(...order, asc(sql`lower(${quickAnswers.shortcut})`), asc(quickAnswers.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(quickAnswers).where(where),
  ]);
  return { rows: rows.map(toQuickAnswerDto), count: Number(n) };
}

export async function findQuickAnswer(companyId: number, id: number): Promise<QuickAnswerDto | null> {
  const [r] = await db
    .select()
    .from(quickAnswers)
    .where(and(eq(quickAnswers.companyId, companyId), eq(quickAnswers.id, id)));
  return r ? toQuickAnswerDto(r) : null;
}

export async function shortcutTaken(companyId: number, shortcut: string, exceptId?: number): Promise<boolean> {
  const parts: SQL[] = [
    eq(quickAnswers.companyId, companyId),
    sql`lower(${quickAnswers.shortcut}) = ${shortcut.toLowerCase()}`,
  ];
  if (exceptId !== undefined) parts.push(ne(quickAnswers.id, exceptId));
  const [r] = await db
    .select({ id: quickAnswers.id })
    .from(quickAnswers)
    .where(and(...parts))
    .limit(1);
  return !!r;
}

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
