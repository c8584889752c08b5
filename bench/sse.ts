/**
 * bench:sse — K concurrent SSE clients on ONE API process (started as its own process; the load clients run in
 * separate worker processes on raw sockets). For each step of K: the API's RSS per client, the fan-out latency of
 * real ticket updates (POST /tags/sync → `ticket-{companyId}` update) to every client of the company, measured as
 * receipt time − publish time carried in the event id, and that clients of another company receive nothing.
 * At the budget step (5,000) also bursts: a bulk close of N tickets (`POST /ticketsclosed`) publishes N ticket updates
 * in one tick, which is how real traffic arrives (bulk actions, a batch of inbound messages, a burst read from Redis).
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { makeCompany, makeUser } from '../api/src/test/factories';
import {
  appendRunTable,
  BENCH_PORT,
  check,
  fmt,
  log,
  machineInfo,
  percentile,
  ROOT,
  type Row,
  sleep,
  throwawayDatabase,
  writeResult,
} from './lib/common';
import { api } from './lib/http';
import { bootBenchPlatform, shutdownPlatform } from './lib/platform';
import { startApiServer } from './lib/server';

/** user and kernel CPU seconds of a process (the fan-out's cost is mostly the kernel's: one send() per delivery) */
function cpuSplit(pid: number): { user: number; sys: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(rest[11]) / 100, sys: Number(rest[12]) / 100 };
}

const STEPS = (process.env.SSE_STEPS ?? '1000,2000,3000,4000,5000,6000').split(',').map(Number);
const WORKERS = Number(process.env.SSE_WORKERS ?? 2);
const OTHER_CLIENTS = Number(process.env.SSE_OTHER_CLIENTS ?? 100);
const UPDATES = Number(process.env.SSE_UPDATES ?? 40);
const UPDATE_INTERVAL_MS = Number(process.env.SSE_UPDATE_INTERVAL_MS ?? 250);
const USERS = 50;
/** bursts at the step with this many clients (or the last step): SSE_BURSTS bulk closes of SSE_BURST_TICKETS each */
const BURST_AT = Number(process.env.SSE_BURST_AT ?? 5000);
const BURSTS = Number(process.env.SSE_BURSTS ?? 5);
const BURST_TICKETS = Number(process.env.SSE_BURST_TICKETS ?? 20);
const BURST_INTERVAL_MS = 1500;

type Worker = {
  proc: ReturnType<typeof Bun.spawn>;
  send(cmd: string): Promise<Record<string, unknown>>;
  pid: number;
};

function spawnWorker(tokens: string[], expectChannel: string): Worker {
  const proc = Bun.spawn([process.execPath, `${ROOT}/bench/sse-worker.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      SSE_PORT: String(BENCH_PORT),
      SSE_TOKENS: JSON.stringify(tokens),
      SSE_EXPECT_CHANNEL: expectChannel,
    },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const dec = new TextDecoder();
  let buf = '';
  const nextLine = async (): Promise<string> => {
    for (;;) {
      const nl = buf.indexOf('\n');
      if (nl !== -1) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        return line;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('sse worker exited');
      buf += dec.decode(value, { stream: true });
    }
  };
  let chain: Promise<unknown> = Promise.resolve();
  const send = (cmd: string) => {
    const p = chain.then(async () => {
      const stdin = proc.stdin as import('bun').FileSink;
      stdin.write(`${cmd}\n`);
      await stdin.flush();
      return JSON.parse(await nextLine()) as Record<string, unknown>;
    });
    chain = p.catch(() => {});
    return p;
  };
  return { proc, send, pid: proc.pid };
}

function mergeHist(reports: Record<string, unknown>[]): {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
} {
  const bucket = reports[0].bucketMs as number;
  const sum = new Array<number>((reports[0].hist as number[]).length).fill(0);
  for (const r of reports) {
    const h = r.hist as number[];
    for (let i = 0; i < h.length; i++) sum[i] += h[i];
  }
  const n = sum.reduce((a, b) => a + b, 0);
  const at = (p: number) => {
    const target = Math.ceil((p / 100) * n);
    let acc = 0;
    for (let i = 0; i < sum.length; i++) {
      acc += sum[i];
      if (acc >= target) return (i + 1) * bucket;
    }
    return Number.NaN;
  };
  let max = 0;
  sum.forEach((v, i) => {
    if (v) max = (i + 1) * bucket;
  });
  return { p50: at(50), p95: at(95), p99: at(99), max, n };
}

async function main() {
  const machine = await machineInfo();
  const tdb = await throwawayDatabase('sse');
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  const workers: Worker[] = [];
  try {
    await bootBenchPlatform(tdb.url);
    const a = await makeCompany({ name: 'SSE A', numberAttendants: 1000 });
    const b = await makeCompany({ name: 'SSE B' });
    const aTokens: string[] = [];
    const admin = await makeUser(a.id, { profile: 'admin' });
    aTokens.push(admin.token);
    for (let i = 1; i < USERS; i++) aTokens.push((await makeUser(a.id, { profile: 'admin' })).token);
    const bTokens = [(await makeUser(b.id, { profile: 'admin' })).token, (await makeUser(b.id)).token];
    const sql = postgres(tdb.url, { max: 1, onnotice: () => {} });
    const [contact] =
      await sql`insert into contacts (company_id, name, number) values (${a.id}, 'Cliente SSE', '5511988887777') returning id`;
    const [ticket] =
      await sql`insert into tickets (company_id, protocol, status, contact_id) values (${a.id}, '1', 'pending', ${contact.id}) returning id`;
    const [tag] = await sql`insert into tags (company_id, name) values (${a.id}, 'SSE') returning id`;
    // tickets the bursts close, BURST_TICKETS per burst (one contact each)
    const burstTickets: number[] = [];
    for (let i = 0; i < BURSTS * BURST_TICKETS; i++) {
      const [c] =
        await sql`insert into contacts (company_id, name, number) values (${a.id}, ${`Burst ${i}`}, ${String(5511900000000 + i)}) returning id`;
      const [t] =
        await sql`insert into tickets (company_id, protocol, status, contact_id) values (${a.id}, ${String(100 + i)}, 'open', ${c.id}) returning id`;
      burstTickets.push(t.id);
    }
    await sql.end();
    await shutdownPlatform();

    server = await startApiServer({ databaseUrl: tdb.url, name: 'sse' });
    const base = server.url;
    await sleep(1000);
    await server.gc();
    const rss0 = server.rss();
    log(`API pid ${server.pid}, RSS before clients ${fmt(rss0 / 2 ** 20)} MB`);

    for (let i = 0; i < WORKERS; i++) workers.push(spawnWorker(aTokens, `ticket-${a.id}`));
    const bWorker = spawnWorker(bTokens, `ticket-${b.id}`);
    workers.push(bWorker);
    const aWorkers = workers.slice(0, WORKERS);
    await bWorker.send(`open ${OTHER_CLIENTS}`);

    const steps: Record<string, unknown>[] = [];
    let burst: Record<string, unknown> | undefined;
    /** BURSTS bulk closes of BURST_TICKETS tickets each: every client must get every one of the resulting updates */
    const api0 = server;
    const runBursts = async (k: number) => {
      await Promise.all(workers.map((w) => w.send('report')));
      const cpu0 = api0.cpuSeconds();
      for (let i = 0; i < BURSTS; i++) {
        const res = await api<{ count: number }>(base, 'POST', '/ticketsclosed', {
          token: admin.token,
          json: { Tickets: burstTickets.slice(i * BURST_TICKETS, (i + 1) * BURST_TICKETS) },
        });
        check(res.count === BURST_TICKETS, `bulk close closed ${res.count} of ${BURST_TICKETS} tickets`);
        await sleep(BURST_INTERVAL_MS);
      }
      await sleep(2000);
      const cpuMs = ((api0.cpuSeconds() - cpu0) * 1000) / BURSTS;
      const reports = await Promise.all(aWorkers.map((w) => w.send('report')));
      const other = await bWorker.send('report');
      const lat = mergeHist(reports);
      const received = reports.reduce((s, r) => s + (r.received as number), 0);
      const expected = k * BURSTS * BURST_TICKETS;
      const b = {
        clients: k,
        bursts: BURSTS,
        eventsPerBurst: BURST_TICKETS,
        expectedDeliveries: expected,
        received,
        latencyMs: lat,
        serverCpuMsPerBurst: Math.round(cpuMs),
        otherCompany: (other.received as number) + (other.foreign as number),
      };
      log(
        `K=${k} bursts of ${BURST_TICKETS} events: p50 ${fmt(lat.p50)} p95 ${fmt(lat.p95)} p99 ${fmt(lat.p99)} ms, ${received}/${expected} delivered, server CPU ${b.serverCpuMsPerBurst} ms per burst, other company got ${b.otherCompany}`,
      );
      check(received === expected, `bursts at K=${k}: ${expected - received} deliveries missing`);
      check(b.otherCompany === 0, `bursts at K=${k}: another company's clients received events`);
      return b;
    };
    let connected = 0;
    for (const k of STEPS) {
      const add = k - connected;
      const per = Math.ceil(add / WORKERS);
      const opened = await Promise.all(aWorkers.map((w, i) => w.send(`open ${Math.min(per, add - per * i)}`)));
      const failed = opened.reduce((s, o) => s + (o.failed as number), 0);
      connected = k;
      check(failed === 0, `${failed} SSE streams could not open at K=${k}`);
      await sleep(2000);
      await server.gc();
      const rssK = server.rss();
      // reset counters, then publish UPDATES real ticket updates
      await Promise.all(workers.map((w) => w.send('report')));
      const cpu0 = server.cpuSeconds();
      const split0 = cpuSplit(server.pid);
      const t0 = performance.now();
      for (let i = 0; i < UPDATES; i++) {
        const started = performance.now();
        await api(base, 'POST', '/tags/sync', {
          token: admin.token,
          json: { ticketId: ticket.id, tags: i % 2 ? [] : [tag.id] },
        });
        const wait = UPDATE_INTERVAL_MS - (performance.now() - started);
        if (wait > 0) await sleep(wait);
      }
      await sleep(3000);
      const serverCpu = server.cpuSeconds() - cpu0;
      const split1 = cpuSplit(server.pid);
      const serverSys = split1.sys - split0.sys;
      const serverUser = split1.user - split0.user;
      const wall = (performance.now() - t0) / 1000;
      const reports = await Promise.all(aWorkers.map((w) => w.send('report')));
      const other = await bWorker.send('report');
      const lat = mergeHist(reports);
      const received = reports.reduce((s, r) => s + (r.received as number), 0);
      const open = reports.reduce((s, r) => s + (r.open as number), 0);
      const clientCpu = reports.map((r) => (r.cpuSeconds as number) / (r.wallSeconds as number));
      const step = {
        clients: k,
        openAfter: open,
        expectedDeliveries: k * UPDATES,
        received,
        lost: k * UPDATES - received,
        latencyMs: lat,
        rssMb: Math.round((rssK / 2 ** 20) * 10) / 10,
        rssPerClientKb: Math.round((rssK - rss0) / k / 102.4) / 10,
        serverCpuPct: Math.round((serverCpu / wall) * 100),
        /** server CPU per delivery (the 40 HTTP updates included), and the kernel's share of it */
        serverUsPerDelivery: Math.round((serverCpu / (k * UPDATES)) * 1e7) / 10,
        serverKernelPct: Math.round((serverSys / Math.max(serverSys + serverUser, 1e-9)) * 100),
        clientCpuPct: clientCpu.map((c) => Math.round(c * 100)),
        otherCompanyReceived: other.received as number,
        otherCompanyForeign: other.foreign as number,
      };
      steps.push(step);
      log(
        `K=${k}: p50 ${fmt(lat.p50)} p95 ${fmt(lat.p95)} p99 ${fmt(lat.p99)} ms, ${received}/${k * UPDATES} delivered, RSS ${step.rssMb} MB (${step.rssPerClientKb} KB/client), server CPU ${step.serverCpuPct} % (${step.serverUsPerDelivery} µs/delivery, ${step.serverKernelPct} % kernel), clients CPU ${step.clientCpuPct.join('/')} %, other company got ${step.otherCompanyReceived + step.otherCompanyForeign}`,
      );
      check(open === k, `K=${k}: ${k - open} streams dropped`);
      check(received === k * UPDATES, `K=${k}: ${k * UPDATES - received} deliveries missing`);
      check(
        step.otherCompanyReceived + step.otherCompanyForeign === 0,
        `K=${k}: another company's clients received events`,
      );
      if (BURSTS > 0 && (k === BURST_AT || (k === STEPS[STEPS.length - 1] && !STEPS.includes(BURST_AT)))) {
        burst = await runBursts(k);
      }
    }
    const file = writeResult('sse', {
      machine,
      config: { STEPS, WORKERS, OTHER_CLIENTS, UPDATES, USERS, BURSTS, BURST_TICKETS },
      steps,
      burst,
    });
    const at5k = (steps.find((s) => (s.clients as number) >= 5000) ?? steps[steps.length - 1]) as {
      clients: number;
      latencyMs: { p99: number };
      rssPerClientKb: number;
    };
    const rows: Row[] = [
      {
        metric: `fan-out p99 at ${at5k.clients} clients of one company`,
        budget: '≤ 100 ms',
        measured: `${fmt(at5k.latencyMs.p99)} ms`,
        ok: at5k.latencyMs.p99 <= 100,
      },
      {
        metric: `server RSS per client at ${at5k.clients}`,
        budget: '≤ 20 KB',
        measured: `${fmt(at5k.rssPerClientKb)} KB`,
        ok: at5k.rssPerClientKb <= 20,
      },
      {
        metric: `another company's ${OTHER_CLIENTS} clients received`,
        budget: '0 events',
        measured: String(
          steps.reduce((s, x) => s + (x.otherCompanyReceived as number) + (x.otherCompanyForeign as number), 0),
        ),
        ok: steps.every((x) => (x.otherCompanyReceived as number) + (x.otherCompanyForeign as number) === 0),
      },
      ...steps.map((s) => {
        const l = s.latencyMs as { p50: number; p95: number; p99: number };
        return {
          metric: `K = ${s.clients}`,
          budget: '',
          measured: `p50 ${fmt(l.p50)} / p95 ${fmt(l.p95)} / p99 ${fmt(l.p99)} ms · RSS ${s.rssMb} MB (${s.rssPerClientKb} KB/client) · server CPU ${s.serverCpuPct} % (${s.serverUsPerDelivery} µs/delivery, ${s.serverKernelPct} % kernel) · client CPU ${(s.clientCpuPct as number[]).join(' / ')} %`,
          ok: null,
        };
      }),
      ...(burst
        ? [
            {
              metric: `bursts at K = ${burst.clients}: ${BURSTS} bulk closes of ${BURST_TICKETS} tickets (${BURST_TICKETS} updates in one tick)`,
              budget: '',
              measured: (() => {
                const l = burst.latencyMs as { p50: number; p95: number; p99: number };
                return `p50 ${fmt(l.p50)} / p95 ${fmt(l.p95)} / p99 ${fmt(l.p99)} ms per update · server CPU ${burst.serverCpuMsPerBurst} ms per burst`;
              })(),
              ok: null,
            },
          ]
        : []),
    ];
    appendRunTable('bench:sse', machine, rows, [
      `${UPDATES} ticket updates per step (POST /tags/sync every ${UPDATE_INTERVAL_MS} ms), ${WORKERS} client processes on raw sockets, ${USERS} users of the company; latency = receipt − publish time (event id); results: \`${file.replace(/.*\/bench\//, 'bench/')}\``,
    ]);
    log('sse done', file);
    void percentile;
    await Promise.all(workers.map((w) => w.send('close').catch(() => null)));
  } finally {
    for (const w of workers) w.proc.kill();
    await server?.stop();
    await tdb.drop();
  }
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
