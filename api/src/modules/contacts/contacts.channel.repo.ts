import { and, eq, inArray, or } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { db } from '../../platform/db';

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
