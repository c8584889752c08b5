/**
 * bench:dash — the dashboard and reports at scale (issue 19). The companies of bench:tickets (its `seed`: the big one
 * with 100k tickets over ~180 days, 49 small ones), then realistic instants on every ticket of the big company: 20
 * attendants, 30 % of the conversations first talk to a bot (the wait starts at its hand-over, 1–5 min after
 * creation), waits of 30 s to ~1 h, services of 2 min to ~3 h, 3 % closed without acceptance, 5 % reopened after a
 * day. Then over HTTP (the API as its own process), 100 sequential requests per case: `GET /dash/attendances` and
 * `GET /report/attendances` for a month and a year, as the admin (the company) and as an attendant (their own), with
 * filters. Budget: p95 ≤ 100 ms. Checks: the totals equal a plain count of the range, another company's admin sees
 * none of the big company's tickets. Messages default to 100k (DASH_MESSAGES; the report reads no message).
 */
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { createApp } from '../api/src/app';
import { countStatements, dbHandle } from '../api/src/platform/db';
import { loadEnv } from '../api/src/platform/env';
import { bootPlatform } from '../api/src/platform/index';
import { makeCompany, makeQueue, makeUser } from '../api/src/test/factories';
import {
  appendRunTable,
  BENCH_DATA_DIR,
  BENCH_SECRETS,
  check,
  fmt,
  type LatencySummary,
  log,
  machineInfo,
  type Row,
  summarize,
  throwawayDatabase,
  writeResult,
} from './lib/common';
import { bootBenchPlatform, shutdownPlatform } from './lib/platform';
import { startApiServer } from './lib/server';
import { seed } from './tickets';

const SIZES = {
  tickets: Number(process.env.TICKETS_BIG_TICKETS ?? 100_000),
  contacts: Number(process.env.TICKETS_BIG_CONTACTS ?? 20_000),
  messages: Number(process.env.DASH_MESSAGES ?? 100_000),
};
const RUNS = Number(process.env.DASH_RUNS ?? 100);
const WARMUP = 5;
const BUDGET_MS = 100;
const ATTENDANTS = 20;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Case = { name: string; path: string; who: 'admin' | 'agent'; days: number };

async function realisticInstants(url: string, companyId: number, userIds: number[]): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // h(k): a stable pseudo-random fraction per ticket and key
    await sql`
      with p as (
        select id, status, created_at,
          ((id * 2654435761::bigint) % 1000) / 1000.0 as h1,
          ((id * 40503::bigint + 7) % 1000) / 1000.0 as h2,
          ((id * 97::bigint + 13) % 1000) / 1000.0 as h3
        from tickets where company_id = ${companyId}
      ), i as (
        select id, status, created_at,
          -- 30 % talk to a bot first: the wait starts at its hand-over
          created_at + case when h1 < 0.3 then make_interval(secs => 60 + h2 * 240) else interval '0' end as queued_at,
          -- waits skewed short: 30 s to ~1 h
          make_interval(secs => 30 + power(h2, 3) * 3600) as wait,
          make_interval(secs => 120 + power(h3, 2) * 10800) as service,
          (id % 33 = 0 and status = 'closed') as closed_unaccepted,
          (id % 20 = 0 and status = 'closed') as reopened,
          (${userIds}::int[])[1 + (id % ${userIds.length})] as attendant
        from p
      )
      update tickets t set
        queued_at = i.queued_at,
        accepted_at = case when i.status = 'pending' or i.closed_unaccepted then null else i.queued_at + i.wait end,
        first_user_id = case when i.status = 'pending' or i.closed_unaccepted then null else i.attendant end,
        user_id = case when i.status = 'pending' then null else i.attendant end,
        closed_at = case when i.status <> 'closed' then null
                         when i.closed_unaccepted then i.queued_at + i.wait
                         else i.queued_at + i.wait + i.service + case when i.reopened then interval '1 day' else interval '0' end end,
        closed_gap_ms = case when i.reopened and not i.closed_unaccepted then 86400000 else 0 end
      from i where t.id = i.id`;
    await sql`vacuum analyze tickets`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

type CaseResult = Case & { latencyMs: LatencySummary; statements: number; totalTickets: number; bytes: number };

const PGLITE_RUNS = Number(process.env.DASH_PGLITE_RUNS ?? 30);

/**
 * The same cases on PGlite (the embedded default), in-process: PGlite has one owner, so the bench's process is the
 * API (app.request, no HTTP). One company of 100k tickets over ~180 days with the same instants, seeded with
 * generate_series inside PGlite; one other company.
 */
async function pgliteRun(): Promise<{ results: CaseResult[]; coldMs: number; seedS: number }> {
  const dir = `${BENCH_DATA_DIR}/dash-pglite`;
  rmSync(dir, { recursive: true, force: true });
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: '',
    DATA_DIR: dir,
    SIMULATOR_ENABLED: '1',
    ...BENCH_SECRETS,
  });
  await bootPlatform({ env });
  const pg = dbHandle().pglite;
  if (!pg) throw new Error('not PGlite');
  // the bench's own constant SQL (numbers and id lists it made), run as text on the embedded database
  const q = async (text: string) => (await pg.query(text)).rows;
  try {
    const t0 = performance.now();
    const big = await makeCompany({ name: 'Bench Big', numberAttendants: 100 });
    const other = await makeCompany({ name: 'Bench Other' });
    const queues = [await makeQueue(big.id), await makeQueue(big.id), await makeQueue(big.id)];
    const qids = queues.map((q) => q.id);
    const admin = await makeUser(big.id, { profile: 'admin', queueIds: qids });
    const agent = await makeUser(big.id, { profile: 'user', queueIds: [qids[0]] });
    const attendants = [admin.user.id, agent.user.id];
    for (let i = attendants.length; i < ATTENDANTS; i++) {
      attendants.push((await makeUser(big.id, { profile: 'user', queueIds: qids })).user.id);
    }
    const n = SIZES.tickets;
    await q(`insert into contacts (company_id, name, number, email)
      select ${big.id}::int, 'Cliente ' || g, '55119' || lpad(g::text, 8, '0'), ''
      from generate_series(1, ${SIZES.contacts}::int) g`);
    const [{ c0 }] = (await q(`select min(id)::int as c0 from contacts where company_id = ${big.id}`)) as {
      c0: number;
    }[];
    const users = `{${attendants.join(',')}}`;
    const qarr = `{${qids.join(',')}}`;
    // the same mix and instants as the PostgreSQL run (realisticInstants), in one insert
    await q(`
      insert into tickets (company_id, protocol, status, contact_id, queue_id, user_id, first_user_id, created_at,
        updated_at, queued_at, accepted_at, closed_at, closed_gap_ms)
      select ${big.id}::int, g::text, p.status, ${c0}::int + (g % ${SIZES.contacts}::int), ('${qarr}'::int[])[1 + g % 3],
        case when p.status = 'pending' then null else p.attendant end,
        case when p.status = 'pending' or p.unaccepted then null else p.attendant end,
        p.created, p.created, p.queued,
        case when p.status = 'pending' or p.unaccepted then null else p.queued + p.wait end,
        case when p.status <> 'closed' then null when p.unaccepted then p.queued + p.wait
             else p.queued + p.wait + p.service + case when p.reopened then interval '1 day' else interval '0' end end,
        case when p.reopened and not p.unaccepted then 86400000 else 0 end
      from generate_series(1, ${n}::int) g, lateral (
        select case when g % 10 = 0 then 'pending' when g % 10 < 3 then 'open' else 'closed' end as status,
          now() - make_interval(secs => (${n}::int - g) * 155.0) as created,
          now() - make_interval(secs => (${n}::int - g) * 155.0)
            + case when ((g * 2654435761::bigint) % 1000) < 300 then make_interval(secs => 60 + ((g * 40503::bigint + 7) % 1000) * 0.24) else interval '0' end as queued,
          make_interval(secs => 30 + power(((g * 40503::bigint + 7) % 1000) / 1000.0, 3) * 3600) as wait,
          make_interval(secs => 120 + power(((g * 97::bigint + 13) % 1000) / 1000.0, 2) * 10800) as service,
          (g % 33 = 0 and g % 10 >= 3) as unaccepted,
          (g % 20 = 0 and g % 10 >= 3) as reopened,
          ('${users}'::int[])[1 + (g % ${attendants.length}::int)] as attendant
      ) p`);
    await q(`insert into company_counters (company_id, name, value) values (${big.id}, 'ticketProtocol', ${n})`);
    await q(`vacuum analyze tickets`);
    const seedS = (performance.now() - t0) / 1000;
    log(`pglite: seeded ${n} tickets in ${seedS.toFixed(1)} s`);
    const otherAdmin = await makeUser(other.id, { profile: 'admin' });
    const app = createApp({ corsOrigins: [] });
    const tokens = { admin: admin.token, agent: agent.token };
    const range = (days: number) => `initialDate=${day(-days)}&finalDate=${day(0)}`;
    const coldStart = performance.now();
    const cold = await app.request(`/report/attendances?${range(365)}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    check(cold.status === 200, `pglite cold: ${cold.status}`);
    const coldBody = (await cold.json()) as { totalTickets: number };
    const coldMs = performance.now() - coldStart;
    check(coldBody.totalTickets === n, `pglite: year total ${coldBody.totalTickets} ≠ ${n}`);
    log(`pglite: cold year report ${fmt(coldMs)} ms`);
    const results: CaseResult[] = [];
    for (const c of dashCases(range, qids, attendants)) {
      const headers = { authorization: `Bearer ${tokens[c.who]}` };
      const times: number[] = [];
      let total = 0;
      let bytes = 0;
      let statements = 0;
      for (let i = 0; i < WARMUP + PGLITE_RUNS; i++) {
        const t1 = performance.now();
        const counted = await countStatements(async () => {
          const r = await app.request(c.path, { headers });
          const text = await r.text();
          return { status: r.status, text };
        });
        const dt = performance.now() - t1;
        check(counted.result.status === 200, `pglite ${c.name}: ${counted.result.status} ${counted.result.text}`);
        bytes = counted.result.text.length;
        total = (JSON.parse(counted.result.text) as { totalTickets: number }).totalTickets;
        statements = counted.count;
        if (i >= WARMUP) times.push(dt);
      }
      const res: CaseResult = { ...c, latencyMs: summarize(times), statements, totalTickets: total, bytes };
      results.push(res);
      log(
        `pglite ${c.name.padEnd(36)} p50 ${fmt(res.latencyMs.p50)} p95 ${fmt(res.latencyMs.p95)} ms, ${statements} SQL, ${total} tickets`,
      );
    }
    const o = await app.request(`/dash/attendances?${range(365)}`, {
      headers: { authorization: `Bearer ${otherAdmin.token}` },
    });
    check(((await o.json()) as { totalTickets: number }).totalTickets === 0, 'pglite: another company sees tickets');
    return { results, coldMs, seedS };
  } finally {
    await shutdownPlatform();
  }
}

function dashCases(range: (days: number) => string, queueIds: number[], attendants: number[]): Case[] {
  const qs = `selectedQueueIds=${encodeURIComponent(JSON.stringify([queueIds[0], queueIds[1]]))}`;
  const us = `selectedUserIds=${encodeURIComponent(JSON.stringify(attendants.slice(0, 5)))}`;
  return [
    { name: 'dash, month (admin)', path: `/dash/attendances?${range(30)}`, who: 'admin', days: 30 },
    { name: 'dash, year (admin)', path: `/dash/attendances?${range(365)}`, who: 'admin', days: 365 },
    { name: 'dash, default range (admin)', path: '/dash/attendances', who: 'admin', days: 0 },
    {
      name: 'dash, year, one queue (admin)',
      path: `/dash/attendances?${range(365)}&currentQueue=${queueIds[0]}`,
      who: 'admin',
      days: 365,
    },
    { name: 'dash, month (attendant, own)', path: `/dash/attendances?${range(30)}`, who: 'agent', days: 30 },
    { name: 'dash, year (attendant, own)', path: `/dash/attendances?${range(365)}`, who: 'agent', days: 365 },
    { name: 'report, month', path: `/report/attendances?${range(30)}`, who: 'admin', days: 30 },
    { name: 'report, year', path: `/report/attendances?${range(365)}`, who: 'admin', days: 365 },
    {
      name: 'report, year, 2 queues + 5 users',
      path: `/report/attendances?${range(365)}&${qs}&${us}`,
      who: 'admin',
      days: 365,
    },
  ];
}

async function postgresRun(): Promise<{ results: CaseResult[]; coldMs: number }> {
  const tdb = await throwawayDatabase('dash');
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    await bootBenchPlatform(tdb.url);
    const s = await seed(tdb.url, SIZES);
    const attendants = [s.admin.id, s.agent.id];
    for (let i = attendants.length; i < ATTENDANTS; i++) {
      attendants.push((await makeUser(s.bigCompanyId, { profile: 'user', queueIds: s.queueIds })).user.id);
    }
    const t0 = performance.now();
    await realisticInstants(tdb.url, s.bigCompanyId, attendants);
    log(`instants set in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const otherAdmin = await makeUser(s.otherCompanyId, { profile: 'admin' });

    server = await startApiServer({ databaseUrl: tdb.url, name: 'dash' });
    const app = createApp({ corsOrigins: [] });
    const tokens = { admin: s.admin.token, agent: s.agent.token };
    const range = (days: number) => `initialDate=${day(-days)}&finalDate=${day(0)}`;
    const cases = dashCases(range, s.queueIds, attendants);

    // the figures are right: totals equal a plain count of the range; another company sees none of these tickets
    const sql = postgres(tdb.url, { max: 1, onnotice: () => {} });
    // the plain sums over the tickets (no kept days) for the year: the answer must match them
    const [year] = await sql`select count(*)::int as n,
        (count(*) filter (where status = 'closed'))::int as closed,
        round(coalesce(sum(case when status = 'closed' and accepted_at is not null and closed_at >= accepted_at
          then greatest(0, extract(epoch from closed_at - accepted_at) - closed_gap_ms / 1000.0) end), 0))::float8 as tma,
        round(coalesce(sum(case when queued_at is not null and accepted_at >= queued_at
          then extract(epoch from accepted_at - queued_at) end), 0))::float8 as tme
      from tickets where company_id = ${s.bigCompanyId}
      and created_at >= ${`${day(-365)}T00:00:00-03:00`} and created_at <= ${`${day(0)}T23:59:59.999-03:00`}`;
    await sql.end();
    // cold: the first year's report after seeding sums every settled day once (ticket_report_days), then keeps them
    const coldStart = performance.now();
    const cold = await fetch(`${server.url}/report/attendances?${range(365)}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    await cold.arrayBuffer();
    const coldMs = performance.now() - coldStart;
    check(cold.status === 200, `cold year report: HTTP ${cold.status}`);
    log(`cold year report (sums the settled days once): ${fmt(coldMs)} ms`);
    const results: CaseResult[] = [];
    for (const c of cases) {
      const headers = { authorization: `Bearer ${tokens[c.who]}` };
      await app.request(c.path, { headers });
      const counted = await countStatements(async () => {
        const r = await app.request(c.path, { headers });
        return {
          status: r.status,
          body: (await r.json()) as {
            totalTickets: number;
            countClosed: number;
            tmaTotalMoment: number;
            tmeTotalMoment: number;
            tickets: number[];
          },
        };
      });
      check(
        counted.result.status === 200,
        `${c.name}: ${counted.result.status} ${JSON.stringify(counted.result.body)}`,
      );
      if (c.name === 'dash, year (admin)') {
        const b = counted.result.body;
        check(b.totalTickets === year.n, `year total ${b.totalTickets} ≠ ${year.n}`);
        check(b.countClosed === year.closed, `year closed ${b.countClosed} ≠ ${year.closed}`);
        check(Math.abs(b.tmaTotalMoment - year.tma) <= 1, `year TMA sum ${b.tmaTotalMoment} ≠ ${year.tma}`);
        check(Math.abs(b.tmeTotalMoment - year.tme) <= 1, `year TME sum ${b.tmeTotalMoment} ≠ ${year.tme}`);
      }
      check(counted.result.body.totalTickets > 0, `${c.name}: no tickets`);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t1 = performance.now();
        const r = await fetch(`${server.url}${c.path}`, { headers });
        const b = await r.arrayBuffer();
        const dt = performance.now() - t1;
        check(r.status === 200, `${c.name}: HTTP ${r.status}`);
        bytes = b.byteLength;
        if (i >= WARMUP) times.push(dt);
      }
      const res: CaseResult = {
        ...c,
        latencyMs: summarize(times),
        statements: counted.count,
        totalTickets: counted.result.body.totalTickets,
        bytes,
      };
      results.push(res);
      if (process.env.BENCH_PRINT_SQL === '1') console.log(counted.sql.join(';\n'));
      log(
        `${c.name.padEnd(36)} p50 ${fmt(res.latencyMs.p50)} p95 ${fmt(res.latencyMs.p95)} p99 ${fmt(res.latencyMs.p99)} ms, ${res.statements} SQL, ${res.totalTickets} tickets, ${fmt(bytes / 1024)} KiB`,
      );
    }
    const other = await fetch(`${server.url}/dash/attendances?${range(365)}`, {
      headers: { authorization: `Bearer ${otherAdmin.token}` },
    });
    const otherBody = (await other.json()) as { totalTickets: number };
    check(otherBody.totalTickets < 1000, `another company's admin sees ${otherBody.totalTickets} tickets`);

    return { results, coldMs };
  } finally {
    await server?.stop();
    await shutdownPlatform();
    if (process.env.BENCH_KEEP_DB === '1') log(`kept database ${tdb.url}`);
    else await tdb.drop();
  }
}

const KINDS = (process.env.DASH_DB ?? 'postgres,pglite').split(',');

function rowsOf(label: string, results: CaseResult[], coldMs: number): Row[] {
  const worst = Math.max(...results.map((r) => r.latencyMs.p95));
  return [
    {
      metric: `${label}: GET /dash/attendances and /report/attendances, worst p95 of ${results.length} cases (month and year)`,
      budget: `≤ ${BUDGET_MS} ms`,
      measured: `${fmt(worst)} ms`,
      ok: worst <= BUDGET_MS,
    },
    {
      metric: `${label}: first year report after seeding (every settled day summed once into ticket_report_days)`,
      budget: '',
      measured: `${fmt(coldMs)} ms`,
      ok: null,
    },
    ...results.map((r) => ({
      metric: `${label} \`${r.who}\` ${r.name}`,
      budget: '',
      measured: `p50 ${fmt(r.latencyMs.p50)} / p95 ${fmt(r.latencyMs.p95)} / p99 ${fmt(r.latencyMs.p99)} ms · ${r.statements} SQL · ${r.totalTickets} tickets · ${fmt(r.bytes / 1024)} KiB`,
      ok: null,
    })),
  ];
}

async function main() {
  const machine = await machineInfo();
  const runs: Record<string, { results: CaseResult[]; coldMs: number }> = {};
  if (KINDS.includes('postgres')) runs.postgres = await postgresRun();
  if (KINDS.includes('pglite')) runs.pglite = await pgliteRun();
  const file = writeResult('dash', { machine, seeded: SIZES, attendants: ATTENDANTS, runs });
  const rows: Row[] = [];
  const notes: string[] = [];
  if (runs.postgres) {
    rows.push(...rowsOf('PostgreSQL', runs.postgres.results, runs.postgres.coldMs));
    notes.push(
      `PostgreSQL: bench:tickets' companies (big one ${SIZES.tickets} tickets over ~180 days, ${SIZES.contacts} contacts, ${SIZES.messages} messages) + ${ATTENDANTS} attendants and realistic instants; the API as its own process over HTTP; ${RUNS} sequential requests per case after ${WARMUP} warm-up`,
    );
  }
  if (runs.pglite) {
    rows.push(...rowsOf('PGlite', runs.pglite.results, runs.pglite.coldMs));
    notes.push(
      `PGlite (embedded default): one company of ${SIZES.tickets} tickets with the same instants, in-process (app.request, no HTTP: PGlite has one owner); ${PGLITE_RUNS} requests per case after ${WARMUP} warm-up`,
    );
  }
  notes.push(`results: \`${file.replace(/.*\/bench\//, 'bench/')}\``);
  appendRunTable('bench:dash', machine, rows, notes);
  // the budget is the server's (PostgreSQL); PGlite, the embedded single-process default, is measured and reported
  if (runs.postgres) {
    const worst = Math.max(...runs.postgres.results.map((x) => x.latencyMs.p95));
    check(worst <= BUDGET_MS, `PostgreSQL: worst p95 ${fmt(worst)} ms over the ${BUDGET_MS} ms budget`);
  }
  log('dash done', file);
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
