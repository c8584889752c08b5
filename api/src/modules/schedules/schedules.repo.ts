import type { ScheduleDto, ScheduleStatus, TypeMessage, TypeSchedule } from '@zapdesk/core';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companies, contacts, queues, scheduleSends, schedules, users, whatsapps } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { containsText, countedPage, type Page, type PageWindow } from '../../platform/db/paging';

export type ScheduleRow = typeof schedules.$inferSelect;
export type SendStatus = 'sending' | 'retrying' | 'sent' | 'failed' | 'missed';

const columns = {
  s: schedules,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number },
  queueName: queues.name,
  whatsappName: whatsapps.name,
  userName: users.name,
};

type JoinedRow = {
  s: ScheduleRow;
  contact: { id: number; name: string; number: string };
  queueName: string | null;
  whatsappName: string | null;
  userName: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(r: JoinedRow): ScheduleDto {
  const s = r.s;
  return {
    id: s.id,
    body: s.body,
    typeMessage: s.typeMessage as TypeMessage,
    typeSchedule: s.typeSchedule as TypeSchedule,
    sendAt: s.sendAt.toISOString(),
    sentAt: iso(s.sentAt),
    repeatCount: s.repeatCount,
    repeatCounter: s.repeatCounter,
    status: s.status as ScheduleStatus,
    lastError: s.lastError,
    nextSendAt: iso(s.nextSendAt),
    contactId: s.contactId,
    contact: r.contact,
    queueId: s.queueId,
    queue: s.queueId !== null && r.queueName !== null ? { id: s.queueId, name: r.queueName } : null,
    whatsappId: s.whatsappId,
    whatsapp: s.whatsappId !== null && r.whatsappName !== null ? { id: s.whatsappId, name: r.whatsappName } : null,
    userId: s.userId,
    user: s.userId !== null && r.userName !== null ? { id: s.userId, name: r.userName } : null,
    mediaUrl: s.mediaUrl,
    mediaName: s.mediaName,
    companyId: s.companyId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function joined(where: SQL | undefined) {
  return db
    .select(columns)
    .from(schedules)
    .innerJoin(contacts, and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)))
    .leftJoin(queues, and(eq(queues.id, schedules.queueId), eq(queues.companyId, schedules.companyId)))
    .leftJoin(whatsapps, and(eq(whatsapps.id, schedules.whatsappId), eq(whatsapps.companyId, schedules.companyId)))
    .leftJoin(users, and(eq(users.id, schedules.userId), eq(users.companyId, schedules.companyId)))
    .where(where);
}

export type ScheduleFilter = { status?: ScheduleStatus; userId?: number; contactId?: number; search: string };

function filterWhere(companyId: number, f: ScheduleFilter): SQL | undefined {
  return and(
    eq(schedules.companyId, companyId),
    f.status ? eq(schedules.status, f.status) : undefined,
    f.userId ? eq(schedules.userId, f.userId) : undefined,
    f.contactId ? eq(schedules.contactId, f.contactId) : undefined,
    containsText(f.search, contacts.name, contacts.number, schedules.body),
  );
}

/** A page of the company's schedules: upcoming first by next send time, then finished ones newest first. */
export function listSchedules(companyId: number, f: ScheduleFilter, w: PageWindow): Promise<Page<ScheduleDto>> {
  const where = filterWhere(companyId, f);
  const rows = joined(where)
    .orderBy(sql`${schedules.nextSendAt} asc nulls last`, desc(schedules.sendAt), desc(schedules.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toDto));
  const total = db
    .select({ n: sql<number>`count(*)::int` })
    .from(schedules)
    .innerJoin(contacts, and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)))
    .where(where)
    .then(([r]) => Number(r?.n ?? 0));
  return countedPage(w, rows, total);
}

export async function findSchedule(companyId: number, id: number): Promise<ScheduleDto | null> {
  const [r] = await joined(and(eq(schedules.companyId, companyId), eq(schedules.id, id))).limit(1);
  return r ? toDto(r) : null;
}

/** The row and the company's time zone (what delivery needs). */
export async function findScheduleRow(
  companyId: number,
  id: number,
): Promise<{ row: ScheduleRow; timeZone: string; companyActive: boolean; enableSchedules: boolean } | null> {
  const [r] = await db
    .select({
      row: schedules,
      timeZone: companies.timezone,
      companyActive: companies.status,
      enableSchedules: companies.enableSchedules,
    })
    .from(schedules)
    .innerJoin(companies, eq(companies.id, schedules.companyId))
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .limit(1);
  return r ?? null;
}

export async function companyTimeZone(companyId: number): Promise<string | null> {
  const [r] = await db.select({ tz: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return r?.tz ?? null;
}

export type ScheduleValues = Omit<typeof schedules.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

export async function insertSchedule(companyId: number, v: ScheduleValues): Promise<ScheduleRow> {
  const now = nowDate();
  const [r] = await db
    .insert(schedules)
    .values({ ...v, companyId, createdAt: now, updatedAt: now })
    .returning();
  return r;
}

export async function updateSchedule(
  companyId: number,
  id: number,
  patch: Partial<ScheduleValues>,
): Promise<ScheduleRow | null> {
  const [r] = await db
    .update(schedules)
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .returning();
  return r ?? null;
}

export async function deleteSchedule(companyId: number, id: number): Promise<ScheduleRow | null> {
  const [r] = await db
    .delete(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .returning();
  return r ?? null;
}

/** The bulk deletes: the company's schedules of a status (or all), of one user (or everyone's). */
export async function deleteSchedules(
  companyId: number,
  f: { status?: ScheduleStatus; userId?: number },
): Promise<{ id: number; nextOccurrence: number | null; nextSendAt: Date | null }[]> {
  return db
    .delete(schedules)
    .where(
      and(
        eq(schedules.companyId, companyId),
        f.status ? eq(schedules.status, f.status) : undefined,
        f.userId !== undefined ? eq(schedules.userId, f.userId) : undefined,
      ),
    )
    .returning({ id: schedules.id, nextOccurrence: schedules.nextOccurrence, nextSendAt: schedules.nextSendAt });
}

/** The company's pending schedules (a time-zone change re-plans them). */
export async function pendingScheduleIds(companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.status, 'PENDENTE')))
    .orderBy(asc(schedules.id));
  return rows.map((r) => r.id);
}

/**
 * Every company's pending schedules after `afterId`, by id (the start-up catch-up walks them in batches). Across
 * companies, hence `unsafe`: only the catch-up, which then handles each with its own company.
 */
export async function unsafePendingSchedules(
  afterId: number,
  limit: number,
): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: schedules.id, companyId: schedules.companyId })
    .from(schedules)
    .where(and(eq(schedules.status, 'PENDENTE'), sql`${schedules.id} > ${afterId}`))
    .orderBy(asc(schedules.id))
    .limit(limit);
}

// --- occurrences ---------------------------------------------------------------------------------------------------

export type Claim =
  /** this delivery sends it */
  | { kind: 'claimed'; attempts: number }
  /** already sent, failed or missed */
  | { kind: 'done'; status: 'sent' | 'failed' | 'missed' }
  /** another delivery is sending it right now */
  | { kind: 'busy' }
  /** a delivery claimed it and never finished (its process died mid-send): whether it went out is unknown */
  | { kind: 'interrupted' };

/**
 * Claims occurrence `occurrence` of a schedule for sending, in one transaction: a new row 'sending', or a 'retrying'
 * row taken back; a 'sending' row claimed more than `staleMs` ago is answered 'interrupted' (and marked failed by the
 * caller). UNIQUE (schedule, occurrence) makes two concurrent deliveries meet here: one sends, the other is 'busy'.
 */
export async function claimOccurrence(
  companyId: number,
  scheduleId: number,
  occurrence: number,
  dueAt: Date,
  staleMs: number,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const now = nowDate();
    const inserted = await tx
      .insert(scheduleSends)
      .values({ companyId, scheduleId, occurrence, status: 'sending', dueAt, claimedAt: now, attempts: 1 })
      .onConflictDoNothing()
      .returning({ id: scheduleSends.id });
    if (inserted.length) return { kind: 'claimed', attempts: 1 } as Claim;
    const [row] = await tx
      .select()
      .from(scheduleSends)
      .where(
        and(
          eq(scheduleSends.companyId, companyId),
          eq(scheduleSends.scheduleId, scheduleId),
          eq(scheduleSends.occurrence, occurrence),
        ),
      )
      .for('update');
    if (!row) return { kind: 'busy' } as Claim;
    if (row.status === 'retrying') {
      await tx
        .update(scheduleSends)
        .set({ status: 'sending', claimedAt: now, attempts: row.attempts + 1 })
        .where(eq(scheduleSends.id, row.id));
      return { kind: 'claimed', attempts: row.attempts + 1 } as Claim;
    }
    if (row.status === 'sending') {
      const claimedAt = row.claimedAt?.getTime() ?? 0;
      return (now.getTime() - claimedAt > staleMs ? { kind: 'interrupted' } : { kind: 'busy' }) as Claim;
    }
    return { kind: 'done', status: row.status as 'sent' | 'failed' | 'missed' } as Claim;
  });
}

/** Occurrences marked missed (already handled ones are left as they are). */
export async function markMissed(
  companyId: number,
  scheduleId: number,
  items: { occurrence: number; dueAt: Date }[],
  reason: string,
): Promise<void> {
  if (!items.length) return;
  await db
    .insert(scheduleSends)
    .values(
      items.map((i) => ({
        companyId,
        scheduleId,
        occurrence: i.occurrence,
        status: 'missed',
        dueAt: i.dueAt,
        error: reason,
        attempts: 0,
      })),
    )
    // an occurrence left waiting for a retry that a later one overtook is missed too
    .onConflictDoUpdate({
      target: [scheduleSends.scheduleId, scheduleSends.occurrence],
      set: { status: 'missed', error: reason },
      setWhere: sql`${scheduleSends.status} = 'retrying'`,
    });
}

/** An attempt failed and the job retries: the row waits as 'retrying'. */
export async function markRetrying(companyId: number, scheduleId: number, occurrence: number, error: string) {
  await db
    .update(scheduleSends)
    .set({ status: 'retrying', error })
    .where(
      and(
        eq(scheduleSends.companyId, companyId),
        eq(scheduleSends.scheduleId, scheduleId),
        eq(scheduleSends.occurrence, occurrence),
      ),
    );
}

export type Advance = {
  status: ScheduleStatus;
  nextOccurrence: number | null;
  nextSendAt: Date | null;
  lastError: string | null;
  /** a message went out */
  sentAt?: Date;
};

/**
 * The outcome of an occurrence and the schedule's next state, in one transaction: the occurrence row (sent or failed)
 * and the schedule moved on — only if it still expects this occurrence (`expectNext`): an edit or a delete in between
 * wins. Answers whether the schedule was moved.
 */
export async function finishOccurrence(
  companyId: number,
  scheduleId: number,
  expectNext: number,
  outcome:
    | { occurrence: number; status: 'sent'; messageId: number | null }
    | { occurrence: number; status: 'failed'; error: string }
    | null,
  next: Advance,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = nowDate();
    if (outcome) {
      await tx
        .update(scheduleSends)
        .set(
          outcome.status === 'sent'
            ? { status: 'sent', sentAt: now, messageId: outcome.messageId, error: null }
            : { status: 'failed', error: outcome.error },
        )
        .where(
          and(
            eq(scheduleSends.companyId, companyId),
            eq(scheduleSends.scheduleId, scheduleId),
            eq(scheduleSends.occurrence, outcome.occurrence),
          ),
        );
    }
    const moved = await tx
      .update(schedules)
      .set({
        status: next.status,
        nextOccurrence: next.nextOccurrence,
        nextSendAt: next.nextSendAt,
        lastError: next.lastError,
        updatedAt: now,
        ...(next.sentAt ? { sentAt: next.sentAt, repeatCounter: sql`${schedules.repeatCounter} + 1` } : {}),
      })
      .where(
        and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId), eq(schedules.nextOccurrence, expectNext)),
      )
      .returning({ id: schedules.id });
    return moved.length > 0;
  });
}

/** The highest occurrence number handled for a schedule (0 when none). */
export async function lastHandledOccurrence(companyId: number, scheduleId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number | null>`max(${scheduleSends.occurrence})` })
    .from(scheduleSends)
    .where(and(eq(scheduleSends.companyId, companyId), eq(scheduleSends.scheduleId, scheduleId)));
  return Number(r?.n ?? 0);
}

/** The occurrence rows of a schedule, in order (tests, support). */
export function occurrenceRows(companyId: number, scheduleId: number) {
  return db
    .select()
    .from(scheduleSends)
    .where(and(eq(scheduleSends.companyId, companyId), eq(scheduleSends.scheduleId, scheduleId)))
    .orderBy(asc(scheduleSends.occurrence));
}

/** Ids of schedules among `ids` that belong to the company (unused ids dropped). */
export async function scheduleIdsInCompany(companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), inArray(schedules.id, ids)));
  return rows.map((r) => r.id);
}

// --- demo ----------------------------------------------------------------------------------------------------------

/** A company by its exact name (the demo seed's look-up; not a tenant read). */
export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

export async function findUserIdByEmail(companyId: number, email: string): Promise<number | null> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)))
    .limit(1);
  return r?.id ?? null;
}

export async function countSchedules(companyId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schedules)
    .where(eq(schedules.companyId, companyId));
  return Number(r?.n ?? 0);
}
