import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  companies,
  queues,
  settings,
  tickets,
  userAuthorizations,
  userQueues,
  users,
  whatsapps,
} from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { type Db, db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const userColumns = {
  user: users,
  groupName: userAuthorizations.name,
  whatsappName: whatsapps.name,
};

function baseQuery(where: SQL | undefined) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(
      userAuthorizations,
      and(eq(userAuthorizations.id, users.userAuthorizationId), eq(userAuthorizations.companyId, users.companyId)),
    )
    .leftJoin(whatsapps, and(eq(whatsapps.id, users.whatsappId), eq(whatsapps.companyId, users.companyId)))
    .where(where);
}
export type UserListRow = Awaited<ReturnType<typeof baseQuery>>[number];

/** Queues of many users in one statement. */
export async function queuesOfUsers(companyId: number, userIds: number[]) {
  if (!userIds.length) return new Map<number, { id: number; name: string; color: string }[]>();
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.name));
  const map = new Map<number, { id: number; name: string; color: string }[]>();
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    map.set(r.userId, list);
  }
  return map;
}

/** A page of the company's users by name; `search` contained in the name or the e-mail. */
export function listUsersPage(companyId: number, search: string, w: PageWindow): Promise<Page<UserListRow>> {
  const where = and(eq(users.companyId, companyId), containsText(search, users.name, users.email));
  const rows = baseQuery(where).orderBy(asc(users.name), asc(users.id)).limit(w.limit).offset(w.offset);
  return countedPage(w, rows, countRows(users, where));
}

export async function listAllUsers(companyId: number) {
  return baseQuery(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id));
}

export async function findUserInCompany(companyId: number, id: number): Promise<UserListRow | undefined> {
  const [row] = await baseQuery(and(eq(users.companyId, companyId), eq(users.id, id))).limit(1);
  return row;
}

export async function queueIdsOfUser(companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userQueues.queueId })
    .from(userQueues)
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function countUsers(companyId: number, exec: Pick<Db, 'select'> = db): Promise<number> {
  const [r] = await exec.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return Number(r.n);
}

/** E-mails are unique across the platform (login is by e-mail alone). */
export async function unsafeEmailTaken(email: string, exceptUserId?: number): Promise<boolean> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined))
    .limit(1);
  return !!r;
}

export async function countQueuesInCompany(companyId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const [r] = await db
    .select({ n: count() })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
  return Number(r.n);
}

export async function groupExistsInCompany(companyId: number, id: number): Promise<boolean> {
  const [r] = await db
    .select({ id: userAuthorizations.id })
    .from(userAuthorizations)
    .where(and(eq(userAuthorizations.companyId, companyId), eq(userAuthorizations.id, id)))
    .limit(1);
  return !!r;
}

export async function whatsappExistsInCompany(companyId: number, id: number): Promise<boolean> {
  const [r] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .limit(1);
  return !!r;
}

/** A company setting's value (settings are read-only here; the settings area owns writes). */
export async function settingValue(companyId: number, key: string): Promise<string | null> {
  const [r] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
    .limit(1);
  return r?.value ?? null;
}

/** Advisory lock class of a company's user-count checks ('USRL'); the second key is the company id. */
const USER_COUNT_LOCK = 0x5553524c;

export type CompanyLimitsRow = NonNullable<Awaited<ReturnType<typeof companyLimits>>>;

/**
 * Inserts the user with their queues. `admit` is asked inside the transaction, after taking the company's user-count
 * lock, with the company's limits and its user count read there: two creations at the plan limit cannot both pass
 * (a count read before the transaction would let them). It throws to refuse. PGlite has one connection and runs one
 * transaction at a time, so the lock is a no-op there and the transaction alone serialises.
 */
export async function insertUser(
  companyId: number,
  values: Omit<NewUserRow, 'companyId'>,
  queueIds: number[],
  admit: (company: CompanyLimitsRow | null, users: number) => void,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_COUNT_LOCK}::int, ${companyId}::int)`);
    admit(await companyLimits(companyId, tx), await countUsers(companyId, tx));
    const [u] = await tx
      .insert(users)
      .values({ ...values, companyId })
      .returning();
    if (queueIds.length) {
      await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId: u.id, queueId })));
    }
    return u;
  });
}

export async function updateUser(
  companyId: number,
  id: number,
  values: Partial<Omit<NewUserRow, 'id' | 'companyId'>>,
  queueIds: number[] | undefined,
  opts: { bumpTokenVersion: boolean },
) {
  await db.transaction(async (tx) => {
    const set: Record<string, unknown> = { ...values, updatedAt: nowDate() };
    if (opts.bumpTokenVersion) set.tokenVersion = sql`${users.tokenVersion} + 1`;
    await tx
      .update(users)
      .set(set)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)));
    if (queueIds) {
      await tx.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, id)));
      if (queueIds.length) {
        await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId: id, queueId })));
      }
    }
  });
}

/**
 * Deletes the user. Their open tickets go back to pending first (nobody would answer them otherwise);
 * other tickets keep their history with userId cleared by the foreign key.
 */
export async function deleteUser(companyId: number, id: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const reopened = await tx
      .update(tickets)
      .set({ status: 'pending', userId: null, updatedAt: nowDate() })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.userId, id), eq(tickets.status, 'open')))
      .returning({ id: tickets.id });
    await tx.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
    return reopened.map((r) => r.id);
  });
}

/** The company's plan limits (read fresh: they gate a write); null for an unknown company. */
export async function companyLimits(companyId: number, exec: Pick<Db, 'select'> = db) {
  const [c] = await exec
    .select({
      planId: companies.planId,
      numberAttendants: companies.numberAttendants,
      numberConections: companies.numberConections,
      campaignSendLimitPerHour: companies.campaignSendLimitPerHour,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return c ?? null;
}
