import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { messageRawLogs, users } from '../../db/schema';
import { columns, db, list, queryRows } from '../../platform/db';
import { containsText, type OpenPage, openPage, type PageWindow } from '../../platform/db/paging';

export type RawLogRow = typeof messageRawLogs.$inferSelect;

export async function updateRawLog(
  companyId: number,
  id: number,
  patch: Partial<Pick<RawLogRow, 'status' | 'error' | 'ticketId' | 'timeSpent' | 'jsonValue' | 'type' | 'body'>>,
): Promise<RawLogRow | null> {
  const [r] = await db
    .update(messageRawLogs)
    .set(patch)
    .where(and(eq(messageRawLogs.companyId, companyId), eq(messageRawLogs.id, id)))
    .returning();
  return r ?? null;
}

/** jobs carry only the log id; the row tells the company */
export async function unsafeFindRawLog(id: number): Promise<RawLogRow | null> {
  const [r] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, id));
  return r ?? null;
}

/**
 * Group commit of the raw log: many events in one multi-row INSERT. Answers the rows in the order of `values`
 * (ids come from one sequence in VALUES order, so sorting by id restores it).
 */
export async function insertRawLogs(
  values: (Omit<typeof messageRawLogs.$inferInsert, 'id'> & {
    companyId: number;
    /** `jsonValue` already serialised (saves serialising it again) */
    jsonText?: string;
  })[],
): Promise<RawLogRow[]> {
  if (!values.length) return [];
  const col = columns(values);
  // one statement text for any batch size; only the generated columns come back (the payload is not parsed again)
  const ids = await queryRows<{ id: number; at: number }>(sql`
    insert into message_raw_logs (company_id, whatsapp_id, remote_jid, message_id, from_me, type, body, status, json_value)
    select * from unnest(${col((v) => v.companyId)}::int[], ${col((v) => v.whatsappId ?? null)}::int[],
      ${col((v) => v.remoteJid ?? null)}::text[], ${col((v) => v.messageId ?? null)}::text[],
      ${col((v) => String(v.fromMe ?? false))}::text[]::bool[], ${col((v) => v.type ?? null)}::text[],
      ${col((v) => v.body ?? null)}::text[], ${col((v) => v.status ?? 'received')}::text[],
      ${col((v) => v.jsonText ?? (v.jsonValue === undefined || v.jsonValue === null ? null : JSON.stringify(v.jsonValue)))}::jsonb[])
    returning id, (extract(epoch from created_at) * 1000)::float8 as at`);
  ids.sort((x, y) => x.id - y.id);
  return values.map((v, i) => {
    const g = ids[i] as { id: number; at: number };
    return {
      id: g.id,
      companyId: v.companyId,
      whatsappId: v.whatsappId ?? null,
      remoteJid: v.remoteJid ?? null,
      messageId: v.messageId ?? null,
      fromMe: v.fromMe ?? false,
      ticketId: v.ticketId ?? null,
      type: v.type ?? null,
      body: v.body ?? null,
      timeSpent: v.timeSpent ?? null,
      status: v.status ?? 'received',
      error: v.error ?? null,
      jsonValue: v.jsonValue ?? null,
      createdAt: new Date(Number(g.at)),
    };
  });
}

/** jobs carry only log ids; the rows tell the companies. Ordered by id (arrival order). */
export async function unsafeFindRawLogs(ids: number[]): Promise<RawLogRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(messageRawLogs)
    .where(sql`${messageRawLogs.id} = any(${list(ids)}::int[])`)
    .orderBy(asc(messageRawLogs.id));
}

export type RawLogFinish = { id: number; ticketId: number | null; error: string | null; timeSpent: number };

/** marks many logs processed in one statement; answers the given rows as they now are */
export async function finishRawLogs(companyId: number, done: RawLogFinish[], rows: RawLogRow[]): Promise<RawLogRow[]> {
  if (!done.length) return [];
  const ids = await queryRows<{ id: number }>(sql`
    update message_raw_logs r set status = 'processed', ticket_id = v.ticket_id, error = v.error, time_spent = v.time_spent
    from unnest(${list(done.map((d) => d.id))}::int[], ${list(done.map((d) => d.ticketId))}::int[],
      ${list(done.map((d) => d.error))}::text[], ${list(done.map((d) => d.timeSpent))}::int[]) as v(id, ticket_id, error, time_spent)
    where r.company_id = ${companyId} and r.id = v.id
    returning r.id`);
  const patch = new Map(done.map((d) => [d.id, d]));
  const updated = new Set(ids.map((r) => Number(r.id)));
  return rows.flatMap((r) => {
    const d = patch.get(r.id);
    return d && updated.has(r.id)
      ? [{ ...r, status: 'processed' as const, ticketId: d.ticketId, error: d.error, timeSpent: d.timeSpent }]
      : [];
  });
}

// the raw-log screen (spec 3 §3, master only)

/**
 * Raw logs are a platform-level (master) view across companies, hence `unsafe`: the route is master-only.
 */
export function unsafeListRawLogs(
  f: { searchParam: string; withError: boolean },
  w: PageWindow,
): Promise<OpenPage<RawLogRow>> {
  const where = and(
    containsText(
      f.searchParam,
      messageRawLogs.body,
      messageRawLogs.remoteJid,
      messageRawLogs.messageId,
      messageRawLogs.type,
      messageRawLogs.error,
    ),
    // "search with error": every log that is not a clean success (failed, warning, no ticket, not processed yet)
    f.withError
      ? or(ne(messageRawLogs.status, 'processed'), isNotNull(messageRawLogs.error), isNull(messageRawLogs.ticketId))
      : undefined,
  );
  return openPage(w, (p) =>
    db
      .select()
      .from(messageRawLogs)
      .where(where)
      .orderBy(desc(messageRawLogs.createdAt), desc(messageRawLogs.id))
      .limit(p.limit)
      .offset(p.offset),
  );
}

/** every company's raw logs (master action); answers how many went. Touches nothing else (messages, tickets). */
export async function unsafeDeleteAllRawLogs(): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    sql`with gone as (delete from message_raw_logs returning 1) select count(*)::int as n from gone`,
  );
  return Number(r?.n ?? 0);
}

/**
 * The raw logs created since `since` that produced no message (failed, never processed, or processed without a
 * ticket), oldest first, at most `limit`: what "reprocess recent messages" runs again. Platform-wide (master action).
 */
export async function unsafeRecentRawLogsWithoutMessage(
  since: Date,
  /** logs still 'received' newer than this are in flight (their own processing runs now): left to it */
  settledBefore: Date,
  limit: number,
): Promise<RawLogRow[]> {
  return db
    .select()
    .from(messageRawLogs)
    .where(
      and(
        gte(messageRawLogs.createdAt, since),
        or(
          eq(messageRawLogs.status, 'failed'),
          and(eq(messageRawLogs.status, 'received'), lt(messageRawLogs.createdAt, settledBefore)),
          and(eq(messageRawLogs.status, 'processed'), isNull(messageRawLogs.ticketId)),
        ),
      ),
    )
    .orderBy(asc(messageRawLogs.id))
    .limit(limit);
}

/** master users (id, company) to address the master-only live channel */
export async function unsafeMasterUsers(): Promise<{ id: number; companyId: number }[]> {
  return db.select({ id: users.id, companyId: users.companyId }).from(users).where(sql`${users.master} = true`);
}
