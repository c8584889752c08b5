import { and, eq, lt, ne, or } from 'drizzle-orm';
import { leads } from '../../db/schema';
import { db } from '../../platform/db';

export type LeadRow = typeof leads.$inferSelect;

/** Leads are platform-level (before any company exists): every function here is company-agnostic by design. */
export async function insertLead(values: typeof leads.$inferInsert): Promise<LeadRow> {
  const [r] = await db.insert(leads).values(values).returning();
  return r as LeadRow;
}

export async function findLeadByPublicId(publicId: string): Promise<LeadRow | undefined> {
  const [r] = await db.select().from(leads).where(eq(leads.publicId, publicId)).limit(1);
  return r;
}

/**
 * Takes the lead for one subscription: only a lead still in `from.status` (or claimed long ago by a process that
 * stopped) moves to `toStatus` (two concurrent submissions of the same link: one wins, the other finds nothing).
 * The lead records the subscription's normalized document (`trialDocument`, unique: a document another lead holds
 * makes this throw a unique violation). A claim left by a stopped process (stale) holds its document no more: another
 * lead may take it (else a sign-up that died mid-way would refuse the document for ever). Answers whether this call
 * took it.
 */
export async function claimLead(
  id: number,
  from: { status: string; orStaleClaim: { status: string; before: Date } },
  toStatus: string,
  at: Date,
  trialDocument: string,
): Promise<boolean> {
  const stale = and(eq(leads.status, from.orStaleClaim.status), lt(leads.updatedAt, from.orStaleClaim.before));
  await db
    .update(leads)
    .set({ trialDocument: null })
    .where(and(eq(leads.trialDocument, trialDocument), ne(leads.id, id), stale));
  const rows = await db
    .update(leads)
    .set({ status: toStatus, updatedAt: at, trialDocument })
    .where(
      and(
        eq(leads.id, id),
        or(
          eq(leads.status, from.status),
          // a claim its process never finished (it stopped mid-way): taken again
          stale,
        ),
      ),
    )
    .returning({ id: leads.id });
  return rows.length > 0;
}

export async function updateLead(id: number, patch: Partial<typeof leads.$inferInsert>): Promise<void> {
  await db.update(leads).set(patch).where(eq(leads.id, id));
}
