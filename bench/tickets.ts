/**
 * bench:tickets — list and search at scale. Seeds 50 companies in a throwaway PostgreSQL database, one of them with
 * 100k tickets, 20k contacts and 1M messages (INSERT … SELECT generate_series: multi-row inserts computed inside
 * the server, secondary indexes rebuilt once afterwards), ANALYZEs, starts the API as its own process and measures
 * p50/p95/p99 over HTTP of GET /tickets for each tab and filter, GET /messages/{ticketId} first and deep pages,
 * message text search, contact search; SQL statements per request are counted in-process with the same code.
 */
import postgres from 'postgres';
import { createApp } from '../api/src/app';
import { countStatements } from '../api/src/platform/db';
import { makeCompany, makeQueue, makeUser } from '../api/src/test/factories';
import {
  appendRunTable,
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

const BIG = {
  tickets: Number(process.env.TICKETS_BIG_TICKETS ?? 100_000),
  contacts: Number(process.env.TICKETS_BIG_CONTACTS ?? 20_000),
  messages: Number(process.env.TICKETS_BIG_MESSAGES ?? 1_000_000),
};
const SMALL = { companies: 49, tickets: 200, contacts: 50, messages: 1_000 };
const RUNS = Number(process.env.TICKETS_RUNS ?? 100);
const WARMUP = 5;

/** words of the generated bodies; 'boleto' appears in ~1 % of messages, 'pix' in ~5 % */
const WORDS = [
  'olá',
  'bom',
  'dia',
  'preciso',
  'de',
  'ajuda',
  'com',
  'meu',
  'pedido',
  'entrega',
  'atrasou',
  'obrigado',
  'pagamento',
  'cartão',
  'aguardo',
  'retorno',
  'produto',
  'troca',
  'nota',
  'fiscal',
];

export type Seeded = {
  bigCompanyId: number;
  otherCompanyId: number;
  admin: { id: number; token: string };
  agent: { id: number; token: string };
  queueIds: number[];
  tagId: number;
  ticketWithManyMessages: number;
  contactOfManyMessages: number;
  numberPrefix: string;
};

/** The bench's companies (also bench:dash's): the big one of `big` sizes, 49 small ones. */
export async function seed(url: string, big: typeof BIG = BIG): Promise<Seeded> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const t0 = performance.now();
    // companies, users, queues and connections through the app's own factories (a few rows)
    const bigCompany = await makeCompany({ name: 'Bench Big', numberAttendants: 100, numberConections: 10 });
    const queues = [await makeQueue(bigCompany.id), await makeQueue(bigCompany.id), await makeQueue(bigCompany.id)];
    const admin = await makeUser(bigCompany.id, { profile: 'admin', queueIds: queues.map((q) => q.id) });
    const agent = await makeUser(bigCompany.id, { profile: 'user', queueIds: [queues[0].id] });
    const others: number[] = [];
    for (let i = 0; i < SMALL.companies; i++) others.push((await makeCompany({ name: `Bench Small ${i}` })).id);
    const companies = [bigCompany.id, ...others];
    await sql`insert into whatsapps (company_id, name, status, is_default, lib)
              select id, 'Principal', 'CONNECTED', true, 'simulator' from companies where id = any(${companies})`;
    const [{ id: tagId }] =
      await sql`insert into tags (company_id, name, color) values (${bigCompany.id}, 'VIP', '#ff0000') returning id`;

    // secondary indexes are dropped and rebuilt once: building an index is far cheaper than maintaining it per row
    const idx = await sql<{ indexname: string; indexdef: string }[]>`
      select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('tickets', 'messages', 'contacts')
        and indexname not like '%_pkey'`;
    for (const i of idx) await sql.unsafe(`drop index "${i.indexname}"`);

    const gen = async (companyId: number, n: { contacts: number; tickets: number; messages: number }) => {
      const [{ wid }] = await sql`select id as wid from whatsapps where company_id = ${companyId}`;
      const qids = companyId === bigCompany.id ? queues.map((q) => q.id) : [null];
      const cStart = (await sql`select coalesce(max(id), 0)::int as m from contacts`)[0].m as number;
      await sql`insert into contacts (company_id, name, number, email)
        select ${companyId}, 'Cliente ' || (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabi','Hugo'])[1 + g % 8] || ' ' || g,
               '55119' || lpad((${companyId}::bigint * 100000 + g)::text, 8, '0'), ''
        from generate_series(1, ${n.contacts}) g`;
      const tStart = (await sql`select coalesce(max(id), 0)::int as m from tickets`)[0].m as number;
      // status mix: 10 % pending, 20 % open, 70 % closed; updated_at spread over 180 days
      await sql`insert into tickets (company_id, protocol, status, contact_id, queue_id, user_id, whatsapp_id,
                                     unread_messages, last_message, created_at, updated_at)
        select ${companyId}, g::text,
               case when g % 10 = 0 then 'pending' when g % 10 < 3 then 'open' else 'closed' end,
               ${cStart} + 1 + (g % ${n.contacts}),
               (${qids}::int[])[1 + g % ${qids.length}],
               case when g % 10 = 0 then null when g % 10 < 3 then (array[${admin.user.id}, ${agent.user.id}]::int[])[1 + g % 2] else ${admin.user.id} end,
               ${wid},
               case when g % 7 = 0 then 2 else 0 end,
               'última mensagem ' || g,
               now() - make_interval(secs => (${n.tickets} - g) * 155.0),
               now() - make_interval(secs => (${n.tickets} - g) * 155.0)
        from generate_series(1, ${n.tickets}) g`;
      // messages: round-robin over tickets, bodies of 6 words (+ 'pix' in 5 %, 'boleto' in 1 %)
      await sql`insert into messages (company_id, wid, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack,
                                      media_type, created_at, updated_at)
        select ${companyId}, 'S' || g,
               -- one long conversation (1 % of the messages) for deep pages; the rest round-robin over the tickets
               case when g % 100 = 1 then ${tStart} + 1 else ${tStart} + 1 + (g % ${n.tickets}) end, ${cStart} + 1 + ((g % ${n.tickets}) % ${n.contacts}),
               ${wid},
               (${WORDS}::text[])[1 + g % 20] || ' ' || (${WORDS}::text[])[1 + (g / 20) % 20] || ' ' ||
               (${WORDS}::text[])[1 + (g / 400) % 20] || ' ' || (${WORDS}::text[])[1 + (g * 7) % 20] || ' ' ||
               (${WORDS}::text[])[1 + (g * 13) % 20] || ' ' || (${WORDS}::text[])[1 + (g * 31) % 19] ||
               case when g % 20 = 3 then ' pix' else '' end || case when g % 100 = 7 or g % 5000 = 1 then ' boleto ' || g else '' end,
               g % 3 = 0, true, 3, 'chat',
               now() - make_interval(secs => (${n.messages} - g) * 15.5),
               now() - make_interval(secs => (${n.messages} - g) * 15.5)
        from generate_series(1, ${n.messages}) g`;
      await sql`insert into company_counters (company_id, name, value) values (${companyId}, 'ticketProtocol', ${n.tickets})
                on conflict do nothing`;
    };
    log(`seeding the big company: ${big.contacts} contacts, ${big.tickets} tickets, ${big.messages} messages`);
    await gen(bigCompany.id, big);
    log(`seeding ${SMALL.companies} other companies`);
    for (const c of others) await gen(c, SMALL);
    await sql`insert into ticket_tags (company_id, ticket_id, tag_id)
              select company_id, id, ${tagId} from tickets where company_id = ${bigCompany.id} and id % 5 = 1`;
    log('rebuilding indexes');
    for (const i of idx) await sql.unsafe(i.indexdef);
    // a settled database: autovacuum has set the visibility map (index-only scans) and the statistics
    await sql`vacuum analyze`;
    const [tm] = await sql`select ticket_id, count(*)::int as n from messages where company_id = ${bigCompany.id}
                           group by ticket_id order by n desc, ticket_id limit 1`;
    const [tk] = await sql`select contact_id from tickets where id = ${tm.ticket_id}`;
    log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return {
      bigCompanyId: bigCompany.id,
      otherCompanyId: others[0],
      admin: { id: admin.user.id, token: admin.token },
      agent: { id: agent.user.id, token: agent.token },
      queueIds: queues.map((q) => q.id),
      tagId,
      ticketWithManyMessages: tm.ticket_id,
      contactOfManyMessages: tk.contact_id,
      numberPrefix: `55119${String(bigCompany.id * 100000 + 12)
        .padStart(8, '0')
        .slice(0, 6)}`,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

type Case = { name: string; path: string; who: 'admin' | 'agent'; kind: 'list' | 'messages' | 'search' | 'contacts' };

function cases(s: Seeded): Case[] {
  const q = `queueIds=${encodeURIComponent(JSON.stringify(s.queueIds))}`;
  const q1 = `queueIds=${encodeURIComponent(JSON.stringify([s.queueIds[0]]))}`;
  const tags = `tags=${encodeURIComponent(JSON.stringify([s.tagId]))}`;
  const c: Case[] = [
    { name: 'open tab (admin, showAll)', path: `/tickets?status=open&showAll=true&${q}`, who: 'admin', kind: 'list' },
    { name: 'open tab (agent, mine)', path: `/tickets?status=open&${q1}`, who: 'agent', kind: 'list' },
    { name: 'pending tab (admin)', path: `/tickets?status=pending&${q}`, who: 'admin', kind: 'list' },
    { name: 'pending tab (agent)', path: `/tickets?status=pending&${q1}`, who: 'agent', kind: 'list' },
    { name: 'closed tab (admin)', path: `/tickets?status=closed&${q}`, who: 'admin', kind: 'list' },
    { name: 'closed tab page 50', path: `/tickets?status=closed&${q}&pageNumber=50`, who: 'admin', kind: 'list' },
    {
      name: 'open + unread only',
      path: `/tickets?status=open&showAll=true&withUnreadMessages=true`,
      who: 'admin',
      kind: 'list',
    },
    { name: 'open + tag filter', path: `/tickets?status=open&showAll=true&${tags}`, who: 'admin', kind: 'list' },
    { name: 'one queue, pending', path: `/tickets?status=pending&${q1}`, who: 'admin', kind: 'list' },
    {
      name: 'search tab, date range',
      path: `/tickets?tab=search&searchInitialDate=${day(-30)}&searchFinalDate=${day(0)}`,
      who: 'admin',
      kind: 'list',
    },
    {
      name: 'search tab, by attendant',
      path: `/tickets?tab=search&searchUserId=${s.agent.id}`,
      who: 'admin',
      kind: 'list',
    },
    { name: 'search: protocol', path: `/tickets?tab=search&searchParam=54321`, who: 'admin', kind: 'search' },
    { name: 'search: contact name', path: `/tickets?tab=search&searchParam=Elisa`, who: 'admin', kind: 'search' },
    {
      name: 'search: number prefix',
      path: `/tickets?tab=search&searchParam=${s.numberPrefix}`,
      who: 'admin',
      kind: 'search',
    },
    {
      name: 'search: message text (rare word)',
      path: `/tickets?tab=search&searchParam=boleto`,
      who: 'admin',
      kind: 'search',
    },
    {
      name: 'search: message text (common word, 5 % of rows)',
      path: `/tickets?tab=search&searchParam=pix`,
      who: 'admin',
      kind: 'search',
    },
    {
      name: 'search: message text (agent)',
      path: `/tickets?tab=search&searchParam=boleto`,
      who: 'agent',
      kind: 'search',
    },
    {
      name: 'messages: first page',
      path: `/messages/${s.ticketWithManyMessages}?pageNumber=1`,
      who: 'admin',
      kind: 'messages',
    },
    {
      name: 'messages: page 10',
      path: `/messages/${s.ticketWithManyMessages}?pageNumber=10`,
      who: 'admin',
      kind: 'messages',
    },
    {
      name: 'messages: page 400 (deep)',
      path: `/messages/${s.ticketWithManyMessages}?pageNumber=400`,
      who: 'admin',
      kind: 'messages',
    },
    {
      name: 'messages: in-chat search (common word)',
      path: `/messages/${s.ticketWithManyMessages}?pageNumber=1&searchTerm=pedido`,
      who: 'admin',
      kind: 'search',
    },
    {
      name: 'messages: in-chat search (rare word)',
      path: `/messages/${s.ticketWithManyMessages}?pageNumber=1&searchTerm=boleto`,
      who: 'admin',
      kind: 'search',
    },
    { name: 'contacts: search by name', path: `/contacts?searchParam=carla`, who: 'admin', kind: 'contacts' },
    {
      name: 'contacts: search by number',
      path: `/contacts?searchParam=${s.numberPrefix}`,
      who: 'admin',
      kind: 'contacts',
    },
    { name: 'contacts: first page', path: `/contacts`, who: 'admin', kind: 'contacts' },
  ];
  return c;
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

type CaseResult = Case & { latencyMs: LatencySummary; statements: number; rows: number; status: number };

async function main() {
  const machine = await machineInfo();
  const tdb = await throwawayDatabase('tickets');
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    const p = await bootBenchPlatform(tdb.url);
    const s = await seed(tdb.url);
    const sql = postgres(tdb.url, { max: 1, onnotice: () => {} });
    const [counts] = await sql`select
        (select count(*)::int from tickets where company_id = ${s.bigCompanyId}) as tickets,
        (select count(*)::int from contacts where company_id = ${s.bigCompanyId}) as contacts,
        (select count(*)::int from messages where company_id = ${s.bigCompanyId}) as messages,
        (select count(*)::int from companies) as companies`;
    await sql.end();
    check(counts.tickets === BIG.tickets, `big company has ${counts.tickets} tickets`);
    check(counts.contacts === BIG.contacts, `big company has ${counts.contacts} contacts`);
    check(counts.messages === BIG.messages, `big company has ${counts.messages} messages`);
    check(counts.companies >= 50, `${counts.companies} companies`);
    // a token of another company must not see the big company's ticket (tenancy under the bench's data)
    const [otherAdmin] = [await makeUser(s.otherCompanyId, { profile: 'admin' })];

    server = await startApiServer({ databaseUrl: tdb.url, name: 'tickets' });
    const app = createApp({ corsOrigins: [] });
    const tokens = { admin: s.admin.token, agent: s.agent.token };
    const crossTenant = await fetch(`${server.url}/messages/${s.ticketWithManyMessages}`, {
      headers: { authorization: `Bearer ${otherAdmin.token}` },
    });
    check(crossTenant.status === 404, `another company's ticket answered ${crossTenant.status}`);

    const results: CaseResult[] = [];
    for (const c of cases(s)) {
      const headers = { authorization: `Bearer ${tokens[c.who]}` };
      // statements, counted in-process by the same code (warm actor cache first, as on a live server)
      await app.request(c.path, { headers });
      const counted = await countStatements(async () => {
        const r = await app.request(c.path, { headers });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      });
      const body = counted.result.body;
      const rows = Array.isArray(body.tickets)
        ? body.tickets.length
        : Array.isArray(body.messages)
          ? body.messages.length
          : Array.isArray(body.contacts)
            ? body.contacts.length
            : -1;
      check(
        counted.result.status === 200,
        `${c.name}: answered ${counted.result.status} ${JSON.stringify(body).slice(0, 200)}`,
      );
      const times: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const r = await fetch(`${server.url}${c.path}`, { headers });
        await r.arrayBuffer();
        const dt = performance.now() - t0;
        check(r.status === 200, `${c.name}: HTTP ${r.status}`);
        if (i >= WARMUP) times.push(dt);
      }
      const res: CaseResult = { ...c, latencyMs: summarize(times), statements: counted.count, rows, status: 200 };
      results.push(res);
      if (process.env.BENCH_PRINT_SQL === '1') console.log(counted.sql.join(';\n'));
      log(
        `${c.name.padEnd(38)} p50 ${fmt(res.latencyMs.p50)} p95 ${fmt(res.latencyMs.p95)} p99 ${fmt(res.latencyMs.p99)} ms, ${res.statements} SQL, ${rows} rows`,
      );
    }
    // the searches must find something, or they measure nothing
    for (const r of results)
      if (r.kind === 'search' && !r.name.includes('protocol')) check(r.rows > 0, `${r.name}: no rows`);
    void p;

    const file = writeResult('tickets', { machine, seeded: { ...BIG, companies: counts.companies }, results });
    const lists = results.filter((r) => r.path.startsWith('/tickets') && r.kind === 'list');
    const messageSearches = results.filter(
      (r) => r.kind === 'search' && (r.name.includes('message text') || r.name.includes('in-chat')),
    );
    const searches = messageSearches.filter((r) => !r.name.includes('common'));
    const commonSearches = messageSearches.filter((r) => r.name.includes('common'));
    const maxOf = (rs: CaseResult[], k: 'p95' | 'p99') => Math.max(...rs.map((r) => r.latencyMs[k]));
    const rowsOut: Row[] = [
      {
        metric: `GET /tickets, worst p95 over ${lists.length} tab/filter combinations`,
        budget: '≤ 25 ms',
        measured: `${fmt(maxOf(lists, 'p95'))} ms (worst p99 ${fmt(maxOf(lists, 'p99'))} ms)`,
        ok: maxOf(lists, 'p95') <= 25,
      },
      {
        metric: `message text search, rare word: worst p95 of ${searches.length} (ticket search admin/agent, in-chat)`,
        budget: '≤ 100 ms',
        measured: `${fmt(maxOf(searches, 'p95'))} ms`,
        ok: maxOf(searches, 'p95') <= 100,
      },
      {
        metric: `message text search, common word (5–25 % of all messages): worst p95 of ${commonSearches.length}`,
        budget: '≤ 100 ms',
        measured: `${fmt(maxOf(commonSearches, 'p95'))} ms`,
        ok: maxOf(commonSearches, 'p95') <= 100,
      },
      {
        metric: 'SQL statements per list / messages request (max)',
        budget: '≤ 3',
        measured: String(Math.max(...results.filter((r) => r.kind !== 'contacts').map((r) => r.statements))),
        ok: Math.max(...results.filter((r) => r.kind !== 'contacts').map((r) => r.statements)) <= 3,
      },
      ...results.map((r) => ({
        metric: `\`${r.who}\` ${r.name}`,
        budget: '',
        measured: `p50 ${fmt(r.latencyMs.p50)} / p95 ${fmt(r.latencyMs.p95)} / p99 ${fmt(r.latencyMs.p99)} ms · ${r.statements} SQL · ${r.rows} rows`,
        ok: null,
      })),
    ];
    appendRunTable('bench:tickets', machine, rowsOut, [
      `big company: ${BIG.tickets} tickets, ${BIG.contacts} contacts, ${BIG.messages} messages; ${counts.companies} companies; ${RUNS} sequential requests per case after ${WARMUP} warm-up; results: \`${file.replace(/.*\/bench\//, 'bench/')}\``,
    ]);
    log('tickets done', file);
  } finally {
    await server?.stop();
    await shutdownPlatform();
    if (process.env.BENCH_KEEP_DB === '1') log(`kept database ${tdb.url}`);
    else await tdb.drop();
  }
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
