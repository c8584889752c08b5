import { afterEach, describe, expect, test } from 'bun:test';
import {
  buildReportData,
  REPORT_TEXTS,
  type ReportData,
  type ReportTicket,
  sumTickets,
  type TicketStatus,
} from '@zapdesk/core';
import { and, eq, sql } from 'drizzle-orm';
import { companies, tickets } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeGroup, makeQueue, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { ticketChannel } from '../ai/ai.channels';
import { makeContact, makeTicket } from '../tickets/tickets.fixtures';
import {
  applyTicketStateAfterSend,
  findOrCreateTicketForInbound,
  markTicketChatbot,
  touchTicketOnMessage,
  touchTicketsOnMessages,
} from '../tickets/tickets.service';

const { t } = useTestApp();
const { A, B } = useTenantPair();

const T0 = Date.parse('2026-11-10T12:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
let restore: (() => void) | null = null;
const clock = new TestClock(T0);
afterEach(() => {
  restore?.();
  restore = null;
});

async function get(path: string, token: string) {
  const res = await t.req('GET', path, { token });
  return { status: res.status, body: (await res.json()) as ReportData & { error?: string; message?: string } };
}

/** A pending ticket created (and waiting) at `min`. */
async function waiting(companyId: number, min: number, queueId: number | null) {
  const contact = await makeContact(companyId);
  const row = await makeTicket(companyId, { contactId: contact.id, queueId, createdAt: at(min), updatedAt: at(min) });
  await db
    .update(tickets)
    .set({ queuedAt: at(min) })
    .where(eq(tickets.id, row.id));
  return row.id;
}

/** PUT /tickets/{id} at `min` on the test clock. */
async function move(token: string, id: number, min: number, json: Record<string, unknown>) {
  await clock.set(at(min));
  const res = await t.req('PUT', `/tickets/${id}`, { token, json });
  if (res.status !== 200) throw new Error(`PUT /tickets/${id}: ${res.status} ${await res.text()}`);
}

const RANGE = 'initialDate=2026-11-01&finalDate=2026-11-30';

/** The per-day series of RANGE: every day of November, `on10` for the 10th (the seeded tickets' local day). */
const november = (on10: { tickets: number; closed: number }) =>
  Array.from({ length: 30 }, (_, i) => {
    const day = `2026-11-${String(i + 1).padStart(2, '0')}`;
    return { day, ...(i + 1 === 10 ? on10 : { tickets: 0, closed: 0 }) };
  });

describe('GET /dash/attendances and /report/attendances', () => {
  test('a seeded timeline: the exact shape and values, recorded by the real moves; queue and user filters', async () => {
    restore = useClock(clock);
    const sales = await makeQueue(A.company.id, { name: 'Vendas' });
    const support = await makeQueue(A.company.id, { name: 'Suporte' });
    const ana = await makeUser(A.company.id, { profile: 'user', name: 'Ana', queueIds: [sales.id, support.id] });
    const bruno = await makeUser(A.company.id, { profile: 'user', name: 'Bruno', queueIds: [sales.id, support.id] });

    // 1: waits 10 min, Ana serves it 20 min
    // 2: waits 5 min, Ana takes it, transfers it to Bruno in Suporte, Bruno resolves (service 1 h)
    // 3: waits 2 min, Bruno resolves at 12, reopens after a day, resolves 3 min later (service 13 min)
    // 4: never accepted, no queue
    // 5: closed without acceptance by the admin
    // 6: a bot talks 15 min, hands over to Suporte, Ana accepts 4 min later, still open
    const t1 = await waiting(A.company.id, 0, sales.id);
    const t2 = await waiting(A.company.id, 0, sales.id);
    const t3 = await waiting(A.company.id, 0, support.id);
    const t4 = await waiting(A.company.id, 0, null);
    const t5 = await waiting(A.company.id, 0, sales.id);
    const t6 = await waiting(A.company.id, 0, null);
    await markTicketChatbot(A.company.id, t6, { queueId: null });
    // the moves in time order (the clock only moves forward)
    await move(bruno.token, t3, 2, { status: 'open', userId: bruno.user.id });
    await move(ana.token, t2, 5, { status: 'open', userId: ana.user.id });
    await move(ana.token, t1, 10, { status: 'open', userId: ana.user.id });
    await move(bruno.token, t3, 12, { status: 'closed' });
    await clock.set(at(15));
    await applyTicketStateAfterSend(A.company.id, t6, { status: 'pending', queueId: support.id, userId: null });
    await move(ana.token, t6, 19, { status: 'open', userId: ana.user.id });
    await move(ana.token, t2, 20, { transf: true, userId: bruno.user.id, queueId: support.id });
    await move(ana.token, t1, 30, { status: 'closed' });
    await move(A.admin.token, t5, 40, { status: 'closed' });
    await move(bruno.token, t2, 65, { status: 'closed' });
    await move(bruno.token, t3, 12 + 24 * 60, { status: 'open' });
    await move(bruno.token, t3, 15 + 24 * 60, { status: 'closed' });
    // another company's ticket in the same range
    await waiting(B.company.id, 0, null);
    // a ticket of the range's day before: outside
    await waiting(A.company.id, -20 * 24 * 60, sales.id);

    const rows = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, A.company.id)));
    const seeded = rows.filter((r) => [t1, t2, t3, t4, t5, t6].includes(r.id));
    expect(seeded.find((r) => r.id === t6)?.queuedAt).toEqual(at(15));
    expect(seeded.find((r) => r.id === t3)?.closedGapMs).toBe(24 * 60 * 60_000);
    expect(seeded.find((r) => r.id === t2)?.firstUserId).toBe(ana.user.id);

    const { status, body } = await get(`/dash/attendances?${RANGE}`, A.admin.token);
    expect(status).toBe(200);
    const expected: ReportData = {
      totalTickets: 6,
      countPending: 1,
      countOpenGeneral: 1,
      countClosed: 4,
      tmaTotalMoment: (20 + 60 + 13) * 60,
      tmaTotalMedioMoment: 31 * 60,
      tmeTotalMoment: (10 + 5 + 2 + 4) * 60,
      tmeTotalMedioMoment: Math.round((21 * 60) / 4),
      dataUsers: [
        {
          id: ana.user.id,
          name: 'Ana',
          qtdAtendimentos: 2,
          porcentagemAtendimentos: 33.33,
          tmaTotalUser: 1200,
          tma: 1200,
          tmeTotalUser: 14 * 60,
          tme: 7 * 60,
          countOpen: 1,
          countClosed: 1,
        },
        {
          id: bruno.user.id,
          name: 'Bruno',
          qtdAtendimentos: 2,
          porcentagemAtendimentos: 33.33,
          tmaTotalUser: (60 + 13) * 60,
          tma: (73 * 60) / 2,
          tmeTotalUser: 7 * 60,
          tme: 210,
          countOpen: 0,
          countClosed: 2,
        },
        {
          id: A.admin.user.id,
          name: A.admin.user.name,
          qtdAtendimentos: 1,
          porcentagemAtendimentos: 16.67,
          tmaTotalUser: 0,
          tma: 0,
          tmeTotalUser: 0,
          tme: 0,
          countOpen: 0,
          countClosed: 1,
        },
      ],
      dataQueuesWitchPercent: [
        { id: support.id, queue: 'Suporte', color: support.color, qtdAtendimentos: 3, percent: 50 },
        { id: sales.id, queue: 'Vendas', color: sales.color, qtdAtendimentos: 2, percent: 33.33 },
        { id: null, queue: 'Sem fila', color: null, qtdAtendimentos: 1, percent: 16.67 },
      ],
      tickets: [t6, t5, t4, t3, t2, t1],
      countTma: 3,
      countTme: 4,
      countEstimated: 0,
      ticketsTruncated: false,
      daily: november({ tickets: 6, closed: 4 }),
      initialDate: '2026-11-01T03:00:00.000Z',
      finalDate: '2026-12-01T02:59:59.999Z',
    };
    // ids newest first: same creation instant → higher id first
    expect(body).toEqual(expected);

    // the SQL aggregate is core's definition: the same rows summed by core give the same answer
    const asReport: ReportTicket[] = seeded.map((r) => ({
      id: r.id,
      status: r.status as TicketStatus,
      userId: r.userId,
      queueId: r.queueId,
      createdAt: r.createdAt,
      queuedAt: r.queuedAt,
      acceptedAt: r.acceptedAt,
      firstUserId: r.firstUserId,
      closedAt: r.closedAt,
      closedGapMs: Number(r.closedGapMs),
    }));
    const byCore = buildReportData({
      groups: sumTickets(asReport),
      users: new Map(body.dataUsers.map((u) => [u.id, u.name])),
      queues: new Map(
        body.dataQueuesWitchPercent.flatMap((q) => (q.id === null ? [] : [[q.id, { name: q.queue, color: q.color }]])),
      ),
      ticketIds: expected.tickets,
      range: { from: new Date(expected.initialDate), to: new Date(expected.finalDate) },
    });
    expect(byCore).toEqual(expected);

    // the report: same figures
    const report = await get(`/report/attendances?${RANGE}`, A.admin.token);
    expect(report.body).toEqual(expected);

    // days later the same days are settled: summed once into ticket_report_days, the same answer
    await clock.set(new Date('2026-11-25T12:00:00Z'));
    expect((await get(`/dash/attendances?${RANGE}`, A.admin.token)).body).toEqual(expected);
    const kept = await db.execute(
      sql`select count(*)::int as n from ticket_report_days where company_id = ${A.company.id} and user_id >= 0`,
    );
    expect(
      Number((kept as unknown as { n: number }[])[0]?.n ?? (kept as { rows: { n: number }[] }).rows[0].n),
    ).toBeGreaterThan(0);
    // a move of a settled day's ticket marks the day (trigger): the next report sums it again
    await move(A.admin.token, t4, 15 * 24 * 60 + 60, { status: 'closed' });
    const after = await get(`/report/attendances?${RANGE}`, A.admin.token);
    expect(after.body).toMatchObject({ totalTickets: 6, countPending: 0, countClosed: 5, countTma: 3, countTme: 4 });
    // the per-day series is read from the kept days too, and follows the move
    expect(after.body.daily).toEqual(november({ tickets: 6, closed: 5 }));
    expect(after.body.dataUsers.find((u) => u.id === A.admin.user.id)).toMatchObject({
      qtdAtendimentos: 2,
      countClosed: 2,
    });

    // filters by queues and users (on the kept days)
    const bySupport = await get(`/report/attendances?${RANGE}&selectedQueueIds=[${support.id}]`, A.admin.token);
    expect(bySupport.body).toMatchObject({
      totalTickets: 3,
      countClosed: 2,
      countOpenGeneral: 1,
      tickets: [t6, t3, t2],
    });
    expect(bySupport.body.daily).toEqual(november({ tickets: 3, closed: 2 }));
    expect(bySupport.body.dataQueuesWitchPercent).toEqual([
      { id: support.id, queue: 'Suporte', color: support.color, qtdAtendimentos: 3, percent: 100 },
    ]);
    const byUsers = await get(
      `/report/attendances?${RANGE}&selectedUserIds=${ana.user.id},${bruno.user.id}&selectedQueueIds=[${sales.id},${support.id}]`,
      A.admin.token,
    );
    expect(byUsers.body.tickets).toEqual([t6, t3, t2, t1]);
    const dashQueue = await get(`/dash/attendances?${RANGE}&currentQueue=${sales.id}`, A.admin.token);
    expect(dashQueue.body.tickets).toEqual([t5, t1]);
    const dashUser = await get(`/dash/attendances?${RANGE}&currentUser=${bruno.user.id}`, A.admin.token);
    expect(dashUser.body).toMatchObject({ totalTickets: 2, tmaTotalMedioMoment: (73 * 60) / 2, tickets: [t3, t2] });
    expect(dashUser.body.daily.find((d) => d.day === '2026-11-10')).toEqual({
      day: '2026-11-10',
      tickets: 2,
      closed: 2,
    });

    // an attendant sees their own figures; another attendant's are refused
    const own = await get(`/dash/attendances?${RANGE}`, ana.token);
    expect(own.body).toMatchObject({ totalTickets: 2, tickets: [t6, t1], dataUsers: [{ id: ana.user.id }] });
    expect((await get(`/dash/attendances?${RANGE}&currentUser=${bruno.user.id}`, ana.token)).status).toBe(403);
    expect((await get(`/dash/attendances?${RANGE}&currentUser=${ana.user.id}`, ana.token)).body.totalTickets).toBe(2);

    // another company: nothing of A's, and A's queue or user as a filter is unknown
    const other = await get(`/dash/attendances?${RANGE}`, B.admin.token);
    expect(other.body).toMatchObject({ totalTickets: 1, dataUsers: [] });
    expect(other.body.tickets.some((id) => [t1, t2, t3, t4, t5, t6].includes(id))).toBe(false);
    expect((await get(`/dash/attendances?${RANGE}&currentQueue=${sales.id}`, B.admin.token)).status).toBe(404);
    expect((await get(`/report/attendances?${RANGE}&selectedUserIds=[${ana.user.id}]`, B.admin.token)).status).toBe(
      404,
    );
  });

  test('the ticket area records the instants: inbound creation waits from creation; a bot holds the wait until its hand-over', async () => {
    const contact = await makeContact(A.company.id);
    const q = await makeQueue(A.company.id);
    const { makeWhatsapp } = await import('../tickets/tickets.fixtures');
    const w = await makeWhatsapp(A.company.id);
    const { ticket } = await findOrCreateTicketForInbound(A.company.id, {
      contactId: contact.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: false,
    });
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.queuedAt?.getTime()).toBe(row.createdAt.getTime());
    await markTicketChatbot(A.company.id, ticket.id, { queueId: row.queueId });
    const [held] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(held.queuedAt).toBeNull();
    const c2 = new TestClock(T0);
    restore = useClock(c2);
    await c2.set(at(3));
    await applyTicketStateAfterSend(A.company.id, ticket.id, { status: 'pending', queueId: q.id, userId: null });
    const [handed] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(handed.queuedAt).toEqual(at(3));
  });

  test('the AI attendant hands a conversation over: the wait starts at the hand-over, not at creation', async () => {
    const { makeWhatsapp } = await import('../tickets/tickets.fixtures');
    const w = await makeWhatsapp(A.company.id);
    const contact = await makeContact(A.company.id);
    const { ticket } = await findOrCreateTicketForInbound(A.company.id, {
      contactId: contact.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: false,
    });
    const read = async () => (await db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0];
    const created = await read();
    expect(created.queuedAt?.getTime()).toBe(created.createdAt.getTime());
    // the AI talked 9 minutes, then hands over in the same queue (none): the customer waits from now
    const c = new TestClock(created.createdAt.getTime() + 9 * 60_000);
    restore = useClock(c);
    await ticketChannel(A.company.id, ticket.id).handOver(null);
    const handed = await read();
    expect(handed).toMatchObject({ status: 'pending', userId: null, queueId: created.queueId });
    expect(handed.queuedAt?.getTime()).toBe(created.createdAt.getTime() + 9 * 60_000);
    // to a queue: the same
    const q = await makeQueue(A.company.id);
    await c.set(new Date(created.createdAt.getTime() + 10 * 60_000));
    await ticketChannel(A.company.id, ticket.id).handOver(q.id);
    expect((await read()).queuedAt?.getTime()).toBe(created.createdAt.getTime() + 10 * 60_000);
    // once accepted, a later hand-over does not move the wait (TME ends at the first acceptance)
    await c.set(new Date(created.createdAt.getTime() + 12 * 60_000));
    await applyTicketStateAfterSend(A.company.id, ticket.id, { status: 'open', userId: A.admin.user.id });
    await c.set(new Date(created.createdAt.getTime() + 20 * 60_000));
    await ticketChannel(A.company.id, ticket.id).handOver(null);
    const after = await read();
    expect(after.queuedAt?.getTime()).toBe(created.createdAt.getTime() + 10 * 60_000);
    expect(after.acceptedAt?.getTime()).toBe(created.createdAt.getTime() + 12 * 60_000);
  });

  test("a conversation the company opened (outbound send) waits from the customer's first message", async () => {
    const { makeWhatsapp } = await import('../tickets/tickets.fixtures');
    const w = await makeWhatsapp(A.company.id);
    const read = async (id: number) => (await db.select().from(tickets).where(eq(tickets.id, id)))[0];
    const c1 = await makeContact(A.company.id);
    const { ticket: t1 } = await findOrCreateTicketForInbound(A.company.id, {
      contactId: c1.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: true,
    });
    expect((await read(t1.id)).queuedAt).toBeNull();
    await touchTicketOnMessage(A.company.id, t1.id, { lastMessage: 'promo', incrementUnread: false });
    expect((await read(t1.id)).queuedAt).toBeNull();
    await touchTicketOnMessage(A.company.id, t1.id, { lastMessage: 'quero!', incrementUnread: true });
    const waited = (await read(t1.id)).queuedAt;
    expect(waited).not.toBeNull();
    await touchTicketOnMessage(A.company.id, t1.id, { lastMessage: 'oi?', incrementUnread: true });
    expect((await read(t1.id)).queuedAt).toEqual(waited);
    // the inbound batch's touch applies the same rule
    const c2 = await makeContact(A.company.id);
    const { ticket: t2 } = await findOrCreateTicketForInbound(A.company.id, {
      contactId: c2.id,
      whatsappId: w.id,
      isGroup: false,
      fromMe: true,
    });
    await touchTicketsOnMessages(A.company.id, [{ ticketId: t2.id, lastMessage: 'oi', unread: 1 }], []);
    expect((await read(t2.id)).queuedAt).not.toBeNull();
  });

  test('defaults: dashboard from the start of the month, reports the last 30 days', async () => {
    const c3 = new TestClock(new Date('2026-11-20T15:00:00Z'));
    restore = useClock(c3);
    const d = await get('/dash/attendances', A.admin.token);
    expect(d.body).toMatchObject({ initialDate: '2026-11-01T03:00:00.000Z', finalDate: '2026-11-20T15:00:00.000Z' });
    const r = await get('/report/attendances', A.admin.token);
    expect(r.body).toMatchObject({ initialDate: '2026-10-21T15:00:00.000Z', finalDate: '2026-11-20T15:00:00.000Z' });
  });

  test('validation: dates, order and the longest range answer 400 with their texts', async () => {
    const bad = await get('/dash/attendances?initialDate=31/12/2026', A.admin.token);
    expect(bad.status).toBe(400);
    const order = await get('/dash/attendances?initialDate=2026-11-10&finalDate=2026-11-01', A.admin.token);
    expect(order).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: REPORT_TEXTS.finalBeforeInitial },
    });
    const long = await get('/report/attendances?initialDate=2025-01-01&finalDate=2026-11-01', A.admin.token);
    expect(long).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: REPORT_TEXTS.rangeTooLong } });
    expect((await get('/dash/attendances?currentQueue=abc', A.admin.token)).status).toBe(400);
  });

  test('gating: plan flags (ERR_PLAN_FEATURE_DISABLED), group enableDash and administration (ERR_NO_PERMISSION)', async () => {
    // reports: administration only
    const agentReport = await get(`/report/attendances?${RANGE}`, A.agent.token);
    expect(agentReport).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    // a group without enableDash: refused, admin or not
    const noDash = await makeGroup(A.company.id, { enableDash: false });
    const admin = await makeUser(A.company.id, { profile: 'admin', userAuthorizationId: noDash.id });
    const agent = await makeUser(A.company.id, { profile: 'user', userAuthorizationId: noDash.id });
    expect(await get(`/dash/attendances?${RANGE}`, admin.token)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await get(`/dash/attendances?${RANGE}`, agent.token)).status).toBe(403);
    // an admin whose group has no administration menu: no reports
    const noAdm = await makeGroup(A.company.id, { enableAdministration: false });
    const admin2 = await makeUser(A.company.id, { profile: 'admin', userAuthorizationId: noAdm.id });
    expect((await get(`/report/attendances?${RANGE}`, admin2.token)).body.error).toBe('ERR_NO_PERMISSION');
    // plan flags off
    await db
      .update(companies)
      .set({ enableDashboard: false, enableReports: false })
      .where(eq(companies.id, A.company.id));
    invalidateActors();
    try {
      expect(await get(`/dash/attendances?${RANGE}`, A.admin.token)).toMatchObject({
        status: 403,
        body: { error: 'ERR_PLAN_FEATURE_DISABLED' },
      });
      expect(await get(`/report/attendances?${RANGE}`, A.admin.token)).toMatchObject({
        status: 403,
        body: { error: 'ERR_PLAN_FEATURE_DISABLED' },
      });
    } finally {
      await db
        .update(companies)
        .set({ enableDashboard: true, enableReports: true })
        .where(eq(companies.id, A.company.id));
      invalidateActors();
    }
  });
});
