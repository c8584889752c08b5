/**
 * The dashboard and reports aggregate over tickets (issue 19): the sums of core's definitions (report-definitions.ts:
 * ticketWaitSeconds, ticketServiceSeconds — the same arithmetic, written in SQL so a year of a big company is summed
 * in the database) for the whole range, per attendant and per queue, in ONE statement read from one index
 * (tickets_company_created_report_idx: company, created_at, then every column read — an index-only range scan), with
 * the attendants' and queues' names. The ids of the counted tickets are a second statement on the same index.
 */
import type { ReportGroups, ReportSums } from '@zapdesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { list, queryRows } from '../../platform/db';

export type ReportFilter = {
  from: Date;
  to: Date;
  /** null: every queue */
  queueIds: number[] | null;
  /** null: every attendant */
  userIds: number[] | null;
};

function where(companyId: number, f: ReportFilter): SQL {
  const conds: SQL[] = [
    sql`t.company_id = ${companyId}`,
    sql`t.created_at >= ${f.from.toISOString()}`,
    sql`t.created_at <= ${f.to.toISOString()}`,
  ];
  if (f.queueIds) conds.push(sql`t.queue_id = any(${list(f.queueIds)}::int[])`);
  if (f.userIds) conds.push(sql`t.user_id = any(${list(f.userIds)}::int[])`);
  return sql.join(conds, sql` and `);
}

type SumsRow = {
  gu: number;
  gq: number;
  user_id: number | null;
  queue_id: number | null;
  n: number;
  pending: number;
  open: number;
  closed: number;
  tma_n: number;
  tma_s: number;
  tme_n: number;
  tme_s: number;
  est: number;
  user_name: string | null;
  queue_name: string | null;
  queue_color: string | null;
};

export type ReportAggregate = {
  groups: ReportGroups;
  users: Map<number, string>;
  queues: Map<number, { name: string; color: string | null }>;
};

/** The sums of the tickets created in the range (grouping sets: all, per attendant, per queue) and the names. */
export async function reportAggregate(companyId: number, f: ReportFilter): Promise<ReportAggregate> {
  const rows = await queryRows<SumsRow>(sql`
    with t as (
      select t.user_id, t.queue_id, t.status, t.instants_estimated,
        case when t.queued_at is not null and t.accepted_at >= t.queued_at
          then extract(epoch from t.accepted_at - t.queued_at) end as wait_s,
        case when t.status = 'closed' and t.accepted_at is not null and t.closed_at >= t.accepted_at
          then greatest(0, extract(epoch from t.closed_at - t.accepted_at) - t.closed_gap_ms / 1000.0) end as service_s
      from tickets t
      where ${where(companyId, f)}
    ), g as (
      select grouping(user_id)::int as gu, grouping(queue_id)::int as gq, user_id, queue_id,
        count(*)::int as n,
        (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status = 'open'))::int as open,
        (count(*) filter (where status = 'closed'))::int as closed,
        count(service_s)::int as tma_n, coalesce(sum(service_s), 0)::float8 as tma_s,
        count(wait_s)::int as tme_n, coalesce(sum(wait_s), 0)::float8 as tme_s,
        (count(*) filter (where instants_estimated))::int as est
      from t
      group by grouping sets ((), (user_id), (queue_id))
    )
    select g.*, u.name as user_name, q.name as queue_name, q.color as queue_color
    from g
    left join users u on g.gu = 0 and u.id = g.user_id and u.company_id = ${companyId}
    left join queues q on g.gq = 0 and q.id = g.queue_id and q.company_id = ${companyId}`);
  const byUser = new Map<number | null, ReportSums>();
  const byQueue = new Map<number | null, ReportSums>();
  const users = new Map<number, string>();
  const queues = new Map<number, { name: string; color: string | null }>();
  let total: ReportSums = {
    tickets: 0,
    pending: 0,
    open: 0,
    closed: 0,
    tmaCount: 0,
    tmaSeconds: 0,
    tmeCount: 0,
    tmeSeconds: 0,
    estimated: 0,
  };
  for (const r of rows) {
    const s: ReportSums = {
      tickets: Number(r.n),
      pending: Number(r.pending),
      open: Number(r.open),
      closed: Number(r.closed),
      tmaCount: Number(r.tma_n),
      tmaSeconds: Number(r.tma_s),
      tmeCount: Number(r.tme_n),
      tmeSeconds: Number(r.tme_s),
      estimated: Number(r.est),
    };
    const gu = Number(r.gu);
    const gq = Number(r.gq);
    const userId = r.user_id === null ? null : Number(r.user_id);
    const queueId = r.queue_id === null ? null : Number(r.queue_id);
    if (gu === 1 && gq === 1) total = s;
    else if (gu === 0) {
      byUser.set(userId, s);
      if (userId !== null) users.set(userId, r.user_name ?? '');
    } else {
      byQueue.set(queueId, s);
      if (queueId !== null) queues.set(queueId, { name: r.queue_name ?? '', color: r.queue_color });
    }
  }
  return { groups: { total, byUser, byQueue }, users, queues };
}

/** Ids of the tickets created in the range, newest first, at most `limit`. */
export async function reportTicketIds(companyId: number, f: ReportFilter, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(sql`
    select t.id from tickets t where ${where(companyId, f)}
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
