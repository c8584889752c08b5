import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { db, list } from '../../platform/db';

export type ChannelContactRow = typeof contacts.$inferSelect;

/** contacts of the company matching any of the number spellings or the LID (number matches first) */
export async function findChannelContacts(
  companyId: number,
  numbers: string[],
  lid: string | null,
): Promise<ChannelContactRow[]> {
  const conds = [];
  if (numbers.length) conds.push(inArray(contacts.number, numbers));
  if (lid) conds.push(eq(contacts.lid, lid), eq(contacts.number, lid));
  if (!conds.length) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), or(...conds)))
    .limit(5);
}

/** every contact of the company with one of these numbers, or one of these LIDs as LID or placeholder number */
export async function findChannelContactsAny(
  companyId: number,
  numbers: string[],
  lids: string[],
): Promise<ChannelContactRow[]> {
  const keys = [...numbers, ...lids];
  if (!keys.length) return [];
  const conds = [sql`${contacts.number} = any(${list(keys)}::text[])`];
  if (lids.length) conds.push(sql`${contacts.lid} = any(${list(lids)}::text[])`);
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), or(...conds)));
}

export async function insertChannelContact(
  companyId: number,
  c: { name: string; number: string; lid: string | null; isGroup: boolean; profilePicUrl: string | null },
): Promise<ChannelContactRow | null> {
  const [r] = await db
    .insert(contacts)
    .values({ companyId, ...c })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning();
  return r ?? null;
}

export async function patchChannelContact(
  companyId: number,
  id: number,
  patch: Partial<Pick<ChannelContactRow, 'name' | 'number' | 'lid' | 'profilePicUrl'>>,
): Promise<ChannelContactRow | null> {
  const [r] = await db
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning();
  return r ?? null;
}
