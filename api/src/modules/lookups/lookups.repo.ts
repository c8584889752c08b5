import { and, asc, eq } from 'drizzle-orm';
import { companies, users } from '../../db/schema';
import { db } from '../../platform/db';

/**
 * The platform's company: the company of the oldest master account (the one `create-master` / the demo made). Its
 * default connection is the platform's notification connection. Platform-level by design (hence `unsafe`).
 */
export async function unsafePlatformCompanyId(): Promise<number | null> {
  const [r] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.master, true), eq(companies.status, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return r?.companyId ?? null;
}
