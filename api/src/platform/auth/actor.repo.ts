import { eq, sql } from 'drizzle-orm';
import { companies, userAuthorizations, users } from '../../db/schema';
import { db } from '../db';

/** One statement: the user with group flags, company flags and queue ids. Deliberately not company-scoped (login). */
export async function unsafeLoadActorRow(userId: number) {
  const rows = await db
    .select({
      user: users,
      group: userAuthorizations,
      company: companies,
      queueIds: sql<
        number[]
      >`coalesce((select array_agg(uq.queue_id order by uq.queue_id) from user_queues uq where uq.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(userAuthorizations, eq(userAuthorizations.id, users.userAuthorizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}
export type ActorRow = NonNullable<Awaited<ReturnType<typeof unsafeLoadActorRow>>>;
