/**
 * bench:campaigns-create — issue 15 acceptance 4 (creation part): a campaign of 100,000 contacts created
 * (a) from typed numbers (the creator's text parsed by core `parseTypedNumbers`, as the browser does, then
 *     `POST /Campaign`) and
 * (b) from an Excel file in one request (`POST /api/campaign/v1` with the .xlsx as `sendListFile`), and — reported
 *     only — in two (`POST /CampaignSendList/import`, then v1 with the list it answered as JSON),
 * each end to end over HTTP against the API as its own process on PostgreSQL, budget ≤ 5 s. Then the manager at
 * 100,000 dispatches (30 % sent, 5 % failed, 1 % uncertain): `GET /Campaign/{id}` (campaign + first page + counters)
 * and `GET /CampaignDispatch/{id}?pageNumber=1`, p95 budget ≤ 50 ms, measured right after the rows were written
 * (no manual VACUUM: the worst case of a freshly created list).
 */
import postgres from 'postgres';
import { campaignSetups, campaignSetupWhatsapps, whatsapps } from '../api/src/db/schema';
import { sendListSheet } from '../api/src/modules/campaigns/campaigns.spreadsheet';
import { db } from '../api/src/platform/db';
import { makeCompany, makeUser } from '../api/src/test/factories';
import { CAMPAIGN_SETUP_DEFAULTS, parseTypedNumbers } from '../core/src/index';
import {
  appendRunTable,
  check,
  fmt,
  log,
  machineInfo,
  type Row,
  summarize,
  throwawayDatabase,
  writeResult,
} from './lib/common';
import { bootBenchPlatform, shutdownPlatform } from './lib/platform';
import { startApiServer } from './lib/server';

const CONTACTS = Number(process.env.CAMPAIGNS_CONTACTS ?? 100_000);
const CREATE_RUNS = Number(process.env.CAMPAIGNS_CREATE_RUNS ?? 3);
const READ_RUNS = Number(process.env.CAMPAIGNS_READ_RUNS ?? 200);
const WARMUP = 10;
const CREATE_BUDGET_S = 5;
const READ_BUDGET_MS = 50;

const typedText = (base: number) =>
  Array.from({ length: CONTACTS }, (_, i) => `+55 (11) 9${String(base + i).padStart(8, '0')}`).join('\n');

function excelFile(base: number): Promise<Uint8Array> {
  return sendListSheet(
    Array.from({ length: CONTACTS }, (_, i) => [
      `55219${String(base + i).padStart(8, '0')}`,
      `Contato ${i}`,
      i % 3 === 0 ? `c${i}@exemplo.com.br` : '',
    ]),
  );
}

const MESSAGES = [{ greeting: 'Olá!', body: 'Temos uma oferta especial para você nesta semana.' }];

async function main() {
  const machine = await machineInfo();
  const tdb = await throwawayDatabase('campaigns');
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    await bootBenchPlatform(tdb.url);
    const company = await makeCompany({ name: 'Bench Campanhas', enableCampaigns: true });
    const admin = await makeUser(company.id, { profile: 'admin' });
    const [conn] = await db
      .insert(whatsapps)
      .values({ companyId: company.id, name: 'Campanhas', status: 'CONNECTED', lib: 'simulator' })
      .returning();
    const [setup] = await db
      .insert(campaignSetups)
      // autoStart off: the campaigns begin paused, so the engine sends nothing while creation and reads are timed
      .values({
        companyId: company.id,
        name: 'Padrão',
        autoStart: false,
        warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((w) => ({ ...w })),
      })
      .returning();
    check(conn && setup, 'setup seeded');
    await db
      .insert(campaignSetupWhatsapps)
      .values({ companyId: company.id, campaignSetupId: setup.id, whatsappId: conn.id });
    const other = await makeCompany({ name: 'Outra', enableCampaigns: true });
    const otherAdmin = await makeUser(other.id, { profile: 'admin' });

    server = await startApiServer({ databaseUrl: tdb.url, name: 'campaigns' });
    const base = server.url;
    const auth = { authorization: `Bearer ${admin.token}` };

    // (a) typed numbers
    const typed: { seconds: number; parseMs: number; dispatches: number; id: number }[] = [];
    for (let r = 0; r < CREATE_RUNS; r++) {
      const text = typedText(r * CONTACTS);
      const t0 = performance.now();
      const built = parseTypedNumbers(text);
      const parsed = performance.now();
      const res = await fetch(`${base}/Campaign`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Digitados ${r}`,
          campaignSetupId: setup.id,
          messages: MESSAGES,
          sendList: built.entries,
        }),
      });
      const body = (await res.json()) as { id: number; dispatchCount: number };
      const seconds = (performance.now() - t0) / 1000;
      check(res.status === 200, `typed run ${r}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      check(body.dispatchCount === CONTACTS, `typed run ${r}: ${body.dispatchCount} dispatches`);
      typed.push({ seconds, parseMs: parsed - t0, dispatches: body.dispatchCount, id: body.id });
      log(`typed ${r}: ${fmt(seconds, 2)} s (browser-side parse ${fmt(parsed - t0)} ms), ${body.dispatchCount} rows`);
    }

    // (b) Excel: import (upload + read) then v1 multipart
    const excel: { seconds: number; importS: number; createS: number; bytes: number; id: number }[] = [];
    for (let r = 0; r < CREATE_RUNS; r++) {
      const file = await excelFile(r * CONTACTS);
      const t0 = performance.now();
      const form = new FormData();
      form.append('file', new File([file as Uint8Array<ArrayBuffer>], 'lista.xlsx'));
      const imp = await fetch(`${base}/CampaignSendList/import`, { method: 'POST', headers: auth, body: form });
      const list = (await imp.json()) as { sendList: unknown[]; rows: number };
      check(imp.status === 200, `excel import ${r}: ${imp.status} ${JSON.stringify(list).slice(0, 200)}`);
      check(list.sendList.length === CONTACTS, `excel import ${r}: ${list.sendList.length} entries`);
      const t1 = performance.now();
      const v1 = new FormData();
      v1.append('campaign', JSON.stringify({ name: `Excel ${r}`, messages: MESSAGES, sendList: list.sendList }));
      v1.append('campaignSetupId', String(setup.id));
      const res = await fetch(`${base}/api/campaign/v1`, { method: 'POST', headers: auth, body: v1 });
      const body = (await res.json()) as { id: number; dispatchCount: number };
      const t2 = performance.now();
      check(res.status === 200, `excel v1 ${r}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      check(body.dispatchCount === CONTACTS, `excel v1 ${r}: ${body.dispatchCount} dispatches`);
      excel.push({
        seconds: (t2 - t0) / 1000,
        importS: (t1 - t0) / 1000,
        createS: (t2 - t1) / 1000,
        bytes: file.length,
        id: body.id,
      });
      log(
        `excel ${r}: ${fmt((t2 - t0) / 1000, 2)} s (import ${fmt((t1 - t0) / 1000, 2)} s + v1 ${fmt((t2 - t1) / 1000, 2)} s), ${fmt(file.length / 1024 / 1024, 1)} MB file`,
      );
    }

    // (c) Excel in one request: POST /api/campaign/v1 with the .xlsx as `sendListFile` (the server reads it)
    const excelOne: { seconds: number; id: number }[] = [];
    for (let r = 0; r < CREATE_RUNS; r++) {
      const file = await excelFile((CREATE_RUNS + r) * CONTACTS);
      const t0 = performance.now();
      const v1 = new FormData();
      v1.append('campaign', JSON.stringify({ name: `Excel direto ${r}`, messages: MESSAGES }));
      v1.append('campaignSetupId', String(setup.id));
      v1.append('sendListFile', new File([file as Uint8Array<ArrayBuffer>], 'lista.xlsx'));
      const res = await fetch(`${base}/api/campaign/v1`, { method: 'POST', headers: auth, body: v1 });
      const body = (await res.json()) as { id: number; dispatchCount: number };
      const seconds = (performance.now() - t0) / 1000;
      check(res.status === 200, `excel direct ${r}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      check(body.dispatchCount === CONTACTS, `excel direct ${r}: ${body.dispatchCount} dispatches`);
      excelOne.push({ seconds, id: body.id });
      log(`excel in one request ${r}: ${fmt(seconds, 2)} s`);
    }

    // the manager at 100,000 dispatches: some sent, failed and uncertain, as a campaign under way
    const id = typed[0]?.id as number;
    const sql = postgres(tdb.url, { max: 1, onnotice: () => {} });
    await sql`update campaign_dispatches set status = case
        when n % 100 < 30 then 'sent' when n % 100 < 35 then 'sentFail' when n % 100 = 35 then 'uncertain'
        else status end,
        greeting_sent_at = case when n % 100 < 30 then now() else null end,
        message_sent_at = case when n % 100 < 30 then now() else null end
      from (select id as did, row_number() over (order by id) as n from campaign_dispatches where campaign_id = ${id}) x
      where id = x.did`;
    const [truth] = await sql`select count(*)::int as count,
        count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'sentFail')::int as fail
      from campaign_dispatches where campaign_id = ${id}`;
    await sql.end();

    const cross = await fetch(`${base}/Campaign/${id}`, { headers: { authorization: `Bearer ${otherAdmin.token}` } });
    check(cross.status === 404, `another company's admin got ${cross.status}`);
    const reads: Record<string, ReturnType<typeof summarize>> = {};
    // `/queue` (one small query) is the control: the floor of an authenticated request on this machine right now
    for (const path of [
      `/Campaign/${id}`,
      `/CampaignDispatch/${id}?pageNumber=1`,
      `/CampaignDispatch/${id}?pageNumber=100`,
      '/queue',
    ]) {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + READ_RUNS; i++) {
        const t0 = performance.now();
        const r = await fetch(`${base}${path}`, { headers: auth });
        const b = (await r.json()) as Record<string, unknown>;
        const dt = performance.now() - t0;
        check(r.status === 200, `${path}: ${r.status}`);
        const counters = (path.startsWith('/Campaign/') ? b.dispatchs : b) as Record<string, number>;
        check(
          path === '/queue' ||
            (counters.count === truth?.count &&
              counters.sentCount === truth?.sent &&
              counters.failCount === truth?.fail),
          `${path}: counters ${JSON.stringify(counters).slice(0, 120)} ≠ rows`,
        );
        if (i >= WARMUP) times.push(dt);
      }
      reads[path] = summarize(times);
      log(`${path}: p50 ${fmt(reads[path].p50)} p95 ${fmt(reads[path].p95)} p99 ${fmt(reads[path].p99)} ms`);
    }

    const worst = (xs: { seconds: number }[]) => Math.max(...xs.map((x) => x.seconds));
    const file = writeResult('campaigns-create', { machine, contacts: CONTACTS, typed, excel, excelOne, reads });
    const [detail, page1, page100, control] = Object.values(reads);
    const rows: Row[] = [
      {
        metric: `create a campaign of ${fmt(CONTACTS, 0)} typed numbers (parse + POST /Campaign), worst of ${CREATE_RUNS}`,
        budget: `≤ ${CREATE_BUDGET_S} s`,
        measured: `${fmt(worst(typed), 2)} s (runs: ${typed.map((x) => fmt(x.seconds, 2)).join(', ')} s)`,
        ok: worst(typed) <= CREATE_BUDGET_S,
      },
      {
        metric: `create a campaign of ${fmt(CONTACTS, 0)} contacts from Excel in one request (POST /api/campaign/v1 with sendListFile), worst of ${CREATE_RUNS}`,
        budget: `≤ ${CREATE_BUDGET_S} s`,
        measured: `${fmt(worst(excelOne), 2)} s (runs: ${excelOne.map((x) => fmt(x.seconds, 2)).join(', ')} s)`,
        ok: worst(excelOne) <= CREATE_BUDGET_S,
      },
      {
        metric: `the same in two requests (POST /CampaignSendList/import, then v1 with the list as JSON), worst of ${CREATE_RUNS}`,
        budget: '',
        measured: `${fmt(worst(excel), 2)} s (import ${excel.map((x) => fmt(x.importS, 2)).join('/')} s + create ${excel.map((x) => fmt(x.createS, 2)).join('/')} s; file ${fmt((excel[0]?.bytes ?? 0) / 1024 / 1024, 1)} MB)`,
        ok: null,
      },
      {
        metric: `manager: GET /Campaign/{id} (campaign + first page + counters) at ${fmt(CONTACTS, 0)} dispatches`,
        budget: `p95 ≤ ${READ_BUDGET_MS} ms`,
        measured: `p50 ${fmt(detail?.p50 ?? Number.NaN)} / p95 ${fmt(detail?.p95 ?? Number.NaN)} / p99 ${fmt(detail?.p99 ?? Number.NaN)} ms`,
        ok: (detail?.p95 ?? Number.POSITIVE_INFINITY) <= READ_BUDGET_MS,
      },
      {
        metric: 'manager: GET /CampaignDispatch/{id}?pageNumber=1 (page + counters)',
        budget: `p95 ≤ ${READ_BUDGET_MS} ms`,
        measured: `p50 ${fmt(page1?.p50 ?? Number.NaN)} / p95 ${fmt(page1?.p95 ?? Number.NaN)} / p99 ${fmt(page1?.p99 ?? Number.NaN)} ms`,
        ok: (page1?.p95 ?? Number.POSITIVE_INFINITY) <= READ_BUDGET_MS,
      },
      {
        metric: 'manager: GET /CampaignDispatch/{id}?pageNumber=100 (deep page + counters)',
        budget: '',
        measured: `p50 ${fmt(page100?.p50 ?? Number.NaN)} / p95 ${fmt(page100?.p95 ?? Number.NaN)} ms`,
        ok: null,
      },
      {
        metric: 'control: GET /queue (one small query) on the same server at the same time',
        budget: '',
        measured: `p50 ${fmt(control?.p50 ?? Number.NaN)} / p95 ${fmt(control?.p95 ?? Number.NaN)} ms`,
        ok: null,
      },
    ];
    appendRunTable('bench:campaigns-create', machine, rows, [
      `PostgreSQL, API as its own process; creation timed end to end from the client (typed: core parse + HTTP; Excel: upload + read + HTTP create); ${READ_RUNS} sequential reads per case after ${WARMUP} warm-up, right after the rows were written (no manual VACUUM); results: \`${file.replace(/.*\/bench\//, 'bench/')}\``,
    ]);
    const failed = rows.filter((r) => r.ok === false);
    check(failed.length === 0, `over budget: ${failed.map((r) => r.metric).join('; ')}`);
    log('campaigns-create done', file);
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
