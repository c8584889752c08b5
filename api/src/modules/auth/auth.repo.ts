import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { authSessions, companies, queues, userAuthorizations, userQueues, users } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;

/**
 * Login and refresh happen before a company is known, so the lookups by e-mail / token hash are deliberately
 * not company-scoped (`unsafe…`). Everything after them carries the row's companyId.
 */
export async function unsafeFindUserByEmail(email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

export async function unsafeFindSessionByHash(tokenHash: string): Promise<SessionRow | undefined> {
  const [s] = await db.select().from(authSessions).where(eq(authSessions.tokenHash, tokenHash)).limit(1);
  return s;
}

export async function insertSession(
  companyId: number,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<SessionRow> {
  const [s] = await db
    .insert(authSessions)
    .values({ companyId, ...values })
    .returning();
  return s;
}

/** Marks a live token used. False when it was already used or revoked (a concurrent or replayed refresh). */
export async function markSessionUsed(companyId: number, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ usedAt: at })
    .where(
      and(
        eq(authSessions.companyId, companyId),
        eq(authSessions.id, id),
        isNull(authSessions.usedAt),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length === 1;
}

export async function revokeFamily(companyId: number, familyId: string, at: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(
      and(eq(authSessions.companyId, companyId), eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)),
    );
}

/** Every session of a user (password reset, removal of rights). */
export async function revokeUserSessions(companyId: number, userId: number, at: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.companyId, companyId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Revokes every refresh session of the user except those of one family (the session that asked). */
export async function revokeUserSessionsExcept(
  companyId: number,
  userId: number,
  keepFamilyId: string,
  at: Date,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(authSessions.companyId, companyId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        ne(authSessions.familyId, keepFamilyId),
      ),
    );
}

/** Drops sessions that expired more than a day ago (housekeeping at login). */
export async function deleteExpiredSessions(companyId: number, userId: number): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.companyId, companyId),
        eq(authSessions.userId, userId),
        sql`${authSessions.expiresAt} < now() - interval '1 day'`,
      ),
    );
}

/** The user with company, group and queues, for the session answer (`SessionUserDto`). Two statements. */
export async function loadSessionUserRow(companyId: number, userId: number) {
  const [row] = await db
    .select({ user: users, company: companies, group: userAuthorizations })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(userAuthorizations, eq(userAuthorizations.id, users.userAuthorizationId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  if (!row) return undefined;
  const qs = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)))
    .orderBy(asc(queues.name));
  return { ...row, queues: qs };
}
export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof loadSessionUserRow>>>;

export async function setUserPassword(companyId: number, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowDate() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
