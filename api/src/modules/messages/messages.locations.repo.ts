import { and, eq } from 'drizzle-orm';
import { locations } from '../../db/schema';
import { db } from '../../platform/db';

/** a location of the company that can be sent (not deleted) */
export async function findSendableLocation(companyId: number, id: number) {
  const [r] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id), eq(locations.isDeleted, false)));
  return r ?? null;
}
