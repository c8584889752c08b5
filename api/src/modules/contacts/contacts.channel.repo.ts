import { and, eq, or, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { columns, db, list, queryRows } from '../../platform/db';

export type ChannelContactRow = typeof contacts.$inferSelect;

/** contacts of the company matching any of the number spellings or the LID (as LID or placeholder number) */
export function findChannelContacts(
  companyId: number,
  numbers: string[],
  lid: string | null,
): Promise<ChannelContactRow[]> {
  return findChannelContactsAny(companyId, numbers, lid ? [lid] : []);
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
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning();
  return r ?? null;
}

/** new channel contacts in one statement; a number taken meanwhile is left out (answers only the inserted rows) */
export async function insertChannelContacts(
  companyId: number,
  rows: { name: string; number: string; lid: string | null; isGroup: boolean; profilePicUrl: string | null }[],
): Promise<ChannelContactRow[]> {
  if (!rows.length) return [];
  const col = columns(rows);
  const ids = await queryRows<{ id: number }>(sql`
    insert into contacts (company_id, name, number, lid, is_group, profile_pic_url)
    select ${companyId}::int, * from unnest(${col((r) => r.name)}::text[], ${col((r) => r.number)}::text[],
      ${col((r) => r.lid)}::text[], ${col((r) => String(r.isGroup))}::text[]::bool[],
      ${col((r) => r.profilePicUrl)}::text[])
    on conflict (company_id, number) do nothing
    returning id`);
  if (!ids.length) return [];
  return db
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.companyId, companyId), sql`${contacts.id} = any(${list(ids.map((r) => Number(r.id)))}::int[])`),
    );
}
