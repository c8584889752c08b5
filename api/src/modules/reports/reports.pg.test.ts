import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { buildReportData, type ReportData, type ReportTicket, sumTickets, type TicketStatus } from '@zapdesk/core';
import { createApp } from '../../app';
import { invalidateActors } from '../../platform/auth/actor';
import { dbHandle } from '../../platform/db';
import { loadEnv } from '../../platform/env';
import { bootPlatform, shutdownPlatform } from '../../platform/index';
import { makeCompany, makeQueue, makeUser } from '../../test/factories';
import { TEST_ENV_VARS } from '../../test/harness';
import { createThrowawayDatabase, realPostgresUrl } from '../../test/services';

/**
 * The dashboard/reports on real PostgreSQL (the server's database; the other tests run on PGlite): 3,000 tickets over
 * 90 days with varied instants. The answer — kept day sums plus live edges — equals core's own sums over the rows;
 * a change to an old ticket (trigger) shows in the next answer; concurrent first reports agree.
 */
const pgBase = await realPostgresUrl('reports on real Postgres');

if (!pgBase) {
  test.skip('reports on PostgreSQL (not reachable)', () => {});
} else {
  let tmp: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let app: ReturnType<typeof createApp>;
  let companyId: number;
  let admin: { token: string };
  const sqlc = () => dbHandle().sql as NonNullable<ReturnType<typeof dbHandle>['sql']>;

  beforeAll(async () => {
    tmp = await createThrowawayDatabase(pgBase, 'zapdesk_reports');
    await bootPlatform({ env: loadEnv({ ...TEST_ENV_VARS, DATABASE_URL: tmp.url }) });
    invalidateActors();
    app = createApp({ corsOrigins: [] });
    const company = await makeCompany();
    companyId = company.id;
    const qs = [await makeQueue(companyId), await makeQueue(companyId)];
    const a = await makeUser(companyId, { profile: 'admin', queueIds: qs.map((q) => q.id) });
    admin = a;
    const b = await makeUser(companyId, { profile: 'user', queueIds: qs.map((q) => q.id) });
    const sql = sqlc();
    const [{ cid }] =
      await sql`insert into contacts (company_id, name, number) values (${companyId}, 'C', '5511900000001')
      returning id as cid`;
    const users = [a.user.id, b.user.id];
    const queues = qs.map((q) => q.id);
    await sql`
      insert into tickets (company_id, protocol, status, contact_id, queue_id, user_id, first_user_id, created_at,
        updated_at, queued_at, accepted_at, closed_at, closed_gap_ms)
      select ${companyId}, g::text, p.status, ${cid}, case when g % 7 = 0 then null else (${queues}::int[])[1 + g % 2] end,
        case when p.status = 'pending' then null else (${users}::int[])[1 + g % 2] end,
        case when p.status = 'pending' then null else (${users}::int[])[1 + g % 2] end,
        p.created, p.created, case when g % 9 = 0 then null else p.created + make_interval(secs => g % 300) end,
        case when p.status = 'pending' or g % 31 = 0 then null else p.created + make_interval(secs => 300 + g % 900) end,
        case when p.status = 'closed' then p.created + make_interval(secs => 1500 + g % 7000) end,
        case when p.status = 'closed' and g % 17 = 0 then 600000 else 0 end
      from generate_series(1, 3000) g, lateral (
        select case when g % 10 = 0 then 'pending' when g % 10 < 3 then 'open' else 'closed' end as status,
          now() - make_interval(secs => g * 2592.0) as created
      ) p`;
    await sql`analyze tickets`;
  }, 120_000);

  afterAll(async () => {
    await shutdownPlatform();
    await tmp?.drop();
  });

  const report = async (qs: string): Promise<ReportData> => {
    const r = await app.request(`/report/attendances?${qs}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(r.status).toBe(200);
    return (await r.json()) as ReportData;
  };

  /** core's own answer over the same rows (created in the range), names and ids taken from the API's answer */
  async function byCore(body: ReportData): Promise<ReportData> {
    const rows = await sqlc()`select * from tickets where company_id = ${companyId}
      and created_at >= ${body.initialDate} and created_at <= ${body.finalDate}`;
    const ts: ReportTicket[] = rows.map((r) => ({
      id: Number(r.id),
      status: r.status as TicketStatus,
      userId: r.user_id === null ? null : Number(r.user_id),
      queueId: r.queue_id === null ? null : Number(r.queue_id),
      createdAt: new Date(r.created_at),
      queuedAt: r.queued_at ? new Date(r.queued_at) : null,
      acceptedAt: r.accepted_at ? new Date(r.accepted_at) : null,
      firstUserId: r.first_user_id === null ? null : Number(r.first_user_id),
      closedAt: r.closed_at ? new Date(r.closed_at) : null,
      closedGapMs: Number(r.closed_gap_ms),
      estimated: r.instants_estimated,
    }));
    return buildReportData({
      groups: sumTickets(ts),
      users: new Map(body.dataUsers.map((u) => [u.id, u.name])),
      queues: new Map(
        body.dataQueuesWitchPercent.flatMap((q) => (q.id === null ? [] : [[q.id, { name: q.queue, color: q.color }]])),
      ),
      ticketIds: body.tickets,
      range: { from: new Date(body.initialDate), to: new Date(body.finalDate) },
    });
  }

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  describe('reports on PostgreSQL', () => {
    test('concurrent first reports agree; kept days + live edges equal core over the rows', async () => {
      const qs = `initialDate=${day(-120)}&finalDate=${day(0)}`;
      const all = await Promise.all([report(qs), report(qs), report(qs), report(qs)]);
      for (const b of all) expect(b).toEqual(all[0]);
      expect(all[0].totalTickets).toBe(3000);
      expect(all[0]).toEqual(await byCore(all[0]));
      // a range with partial days at both ends (live edges)
      const from = new Date(Date.now() - 40.5 * 86_400_000).toISOString();
      const to = new Date(Date.now() - 3.25 * 86_400_000).toISOString();
      const edges = await report(`initialDate=${from}&finalDate=${to}`);
      expect(edges.totalTickets).toBeGreaterThan(1000);
      expect(edges).toEqual(await byCore(edges));
    });

    test('a change to a ticket of a kept day shows in the next answer (dirty mark)', async () => {
      const qs = `initialDate=${day(-120)}&finalDate=${day(0)}`;
      const before = await report(qs);
      const sql = sqlc();
      const [old] = await sql`select id, ((created_at at time zone 'UTC') - interval '3 hours')::date::text as day
        from tickets where company_id = ${companyId} and status = 'pending'
        and created_at < now() - interval '30 days' order by id limit 1`;
      const marks = async () =>
        (
          await sql`select count(*)::int as n from ticket_report_dirty
            where company_id = ${companyId} and day = ${old.day}::date`
        )[0].n as number;
      expect(await marks()).toBe(0);
      await sql`update tickets set status = 'closed', closed_at = now() where id = ${old.id}`;
      expect(await marks()).toBe(1);
      const after = await report(qs);
      expect(after.countPending).toBe(before.countPending - 1);
      expect(after.countClosed).toBe(before.countClosed + 1);
      expect(after).toEqual(await byCore(after));
      // a message's touch of an old ticket marks nothing
      await sql`update tickets set last_message = 'oi', updated_at = now(), unread_messages = unread_messages + 1
        where id = ${old.id}`;
      expect(await marks()).toBe(0);
    });

    test('deleting a company with old tickets leaves no day marks (directly, and by the deletion job)', async () => {
      const sql = sqlc();
      const { deleteCompanyRows } = await import('../companies/deletion.repo');
      for (const how of ['cascade', 'job'] as const) {
        const c = await makeCompany();
        const [{ cid }] =
          await sql`insert into contacts (company_id, name, number) values (${c.id}, 'X', '5511900000009')
          returning id as cid`;
        await sql`insert into tickets (company_id, protocol, status, contact_id, created_at, updated_at)
          select ${c.id}, g::text, 'pending', ${cid}, now() - interval '10 days', now() from generate_series(1, 3) g`;
        await sql`update tickets set status = 'closed' where company_id = ${c.id} and protocol = '1'`;
        if (how === 'cascade') await sql`delete from companies where id = ${c.id}`;
        else await deleteCompanyRows(c.id);
        const [{ n }] = await sql`select count(*)::int as n from ticket_report_dirty where company_id = ${c.id}`;
        expect({ how, n }).toEqual({ how, n: 0 });
      }
    });
  });
}
