/**
 * bench:campaigns-pacing — issue 15 acceptance 4 (engine part): a campaign on the REAL clock, interval 5 s (±20 %
 * jitter), tMin 1 s / tMax 10 s, over 2 simulator connections, on PostgreSQL (throwaway database) with the embedded
 * job runner, in one process. For every dispatch after a connection's first, the gap actually kept (previous message
 * out → this greeting out) is compared with the gap the engine planned (previous finish → the claimed `schedule`);
 * every gap must be within ±10 % of plan, and every planned gap inside interval ± jitter. Also: each contact got one
 * greeting and one message, the wait greeting → message inside [tMin, tMax] (+ tolerance), and the runner's lateness
 * (greeting out − planned instant).
 */
import {
  campaignRow,
  dispatchRows,
  makeCampaign,
  makePairedSimulators,
  makeSetup,
  outbox,
} from '../api/src/modules/campaign-engine/campaign-engine.fixtures';
import { startCampaignEngineArea } from '../api/src/modules/campaign-engine/campaign-engine.startup';
import { startPipelineArea } from '../api/src/modules/pipeline/pipeline.startup';
import { startWhatsappArea } from '../api/src/modules/whatsapp/whatsapp.startup';
import { openDb } from '../api/src/platform/db';
import { loadEnv } from '../api/src/platform/env';
import { bootPlatform, shutdownPlatform } from '../api/src/platform/index';
import { makeCompany } from '../api/src/test/factories';
import {
  appendRunTable,
  BENCH_SECRETS,
  check,
  fmt,
  log,
  machineInfo,
  type Row,
  summarize,
  throwawayDatabase,
  writeResult,
} from './lib/common';

const CONTACTS = Number(process.env.CAMPAIGN_PACING_CONTACTS ?? 12);
const INTERVAL = 5;
const JITTER = 20;
const T_MIN = 1;
const T_MAX = 10;
const TOLERANCE = 0.1;

const m = await machineInfo();
const tdb = await throwawayDatabase('cpacing');
let failed: unknown = null;
try {
  const env = loadEnv({
    NODE_ENV: 'test',
    ...BENCH_SECRETS,
    DATABASE_URL: tdb.url,
    SIMULATOR_ENABLED: '1',
    DATA_DIR: '/tmp/cengine-bench-data',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const p = await bootPlatform({ env, dbh: await openDb({ url: tdb.url }) });
  const company = await makeCompany({ enableCampaigns: true });
  const companyId = company!.id;
  const conns = await makePairedSimulators(companyId, 2);
  const setup = await makeSetup(
    companyId,
    conns.map((w) => w.id),
    { intervalSeconds: INTERVAL, intervalJitterPct: JITTER, tMin: T_MIN, tMax: T_MAX },
  );
  const numbers = Array.from({ length: CONTACTS }, (_, i) => String(5511960000000 + i));
  const c = await makeCampaign(companyId, setup.id, numbers, { status: 'start', initialized: new Date(), seed: 777 });

  // the worker's start-up: sessions restored (the simulator reconnects), the engine rebuilds and ticks
  startPipelineArea({ role: 'api' });
  await startWhatsappArea({ role: 'api' });
  const t0 = performance.now();
  await startCampaignEngineArea({ role: 'api' });
  await p.jobs.startWorkers();
  log(`campaign of ${CONTACTS} over 2 connections, interval ${INTERVAL} s ± ${JITTER} %, waits ${T_MIN}–${T_MAX} s`);
  for (;;) {
    if ((await campaignRow(companyId, c.id)).status === 'finalized') break;
    check(performance.now() - t0 < 5 * 60_000, 'the campaign did not finish within 5 minutes');
    await Bun.sleep(500);
  }
  const seconds = (performance.now() - t0) / 1000;
  const rows = (await dispatchRows(companyId, c.id)).sort(
    (x, y) => (x.schedule?.getTime() ?? 0) - (y.schedule?.getTime() ?? 0),
  );
  const out = await outbox(companyId);
  await shutdownPlatform();

  check(
    rows.every((r) => r.status === 'sent'),
    'every dispatch sent',
  );
  const perNumber = new Map<string, number>();
  for (const o of out) perNumber.set(o.number, (perNumber.get(o.number) ?? 0) + 1);
  const onceEach = rows.every((r) => perNumber.get(r.number) === 2) && out.length === 2 * CONTACTS;

  const gaps: { planned: number; actual: number; dev: number }[] = [];
  const lateness: number[] = [];
  const waits: number[] = [];
  for (const w of conns) {
    const mine = rows.filter((r) => r.whatsappId === w.id);
    for (let i = 0; i < mine.length; i++) {
      const r = mine[i]!;
      const greeted = r.greetingSentAt!.getTime();
      lateness.push(greeted - r.schedule!.getTime());
      waits.push(r.messageSentAt!.getTime() - greeted);
      if (i === 0) continue;
      const prevFinish = mine[i - 1]!.finishedAt!.getTime();
      const planned = r.schedule!.getTime() - prevFinish;
      const actual = greeted - prevFinish;
      gaps.push({ planned, actual, dev: (actual - planned) / planned });
    }
  }
  const lo = INTERVAL * 1000 * (1 - JITTER / 100);
  const hi = INTERVAL * 1000 * (1 + JITTER / 100);
  const worst = Math.max(...gaps.map((g) => Math.abs(g.dev)));
  const plannedInBounds = gaps.every((g) => g.planned >= lo && g.planned <= hi);
  const waitsOk = waits.every((w) => w >= T_MIN * 1000 && w <= T_MAX * 1000 + 1000);
  const late = summarize(lateness);
  const rowsOut: Row[] = [
    {
      metric: `every gap within ±10 % of plan (${gaps.length} gaps, 2 connections)`,
      budget: '≤ 10 %',
      measured: `worst ${fmt(worst * 100, 2)} % (gaps ${fmt(Math.min(...gaps.map((g) => g.actual)) / 1000, 2)}–${fmt(Math.max(...gaps.map((g) => g.actual)) / 1000, 2)} s)`,
      ok: worst <= TOLERANCE,
    },
    {
      metric: 'planned gaps inside interval ± jitter',
      budget: `${lo / 1000}–${hi / 1000} s`,
      measured: plannedInBounds ? 'all' : 'NOT all',
      ok: plannedInBounds,
    },
    {
      metric: 'greeting → message wait inside [tMin, tMax]',
      budget: `${T_MIN}–${T_MAX} s`,
      measured: `${fmt(Math.min(...waits) / 1000, 2)}–${fmt(Math.max(...waits) / 1000, 2)} s`,
      ok: waitsOk,
    },
    {
      metric: 'runner lateness (greeting out − planned instant)',
      budget: '—',
      measured: `p50 ${fmt(late.p50, 0)} ms, max ${fmt(late.max, 0)} ms`,
      ok: null,
    },
    {
      metric: 'one greeting + one message per contact (simulator outbox)',
      budget: 'exactly',
      measured: `${out.length} messages for ${CONTACTS} contacts`,
      ok: onceEach,
    },
  ];
  for (const r of rowsOut) log(`${r.ok === false ? '❌' : '  '} ${r.metric}: ${r.measured}`);
  writeResult('campaigns-pacing', { machine: m, seconds, gaps, lateness, waits, rows: rowsOut });
  appendRunTable('bench:campaigns-pacing', m, rowsOut, [
    `PostgreSQL (throwaway database), embedded job runner, one process, real clock; ${CONTACTS} contacts in ${fmt(seconds, 0)} s.`,
    'Gap = previous message out → next greeting out on the same connection; plan = the engine’s claimed instant − that finish.',
  ]);
  check(
    rowsOut.every((r) => r.ok !== false),
    'a pacing budget was missed',
  );
} catch (err) {
  failed = err;
} finally {
  await tdb.drop().catch(() => {});
}
if (failed) {
  console.error(failed);
  process.exit(1);
}
process.exit(0);
