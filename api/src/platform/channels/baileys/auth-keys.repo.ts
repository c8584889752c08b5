import { and, eq, inArray, like, lt, sql } from 'drizzle-orm';
import { whatsappAuthKeys } from '../../../db/schema';
import { db } from '../../db';

/**
 * Storage of the Baileys session (creds + signal keys + retry store) per connection. Values arrive here already
 * sealed by the secret box; this file only moves strings. Every function is scoped by companyId.
 */
export type AuthRow = { key: string; value: string };

export async function readAuthKeys(
  companyId: number,
  whatsappId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: whatsappAuthKeys.key, value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(
      and(
        eq(whatsappAuthKeys.companyId, companyId),
        eq(whatsappAuthKeys.whatsappId, whatsappId),
        inArray(whatsappAuthKeys.key, [...keys]),
      ),
    );
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeAuthKeys(companyId: number, whatsappId: number, rows: readonly AuthRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(whatsappAuthKeys)
    .values(rows.map((r) => ({ companyId, whatsappId, key: r.key, value: r.value })))
    .onConflictDoUpdate({
      target: [whatsappAuthKeys.whatsappId, whatsappAuthKeys.key],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      // a connection id never changes company; the guard keeps a forged id from overwriting another tenant's row
      setWhere: eq(whatsappAuthKeys.companyId, companyId),
    });
}

export async function deleteAuthKeys(companyId: number, whatsappId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(whatsappAuthKeys)
    .where(
      and(
        eq(whatsappAuthKeys.companyId, companyId),
        eq(whatsappAuthKeys.whatsappId, whatsappId),
        inArray(whatsappAuthKeys.key, [...keys]),
      ),
    );
}

/** Forget the whole session (logout, banned number): the next start pairs from a fresh QR code. */
export async function clearAuthKeys(companyId: number, whatsappId: number): Promise<void> {
  await db
    .delete(whatsappAuthKeys)
    .where(and(eq(whatsappAuthKeys.companyId, companyId), eq(whatsappAuthKeys.whatsappId, whatsappId)));
}

export async function pruneAuthKeys(
  companyId: number,
  whatsappId: number,
  prefix: string,
  olderThan: Date,
): Promise<number> {
  const rows = await db
    .delete(whatsappAuthKeys)
    .where(
      and(
        eq(whatsappAuthKeys.companyId, companyId),
        eq(whatsappAuthKeys.whatsappId, whatsappId),
        like(whatsappAuthKeys.key, `${prefix.replace(/[%_\\]/g, '\\$&')}%`),
        lt(whatsappAuthKeys.updatedAt, olderThan),
      ),
    )
    .returning({ key: whatsappAuthKeys.key });
  return rows.length;
}

export async function countAuthKeys(companyId: number, whatsappId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappAuthKeys)
    .where(and(eq(whatsappAuthKeys.companyId, companyId), eq(whatsappAuthKeys.whatsappId, whatsappId)));
  return row?.n ?? 0;
}
