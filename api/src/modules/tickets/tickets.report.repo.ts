/**
 * The dashboard and reports aggregate over tickets (issue 19): the sums of core's definitions (report-definitions.ts:
 * ticketWaitSeconds, ticketServiceSeconds — the same arithmetic, in SQL) per attendant and queue of the tickets
 * created in a range. The range is split by core's splitReportRange: its settled whole days (the day before yesterday
 * and older) are read from ticket_report_days, summed once per day and summed again only when one of their tickets
 * changed (ticket_report_dirty, marked by a trigger); its edges and the recent days are summed live from the tickets
 * (tickets_company_created_report_idx: an index-only range scan). bench:dash: a year of a 100k-ticket company reads
 * ~11k day rows instead of 100k tickets.
 */
import { EMPTY_SUMS, type ReportGroups, type ReportSums, reportDayStart, splitReportRange } from '@zapdesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { nowDate } from '../../platform/clock';
import { db, list, queryRows } from '../../platform/db';

export type ReportFilter = {
  from: Date;
  to: Date;
  /** null: every queue */
  queueIds: number[] | null;
  /** null: every attendant */
  userIds: number[] | null;
};

/** A ticket's company-local day of creation (fixed -03:00, as the date filters and the dirty-marking trigger). */
const DAY = sql`((t.created_at at time zone 'UTC') - interval '3 hours')::date`;
/** core ticketWaitSeconds */
const WAIT = sql`case when t.queued_at is not null and t.accepted_at >= t.queued_at
  then extract(epoch from t.accepted_at - t.queued_at) end`;
/** core ticketServiceSeconds */
const SERVICE = sql`case when t.status = 'closed' and t.accepted_at is not null and t.closed_at >= t.accepted_at
  then greatest(0, extract(epoch from t.closed_at - t.accepted_at) - t.closed_gap_ms / 1000.0) end`;
/** core ReportSums of a group of tickets `t` */
const SUMS = sql`count(*)::int as tickets,
  (count(*) filter (where t.status = 'pending'))::int as pending,
  (count(*) filter (where t.status = 'open'))::int as open,
  (count(*) filter (where t.status = 'closed'))::int as closed,
  count(${SERVICE})::int as tma_count, coalesce(sum(${SERVICE}), 0)::float8 as tma_seconds,
  count(${WAIT})::int as tme_count, coalesce(sum(${WAIT}), 0)::float8 as tme_seconds,
  (count(*) filter (where t.instants_estimated))::int as estimated`;

function filters(col: { user: SQL; queue: SQL }, f: ReportFilter): SQL[] {
  const conds: SQL[] = [];
  if (f.queueIds) conds.push(sql`${col.queue} = any(${list(f.queueIds)}::int[])`);
  if (f.userIds) conds.push(sql`${col.user} = any(${list(f.userIds)}::int[])`);
  return conds;
}

function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${last}T00:00:00Z`); d += 86_400_000) {
    out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * Makes sure every day of [first, last] is summed in ticket_report_days and none is stale: the days never summed and
 * those marked dirty are summed again from their tickets. The marks are taken (deleted) BEFORE the tickets are read,
 * so a change committed after that read marks the day again.
 */
async function settleReportDays(companyId: number, first: string, last: string): Promise<void> {
  const [state] = await queryRows<{ dirty: string[] | null; done: string[] | null }>(sql`
    with d as (
      delete from ticket_report_dirty where company_id = ${companyId} and day between ${first} and ${last} returning day
    )
    select (select array_agg(day::text) from d) as dirty,
      (select array_agg(day::text) from ticket_report_days
        where company_id = ${companyId} and day between ${first} and ${last} and user_id = -1) as done`);
  const done = new Set(state?.done ?? []);
  const dirty = new Set(state?.dirty ?? []);
  const todo = daysBetween(first, last).filter((d) => !done.has(d) || dirty.has(d));
  if (!todo.length) return;
  // the whole span from the first to the last day to sum, as one created_at range (index order); days inside it that
  // were up to date are summed again, harmlessly
  const a = todo[0];
  const b = todo[todo.length - 1];
  const from = reportDayStart(a);
  const to = new Date(reportDayStart(b).getTime() + 86_400_000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ticket_report_days where company_id = ${companyId} and day between ${a} and ${b}`);
    // a concurrent report may sum the same days: the later write wins (both read committed tickets)
    await tx.execute(sql`
      insert into ticket_report_days (company_id, day, user_id, queue_id, tickets, pending, open, closed,
        tma_count, tma_seconds, tme_count, tme_seconds, estimated)
      select ${companyId}::int, d::date, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0
      from generate_series(${a}::date, ${b}::date, interval '1 day') as d
      union all
      select ${companyId}::int, ${DAY}, coalesce(t.user_id, 0), coalesce(t.queue_id, 0), ${SUMS}
      from tickets t
      where t.company_id = ${companyId} and t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()}
      group by 2, 3, 4
      on conflict (company_id, day, user_id, queue_id) do update set tickets = excluded.tickets,
        pending = excluded.pending, open = excluded.open, closed = excluded.closed,
        tma_count = excluded.tma_count, tma_seconds = excluded.tma_seconds, tme_count = excluded.tme_count,
        tme_seconds = excluded.tme_seconds, estimated = excluded.estimated`);
  });
}

type SumsRow = {
  /** 1: a (user, queue) group; 0: a day's group (`day`) */
  per_pair: number;
  day: string | null;
  user_id: number | null;
  queue_id: number | null;
  tickets: number;
  pending: number;
  open: number;
  closed: number;
  tma_count: number;
  tma_seconds: number;
  tme_count: number;
  tme_seconds: number;
  estimated: number;
  user_name: string | null;
  queue_name: string | null;
  queue_color: string | null;
};

export type ReportAggregate = {
  groups: ReportGroups;
  users: Map<number, string>;
  queues: Map<number, { name: string; color: string | null }>;
};

const add = (a: ReportSums, b: ReportSums): ReportSums => ({
  tickets: a.tickets + b.tickets,
  pending: a.pending + b.pending,
  open: a.open + b.open,
  closed: a.closed + b.closed,
  tmaCount: a.tmaCount + b.tmaCount,
  tmaSeconds: a.tmaSeconds + b.tmaSeconds,
  tmeCount: a.tmeCount + b.tmeCount,
  tmeSeconds: a.tmeSeconds + b.tmeSeconds,
  estimated: a.estimated + b.estimated,
});

/**
 * The sums of the tickets created in the range per (attendant, queue), then per attendant, per queue and in all; and
 * per local day of creation (the dashboard's per-day series), from the same rows in the same scan (grouping sets).
 */
export async function reportAggregate(companyId: number, f: ReportFilter): Promise<ReportAggregate> {
  const split = splitReportRange(f.from, f.to, nowDate());
  if (split.days) await settleReportDays(companyId, split.days.first, split.days.last);
  const parts: SQL[] = [];
  if (split.days) {
    const conds = [
      sql`d.company_id = ${companyId}`,
      sql`d.day between ${split.days.first} and ${split.days.last}`,
      sql`d.user_id >= 0`,
      ...filters({ user: sql`d.user_id`, queue: sql`d.queue_id` }, f),
    ];
    parts.push(sql`select d.day, nullif(d.user_id, 0) as user_id, nullif(d.queue_id, 0) as queue_id, d.tickets, d.pending,
      d.open, d.closed, d.tma_count, d.tma_seconds, d.tme_count, d.tme_seconds, d.estimated
      from ticket_report_days d where ${sql.join(conds, sql` and `)}`);
  }
  for (const r of split.live) {
    const conds = [
      sql`t.company_id = ${companyId}`,
      sql`t.created_at >= ${r.from.toISOString()}`,
      r.toInclusive ? sql`t.created_at <= ${r.to.toISOString()}` : sql`t.created_at < ${r.to.toISOString()}`,
      ...filters({ user: sql`t.user_id`, queue: sql`t.queue_id` }, f),
    ];
    parts.push(sql`select ${DAY} as day, t.user_id, t.queue_id, ${SUMS} from tickets t
      where ${sql.join(conds, sql` and `)} group by 1, 2, 3`);
  }
  const rows = await queryRows<SumsRow>(sql`
    with x as (${sql.join(parts, sql` union all `)}),
    g as (
      select grouping(day)::int as per_pair, to_char(day, 'YYYY-MM-DD') as day, user_id, queue_id,
        sum(tickets)::int as tickets, sum(pending)::int as pending, sum(open)::int as open,
        sum(closed)::int as closed, sum(tma_count)::int as tma_count, sum(tma_seconds)::float8 as tma_seconds,
        sum(tme_count)::int as tme_count, sum(tme_seconds)::float8 as tme_seconds, sum(estimated)::int as estimated
      from x group by grouping sets ((user_id, queue_id), (day))
    )
    select g.*, u.name as user_name, q.name as queue_name, q.color as queue_color
    from g
    left join users u on u.id = g.user_id and u.company_id = ${companyId}
    left join queues q on q.id = g.queue_id and q.company_id = ${companyId}`);
  const byUser = new Map<number | null, ReportSums>();
  const byQueue = new Map<number | null, ReportSums>();
  const users = new Map<number, string>();
  const queues = new Map<number, { name: string; color: string | null }>();
  const byDay = new Map<string, ReportSums>();
  let total = EMPTY_SUMS;
  for (const r of rows) {
    const s: ReportSums = {
      tickets: Number(r.tickets),
      pending: Number(r.pending),
      open: Number(r.open),
      closed: Number(r.closed),
      tmaCount: Number(r.tma_count),
      tmaSeconds: Number(r.tma_seconds),
      tmeCount: Number(r.tme_count),
      tmeSeconds: Number(r.tme_seconds),
      estimated: Number(r.estimated),
    };
    if (s.tickets === 0) continue;
    if (Number(r.per_pair) === 0) {
      if (r.day) byDay.set(r.day, s);
      continue;
    }
    const userId = r.user_id === null ? null : Number(r.user_id);
    const queueId = r.queue_id === null ? null : Number(r.queue_id);
    total = add(total, s);
    byUser.set(userId, add(byUser.get(userId) ?? EMPTY_SUMS, s));
    byQueue.set(queueId, add(byQueue.get(queueId) ?? EMPTY_SUMS, s));
    if (userId !== null) users.set(userId, r.user_name ?? '');
    if (queueId !== null) queues.set(queueId, { name: r.queue_name ?? '', color: r.queue_color });
  }
  return { groups: { total, byUser, byQueue, byDay }, users, queues };
}

/** Ids of the tickets created in the range, newest first, at most `limit`. */
export async function reportTicketIds(companyId: number, f: ReportFilter, limit: number): Promise<number[]> {
  const conds = [
    sql`t.company_id = ${companyId}`,
    sql`t.created_at >= ${f.from.toISOString()}`,
    sql`t.created_at <= ${f.to.toISOString()}`,
    ...filters({ user: sql`t.user_id`, queue: sql`t.queue_id` }, f),
  ];
  const rows = await queryRows<{ id: number }>(sql`
    select t.id from tickets t where ${sql.join(conds, sql` and `)}
    order by t.created_at desc, t.id desc limit ${limit}`);
  return rows.map((r) => Number(r.id));
}

/** Whether every queue and user id belongs to the company (a filter naming another company's id answers 404). */
export async function reportRefsInCompany(
  companyId: number,
  refs: { queueIds: number[]; userIds: number[] },
): Promise<{ queues: boolean; users: boolean }> {
  const [r] = await queryRows<{ q: number; u: number }>(sql`
    select
      (select count(*)::int from queues where company_id = ${companyId} and id = any(${list(refs.queueIds)}::int[])) as q,
      (select count(*)::int from users where company_id = ${companyId} and id = any(${list(refs.userIds)}::int[])) as u`);
  return {
    queues: Number(r?.q ?? 0) === new Set(refs.queueIds).size,
    users: Number(r?.u ?? 0) === new Set(refs.userIds).size,
  };
}

/** The demo's references for its past conversations (first embedded start only; `unsafe`: found by name). */
export async function unsafeDemoTicketRefs(
  companyName: string,
  userEmails: string[],
  contactPrefix: string,
): Promise<{
  companyId: number;
  userIds: number[];
  queueIds: number[];
  whatsappId: number | null;
  past: number;
} | null> {
  const [r] = await queryRows<{
    company_id: number;
    user_ids: number[] | null;
    queue_ids: number[] | null;
    whatsapp_id: number | null;
    past: number;
  }>(sql`
    select c.id as company_id,
      (select array_agg(u.id order by u.id) from users u where u.company_id = c.id and u.email = any(${list(userEmails)}::text[])) as user_ids,
      (select array_agg(q.id order by q.id) from queues q where q.company_id = c.id) as queue_ids,
      (select w.id from whatsapps w where w.company_id = c.id order by w.is_default desc, w.id limit 1) as whatsapp_id,
      (select count(*)::int from tickets t join contacts ct on ct.id = t.contact_id
        where t.company_id = c.id and ct.number like ${`${contactPrefix}%`}) as past
    from companies c where c.name = ${companyName} order by c.id limit 1`);
  if (!r) return null;
  return {
    companyId: Number(r.company_id),
    userIds: (r.user_ids ?? []).map(Number),
    queueIds: (r.queue_ids ?? []).map(Number),
    whatsappId: r.whatsapp_id === null ? null : Number(r.whatsapp_id),
    past: Number(r.past),
  };
}
