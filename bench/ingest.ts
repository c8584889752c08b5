/**
 * bench:ingest — inbound messages from M contacts through the real pipeline: simulator channel (HTTP inject) → raw
 * log → processing job → message → `appMessage` SSE event read by a connected SSE client. Runs on real PostgreSQL
 * (throwaway database) and on PGlite (the embedded default), reported separately. Measures inject→SSE latency at a
 * fixed offered rate and sustained messages/s at saturation (and the API's CPU per message there); on PostgreSQL
 * also the ceiling: the fastest plain write of the same rows (multi-row statements in batches, no application logic).
 * Validates: every injected message stored exactly once and delivered exactly once over SSE.
 */
import postgres from 'postgres';
import { createPGlite } from '../api/src/platform/db';
import {
  appendRunTable,
  BENCH_DATA_DIR,
  BENCH_PORT,
  check,
  fmt,
  type LatencySummary,
  log,
  machineInfo,
  type Row,
  sleep,
  summarize,
  throwawayDatabase,
  writeResult,
} from './lib/common';
import { api, login } from './lib/http';
import { startApiServer, startWorker } from './lib/server';
import { nowMs, openSse } from './lib/sse-client';

const CONNECTIONS = Number(process.env.INGEST_CONNECTIONS ?? 4);
const CONTACTS = Number(process.env.INGEST_CONTACTS ?? 400);
/** PGlite creates contacts and tickets one transaction at a time for the whole database: a smaller warm-up */
const PGLITE_CONTACTS = Number(process.env.INGEST_PGLITE_CONTACTS ?? 100);
/** contacts of the kind being run */
let contactsNow = CONTACTS;
const FIXED_RATE = Number(process.env.INGEST_RATE ?? 500);
/** PGlite is one embedded single-connection database: offered a lower fixed rate so its run stays bounded */
const PGLITE_RATE = Number(process.env.INGEST_PGLITE_RATE ?? 100);
const LOW_RATE = Number(process.env.INGEST_LOW_RATE ?? 10);
const FIXED_SECONDS = Number(process.env.INGEST_FIXED_SECONDS ?? 5);
const SAT_SECONDS = Number(process.env.INGEST_SAT_SECONDS ?? 10);
const SAT_CONCURRENCY = Number(process.env.INGEST_SAT_CONCURRENCY ?? 64);
const CEILING_SECONDS = Number(process.env.INGEST_CEILING_SECONDS ?? 10);
const DRAIN_TIMEOUT_MS = Number(process.env.INGEST_DRAIN_TIMEOUT_MS ?? 180_000);
/** scaled: PostgreSQL + Redis, the API process without job workers plus one `bun run worker` process (opt-in) */
type Kind = 'postgres' | 'pglite' | 'scaled';
const KINDS = (process.env.INGEST_DB ?? 'postgres,pglite').split(',') as Kind[];
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Sent = { at: number; conn: number };
type PhaseResult = {
  name: string;
  offeredRate: number | null;
  injected: number;
  /** what the API accepted per second while injecting (the HTTP answer comes once the raw log is written) */
  acceptedPerSecond: number;
  delivered: number;
  seconds: number;
  deliveredPerSecond: number;
  injectErrors: number;
  latencyMs: LatencySummary;
};

type Tracker = {
  sent: Map<string, Sent>;
  received: Map<string, number>;
  duplicates: number;
  latencies: number[] | null;
};

async function setupConnections(base: string, token: string): Promise<number[]> {
  const existing = await api<{ id: number; name: string; status: string; lib: string }[]>(base, 'GET', '/whatsapp', {
    token,
  });
  const ids = existing.filter((w) => w.lib === 'simulator' && w.status === 'CONNECTED').map((w) => w.id);
  while (ids.length < CONNECTIONS) {
    const w = await api<{ id: number }>(base, 'POST', '/whatsapp', {
      token,
      json: { name: `Bench ${ids.length + 1}`, lib: 'simulator' },
    });
    await api(base, 'POST', `/simulator/${w.id}/scan`, { token });
    ids.push(w.id);
  }
  return ids.slice(0, CONNECTIONS);
}

const contactNumber = (i: number) => `55119${String(70000000 + i).padStart(8, '0')}`;

async function inject(base: string, token: string, conn: number, contact: number, wid: string): Promise<boolean> {
  try {
    const r = await fetch(`${base}/simulator/${conn}/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: contactNumber(contact), name: `Cliente ${contact}`, body: `bench ${wid}`, id: wid }),
    });
    await r.arrayBuffer();
    return r.ok;
  } catch {
    return false;
  }
}

async function waitDelivered(t: Tracker, ids: string[], timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const missing = ids.filter((id) => !t.received.has(id)).length;
    if (missing === 0 || Date.now() > until) return missing;
    await sleep(50);
  }
}

async function runPhase(
  name: string,
  base: string,
  token: string,
  conns: number[],
  t: Tracker,
  opts: { rate?: number; seconds: number; concurrency: number; prefix: string; count?: number },
): Promise<PhaseResult> {
  const ids: string[] = [];
  const latencies: number[] = [];
  t.latencies = latencies;
  let errors = 0;
  let seq = 0;
  const firstDeliveryCountAt = 0;
  const start = nowMs();
  const end = start + opts.seconds * 1000;
  const deliveredBefore = t.received.size;
  const one = async () => {
    const n = seq++;
    const wid = `${opts.prefix}${n}`;
    const contact = n % contactsNow;
    const conn = conns[contact % conns.length];
    ids.push(wid);
    t.sent.set(wid, { at: nowMs(), conn });
    if (!(await inject(base, token, conn, contact, wid))) errors++;
  };
  if (opts.rate) {
    // open loop at a fixed offered rate: message n is due at start + n / rate, whatever the answers' latency
    const inflight = new Set<Promise<void>>();
    while (nowMs() < end || (opts.count !== undefined && seq < opts.count)) {
      if (opts.count !== undefined && seq >= opts.count) break;
      const due = start + (seq * 1000) / opts.rate;
      const wait = due - nowMs();
      if (wait > 1) await sleep(wait);
      if (inflight.size >= opts.concurrency) await Promise.race(inflight);
      const p = one().finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await Promise.all(inflight);
  } else {
    // closed loop: `concurrency` injectors as fast as the server answers
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (nowMs() < end) await one();
      }),
    );
  }
  const injectEnd = nowMs();
  void firstDeliveryCountAt;
  const missing = await waitDelivered(t, ids, DRAIN_TIMEOUT_MS);
  const lastDelivery = Math.max(...ids.map((id) => t.received.get(id) ?? 0));
  const seconds = (Math.max(lastDelivery, injectEnd) - start) / 1000;
  t.latencies = null;
  const delivered = ids.length - missing;
  check(t.received.size - deliveredBefore >= delivered, `${name}: delivery bookkeeping`);
  return {
    name,
    offeredRate: opts.rate ?? null,
    injected: ids.length,
    acceptedPerSecond: Math.round(ids.length / ((injectEnd - start) / 1000)),
    delivered,
    seconds: Math.round(seconds * 100) / 100,
    deliveredPerSecond: Math.round(delivered / seconds),
    injectErrors: errors,
    latencyMs: summarize(latencies),
  };
}

/**
 * The ceiling: the fastest plain write of the rows the pipeline writes per message — the simulator network row, the
 * raw log, the message, its ticket's update, the raw log marked processed — plus, per batch, the one delayed
 * safety-net job the pipeline writes per ingest batch and its completion. No application logic: constant-text
 * multi-row statements (`unnest` of one array per column, as the pipeline's own batches), CEILING_BATCH messages per
 * transaction, CEILING_WRITERS transactions in parallel, for CEILING_SECONDS. The pipeline should stay a good
 * fraction of this (≥ 50 %); above 100 % would mean the ceiling is not one.
 */
const CEILING_BATCH = Number(process.env.INGEST_CEILING_BATCH ?? 500);
const CEILING_WRITERS = Number(process.env.INGEST_CEILING_WRITERS ?? 4);
async function measureCeiling(url: string, companyId: number, conns: number[]): Promise<Record<string, number>> {
  const sql = postgres(url, { max: CEILING_WRITERS, onnotice: () => {} });
  try {
    const tickets = await sql<{ id: number; contact_id: number; whatsapp_id: number }[]>`
      select id, contact_id, whatsapp_id from tickets
      where company_id = ${companyId} and status in ('open', 'pending') order by id limit ${CONTACTS}`;
    check(tickets.length > 0, 'ceiling: tickets of the ingest phase exist');
    let n = 0;
    let batches = 0;
    let done = 0;
    const start = performance.now();
    const end = start + CEILING_SECONDS * 1000;
    // each writer updates its own tickets (as one pipeline process does): no lock waits between writers
    const writer = async (w: number) => {
      const mine = tickets.filter((_, i) => i % CEILING_WRITERS === w);
      while (performance.now() < end) {
        const first = n;
        n += CEILING_BATCH;
        const idx = Array.from({ length: CEILING_BATCH }, (_, k) => first + k);
        const tk = idx.map((i) => mine[i % mine.length]);
        const wid = idx.map((i) => `CEIL-${i}`);
        const body = wid.map((w) => `ceiling ${w}`);
        const conn = tk.map((t) => t.whatsapp_id ?? conns[0]);
        const number = idx.map((i) => contactNumber(i % CONTACTS));
        const jid = number.map((x) => `${x}@s.whatsapp.net`);
        const json = wid.map((w, k) =>
          JSON.stringify({ kind: 'message', msg: { id: w, remoteJid: jid[k], body: body[k], fromMe: false } }),
        );
        const jobId = `ceil-${first}`;
        await sql.begin(async (tx) => {
          await tx`insert into simulator_messages (company_id, whatsapp_id, direction, wid, number, body)
            select ${companyId}, c, 'in', w, nb, b
            from unnest(${conn}::int[], ${wid}::text[], ${number}::text[], ${body}::text[]) as v(c, w, nb, b)`;
          const raws = await tx<{ id: number }[]>`
            insert into message_raw_logs (company_id, whatsapp_id, remote_jid, message_id, type, body, status, json_value)
            select ${companyId}, c, j, w, 'chat', b, 'received', js::jsonb
            from unnest(${conn}::int[], ${jid}::text[], ${wid}::text[], ${body}::text[], ${json}::text[]) as v(c, j, w, b, js)
            returning id`;
          await tx`insert into jobs (id, queue, name, company_id, data, opts, status, max_attempts, run_at)
            values (${jobId}, 'ceiling', 'inbound.batch', ${companyId}, ${sql.json({ rawLogIds: raws.map((r) => r.id) })},
                    ${sql.json({ attempts: 5, delay: 30_000 })}, 'delayed', 5, now() + interval '30 seconds')`;
          await tx`insert into messages (company_id, wid, ticket_id, contact_id, whatsapp_id, body)
            select ${companyId}, w, t, ct, c, b
            from unnest(${wid}::text[], ${tk.map((t) => t.id)}::int[], ${tk.map((t) => t.contact_id)}::int[],
                        ${conn}::int[], ${body}::text[]) as v(w, t, ct, c, b)`;
          await tx`update tickets t set last_message = v.b, unread_messages = t.unread_messages + v.n,
                     updated_at = now(), last_message_at = now()
            from (select t, count(*)::int as n, max(b) as b from unnest(${tk.map((t) => t.id)}::int[], ${body}::text[]) as u(t, b)
                  group by t) v
            where t.id = v.t and t.company_id = ${companyId}`;
          await tx`update message_raw_logs set status = 'processed', time_spent = 1
            where company_id = ${companyId} and id = any(${raws.map((r) => r.id)}::int[])`;
          await tx`update jobs set status = 'completed', finished_on = now(), attempts_made = 1
            where queue = 'ceiling' and id = ${jobId}`;
        });
        done += CEILING_BATCH;
        batches++;
      }
    };
    await Promise.all(Array.from({ length: CEILING_WRITERS }, (_, w) => writer(w)));
    const seconds = (performance.now() - start) / 1000;
    const [{ c }] = await sql<
      { c: number }[]
    >`select count(*)::int as c from messages where company_id = ${companyId} and wid like 'CEIL-%'`;
    check(c === done, `ceiling: ${c} rows stored for ${done} written`);
    await sql`delete from messages where company_id = ${companyId} and wid like 'CEIL-%'`;
    await sql`delete from jobs where queue = 'ceiling'`;
    return {
      messages: done,
      batches,
      batchSize: CEILING_BATCH,
      writers: CEILING_WRITERS,
      seconds: Math.round(seconds * 100) / 100,
      perSecond: Math.round(done / seconds),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

type KindResult = {
  db: Kind;
  connections: number;
  contacts: number;
  phases: PhaseResult[];
  stored: number;
  injectedTotal: number;
  lostOverSse: number;
  duplicatesOverSse: number;
  ceiling?: Record<string, number>;
  serverCpuSeconds: number;
  /** user + system CPU of the API process (/proc) over the saturation phase, per message delivered */
  apiCpuUsPerMessage: number;
  /** the same for the worker process (scaled mode) */
  workerCpuUsPerMessage: number | null;
};

async function runKind(kind: Kind): Promise<KindResult> {
  contactsNow = kind === 'pglite' ? PGLITE_CONTACTS : CONTACTS;
  const tdb = kind !== 'pglite' ? await throwawayDatabase('ingest') : null;
  const name = `ingest-${kind}`;
  // scaled: its own Redis prefixes, so nothing of another run or of the tests is shared
  const prefix = `zbench${Math.random().toString(36).slice(2, 8)}`;
  const scaledEnv = { REDIS_URL, REDIS_PREFIX: prefix, JOBS_PREFIX: prefix };
  const server = await startApiServer({
    databaseUrl: tdb?.url,
    name,
    ...(kind === 'scaled' ? { env: { ...scaledEnv, WORKERS_IN_API: '0' } } : {}),
  });
  const worker = kind === 'scaled' && tdb ? startWorker({ databaseUrl: tdb.url, name, env: scaledEnv }) : null;
  let stopped = false;
  try {
    const base = server.url;
    const token = await login(base, 'admin@demo.local', 'demo1234');
    const conns = await setupConnections(base, token);
    log(`${kind}: API pid ${server.pid}, connections ${conns.join(',')}`);

    const t: Tracker = { sent: new Map(), received: new Map(), duplicates: 0, latencies: null };
    let companyId = 0;
    const sse = openSse({
      host: '127.0.0.1',
      port: BENCH_PORT,
      path: `/events?token=${encodeURIComponent(token)}`,
      onFrame: (event, data, at) => {
        if (!event.startsWith('appMessage-')) return;
        const d = JSON.parse(data) as { action: string; message?: { wid: string; companyId: number } };
        if (d.action !== 'create' || !d.message) return;
        const sent = t.sent.get(d.message.wid);
        if (!sent) return;
        companyId ||= d.message.companyId;
        if (t.received.has(d.message.wid)) {
          t.duplicates++;
          return;
        }
        t.received.set(d.message.wid, at);
        t.latencies?.push(at - sent.at);
      },
    });
    await sse.ready;

    // warm-up: every contact writes once (contacts and tickets created), not measured
    log(`${kind}: warm-up, ${contactsNow} contacts`);
    const warm = await runPhase('warm-up', base, token, conns, t, {
      rate: 400,
      seconds: 0,
      count: contactsNow,
      concurrency: 64,
      prefix: 'BW',
    });
    log(`${kind}:`, warm);
    check(warm.delivered === warm.injected, `warm-up: ${warm.injected - warm.delivered} messages not delivered`);

    log(`${kind}: low rate ${LOW_RATE}/s for ${FIXED_SECONDS}s (the pipeline's own latency, no queueing)`);
    const low = await runPhase(`low ${LOW_RATE}/s`, base, token, conns, t, {
      rate: LOW_RATE,
      seconds: FIXED_SECONDS,
      concurrency: 64,
      prefix: 'BL',
    });
    log(`${kind}:`, low);
    const rate = kind === 'pglite' ? PGLITE_RATE : FIXED_RATE;
    log(`${kind}: fixed rate ${rate}/s for ${FIXED_SECONDS}s`);
    const fixed = await runPhase(`fixed ${rate}/s`, base, token, conns, t, {
      rate,
      seconds: FIXED_SECONDS,
      concurrency: 512,
      prefix: 'BF',
    });
    log(`${kind}:`, fixed);
    log(`${kind}: saturation, ${SAT_CONCURRENCY} injectors for ${SAT_SECONDS}s`);
    const cpu0 = server.cpuSeconds();
    const wcpu0 = worker?.cpuSeconds() ?? 0;
    const sat = await runPhase('saturation', base, token, conns, t, {
      seconds: SAT_SECONDS,
      concurrency: SAT_CONCURRENCY,
      prefix: 'BS',
    });
    const serverCpu = server.cpuSeconds() - cpu0;
    const workerCpu = worker ? worker.cpuSeconds() - wcpu0 : 0;
    log(
      `${kind}:`,
      sat,
      `server CPU ${serverCpu.toFixed(1)} s${worker ? `, worker CPU ${workerCpu.toFixed(1)} s` : ''}`,
    );
    sse.close();

    const injectedTotal = t.sent.size;
    const lost = [...t.sent.keys()].filter((id) => !t.received.has(id)).length;
    // count what was stored: through the database itself, after the server stopped for PGlite (one owner at a time)
    await sleep(300);
    let stored: number;
    let ceiling: Record<string, number> | undefined;
    if (kind !== 'pglite' && tdb) {
      const sql = postgres(tdb.url, { max: 1, onnotice: () => {} });
      const [r] = await sql<{ c: number; d: number; cid: number }[]>`
        select count(*)::int as c, count(distinct wid)::int as d, min(company_id)::int as cid from messages
        where wid like 'B%' and from_me = false and media_type = 'chat'`;
      await sql.end({ timeout: 1 });
      stored = r.c;
      check(r.c === r.d, `postgres: ${r.c - r.d} duplicated messages stored`);
      companyId ||= r.cid;
      await server.stop();
      await worker?.stop();
      stopped = true;
      log(`${kind}: ceiling, plain multi-row writes (${CEILING_WRITERS} × ${CEILING_BATCH}) for ${CEILING_SECONDS}s`);
      ceiling = await measureCeiling(tdb.url, companyId, conns);
      log(`${kind}: ceiling`, ceiling);
    } else {
      await server.stop();
      stopped = true;
      const pg = createPGlite({ dataDir: `${BENCH_DATA_DIR}/${name}/pglite` });
      const r = await pg.query<{ c: number; d: number }>(
        `select count(*)::int as c, count(distinct wid)::int as d from messages where wid like 'B%' and from_me = false and media_type = 'chat'`,
      );
      await pg.close();
      stored = r.rows[0].c;
      check(r.rows[0].c === r.rows[0].d, `pglite: ${r.rows[0].c - r.rows[0].d} duplicated messages stored`);
    }
    check(stored === injectedTotal, `${kind}: ${injectedTotal} injected but ${stored} stored`);
    check(lost === 0, `${kind}: ${lost} messages never reached the SSE client`);
    check(t.duplicates === 0, `${kind}: ${t.duplicates} duplicated SSE deliveries`);
    return {
      db: kind,
      connections: conns.length,
      contacts: contactsNow,
      phases: [warm, fixed, sat, low],
      stored,
      injectedTotal,
      lostOverSse: lost,
      duplicatesOverSse: t.duplicates,
      ceiling,
      serverCpuSeconds: Math.round(serverCpu * 10) / 10,
      apiCpuUsPerMessage: Math.round((serverCpu * 1e6) / Math.max(1, sat.delivered)),
      workerCpuUsPerMessage: worker ? Math.round((workerCpu * 1e6) / Math.max(1, sat.delivered)) : null,
    };
  } finally {
    if (!stopped) {
      await server.stop();
      await worker?.stop();
    }
    await tdb?.drop();
  }
}

async function main() {
  const machine = await machineInfo();
  const results: KindResult[] = [];
  for (const kind of KINDS) results.push(await runKind(kind));
  const file = writeResult('ingest', {
    machine,
    config: { CONNECTIONS, CONTACTS, PGLITE_CONTACTS, FIXED_RATE, PGLITE_RATE, SAT_CONCURRENCY },
    results,
  });
  const rows: Row[] = [];
  for (const r of results) {
    const fixed = r.phases[1];
    const sat = r.phases[2];
    const label =
      r.db === 'postgres' ? 'PostgreSQL' : r.db === 'scaled' ? 'PostgreSQL + Redis, API + 1 worker' : 'PGlite';
    rows.push({
      metric: `${label}: p50 / p95 / p99 inject→SSE at ${fixed.offeredRate}/s offered`,
      budget: r.db === 'postgres' ? 'p99 ≤ 100 ms' : '(reported)',
      measured: `${fmt(fixed.latencyMs.p50)} / ${fmt(fixed.latencyMs.p95)} / ${fmt(fixed.latencyMs.p99)} ms (accepted ${fixed.acceptedPerSecond}/s, delivered ${fixed.deliveredPerSecond}/s)`,
      ok: r.db === 'postgres' ? fixed.latencyMs.p99 <= 100 : null,
    });
    const low = r.phases[3];
    rows.push({
      metric: `${label}: p50 / p95 / p99 inject→SSE at ${low.offeredRate}/s (no queueing)`,
      budget: '(reported)',
      measured: `${fmt(low.latencyMs.p50)} / ${fmt(low.latencyMs.p95)} / ${fmt(low.latencyMs.p99)} ms`,
      ok: null,
    });
    rows.push({
      metric: `${label}: sustained at saturation (${SAT_CONCURRENCY} injectors)`,
      budget: r.db === 'postgres' ? '≥ 1,500 msg/s' : '(reported)',
      measured: `${fmt(sat.deliveredPerSecond, 0)} msg/s; p50 / p99 ${fmt(sat.latencyMs.p50)} / ${fmt(sat.latencyMs.p99)} ms`,
      ok: r.db === 'postgres' ? sat.deliveredPerSecond >= 1500 : null,
    });
    const cpu = `API CPU ${fmt(r.apiCpuUsPerMessage, 0)} µs/msg${r.workerCpuUsPerMessage !== null ? `, worker ${fmt(r.workerCpuUsPerMessage, 0)} µs/msg` : ''}`;
    if (r.ceiling) {
      const ratio = sat.deliveredPerSecond / r.ceiling.perSecond;
      rows.push({
        metric: `${label}: ceiling (fastest plain write of the same rows: multi-row, ${r.ceiling.writers} × ${r.ceiling.batchSize} per transaction) and ratio`,
        budget: '≥ 50 %',
        measured: `${fmt(r.ceiling.perSecond, 0)} msg/s → ${fmt(ratio * 100, 0)} %; ${cpu} at saturation`,
        ok: ratio >= 0.5,
      });
    } else {
      rows.push({
        metric: `${label}: CPU per message at saturation (/proc user + system)`,
        budget: '(reported)',
        measured: cpu,
        ok: null,
      });
    }
    rows.push({
      metric: `${label}: lost / duplicated (${r.injectedTotal} injected)`,
      budget: '0 / 0',
      measured: `${r.lostOverSse} / ${r.duplicatesOverSse} (stored ${r.stored})`,
      ok: r.lostOverSse === 0 && r.duplicatesOverSse === 0 && r.stored === r.injectedTotal,
    });
  }
  appendRunTable('bench:ingest', machine, rows, [
    `${CONNECTIONS} simulator connections, ${CONTACTS} contacts (PGlite ${PGLITE_CONTACTS}), one API process (embedded jobs and events), results: \`${file.replace(/.*\/bench\//, 'bench/')}\``,
  ]);
  log('ingest done', file);
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
