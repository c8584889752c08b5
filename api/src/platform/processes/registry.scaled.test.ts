import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ProcessInfoDto } from '@zapdesk/core';
import {
  childEnv,
  freePort,
  type Proc,
  procsTail,
  spawnCollected,
  untilHealthy,
  until as waitUntil,
} from '../../test/processes';
import { createThrowawayDatabase, deleteRedisKeys, realPostgresUrl, realRedisUrl } from '../../test/services';
import { RESTART_EXIT_CODE } from './reporter';

/**
 * Issue 22, acceptance 1: two API processes (A, B) and a worker (W), real processes on one throwaway PostgreSQL
 * database and one Redis (own key prefix). The process table shows all three from either API; the worker restarted
 * from the system control drains, exits with the restart code, is started again by its supervisor (this test plays
 * compose's restart policy) and comes back with restarts + 1, and the job queued while it was away is processed;
 * B killed with SIGKILL leaves the table within the expiry (3 report intervals).
 */
const pgUrl = await realPostgresUrl('process registry (scaled)');
const redisUrl = await realRedisUrl('process registry (scaled)');
const PREFIX = `test-procs-${randomBytes(4).toString('hex')}`;
const BUN = process.execPath;
const API_DIR = join(import.meta.dir, '../../..');
// any free ports: a fixed pair would collide with another run (CI, a developer's server, a parallel suite)
const PORTS = { A: await freePort(), B: await freePort() };
const REPORT_MS = 500;
const EXPIRY_MS = 3 * REPORT_MS;

const procs: Proc[] = [];
let dropDb: (() => Promise<void>) | undefined;
const tail = () => procsTail(procs, 25, 400);
const until = <T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) =>
  waitUntil(what, fn, { timeoutMs, pollMs: 100, context: tail });

function spawn(name: string, script: 'server.ts' | 'worker.ts', env: Record<string, string>, dbUrl: string): Proc {
  return spawnCollected(procs, name, [BUN, join(API_DIR, 'src', script)], {
    cwd: join(API_DIR, '..'),
    env: childEnv(
      'procs',
      { dbUrl, redisUrl: redisUrl!, prefix: PREFIX },
      {
        PROCESS_REPORT_MS: String(REPORT_MS),
        // this test plays the supervisor (compose's restart policy) of every process it starts
        SUPERVISED: '1',
        SIMULATOR_ENABLED: '1',
        DATA_DIR: `/tmp/sys-api-data/${PREFIX}/${name}`,
        WEB_DIST: `/tmp/sys-api-data/${PREFIX}/no-web`,
        ...env,
      },
    ),
    keep: 300,
  });
}

async function startApi(name: 'A' | 'B', dbUrl: string): Promise<{ p: Proc; base: string }> {
  // WEB_PORT 0: any free port (the web app is not used here)
  const p = spawn(name, 'server.ts', { PORT: String(PORTS[name]), WEB_PORT: '0' }, dbUrl);
  const base = `http://127.0.0.1:${PORTS[name]}`;
  await untilHealthy(p, base, { context: tail });
  return { p, base };
}

describe.skipIf(!pgUrl || !redisUrl)('process registry: 2 API processes + 1 worker (real Postgres + Redis)', () => {
  afterAll(async () => {
    for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.proc.exited));
    await deleteRedisKeys(redisUrl!, `${PREFIX}*`).catch(() => 0);
    await dropDb?.().catch(() => {});
  });

  test('the table shows all 3 from either API; restart → back with restarts + 1, no job lost; kill → gone', async () => {
    const db = await createThrowawayDatabase(pgUrl!, 'zapdesk_procs');
    dropDb = db.drop;
    // A first: it migrates and seeds the demo (its master admin@demo.local) and owns the simulator connection
    const A = await startApi('A', db.url);
    const [B, firstW] = await Promise.all([
      startApi('B', db.url),
      Promise.resolve(spawn('W', 'worker.ts', {}, db.url)),
    ]);
    let W = firstW;

    const login = await fetch(`${B.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const call = async (base: string, method: string, path: string, json?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const table = async (base: string) => {
      const r = await call(base, 'POST', '/systemcontrol/', { action: 'getPm2Info' });
      expect(r.status).toBe(200);
      return r.body.resources.pm2Info as ProcessInfoDto[];
    };
    const pidsOf = (rows: ProcessInfoDto[]) => rows.map((r) => r.pid).sort((a, b) => a - b);
    const sorted = (pids: number[]) => [...pids].sort((a, b) => a - b);

    // 1. all three, from either API
    const all = sorted([A.p.proc.pid, B.p.proc.pid, W.proc.pid]);
    await until('3 processes listed by A', async () =>
      pidsOf(await table(A.base)).join() === all.join() ? true : undefined,
    );
    const fromB = await table(B.base);
    expect(pidsOf(fromB)).toEqual(all);
    const host = hostname();
    // listed by role, then name (the free ports decide which API comes first)
    expect(fromB.map((p) => [p.role, p.name])).toEqual([
      ...[`api@${host}:${PORTS.A}`, `api@${host}:${PORTS.B}`]
        .sort((a, b) => a.localeCompare(b))
        .map((name) => ['api', name]),
      ['worker', `worker@${host}`],
    ]);
    expect(fromB.find((p) => p.self)?.pid).toBe(B.p.proc.pid);
    for (const p of fromB) {
      expect(p).toMatchObject({ status: 'online', restarts: 0, id: `${host}:${p.pid}`, supervised: true });
      expect(p.memory).toBeGreaterThan(0);
    }
    // A owns the demo's simulator sessions
    expect(fromB.find((p) => p.pid === A.p.proc.pid)!.sessions).toBeGreaterThan(0);
    const resources = await call(A.base, 'POST', '/systemcontrol/', { action: 'getSystemResources' });
    expect(resources.body.resources.systemInfo.map((h: { host: string }) => h.host)).toEqual([host]);

    // 2. restart of the worker, asked of A: it drains and exits with the restart code; its supervisor (here, this
    // test) starts it again. A customer message arrives meanwhile: its job waits in Redis for the new worker.
    const conn = ((await call(A.base, 'GET', '/whatsapp')).body as { id: number; name: string }[]).find(
      (w) => w.name === 'Principal',
    )!;
    const wId = `${host}:${W.proc.pid}`;
    const asked = await call(A.base, 'POST', '/systemcontrol/', { action: 'restart', id: wId });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ restart: { restarting: [{ id: wId, name: `worker@${host}` }], unsupervised: [] } });
    expect(await W.proc.exited).toBe(RESTART_EXIT_CODE);
    const body = `Mensagem durante o reinício ${PREFIX}`;
    const inbound = await call(A.base, 'POST', `/simulator/${conn.id}/inbound`, {
      from: '5511966665555',
      name: 'Cliente Reinício',
      body,
    });
    expect(inbound.status).toBe(200);
    const oldPid = W.proc.pid;
    W = spawn('W2', 'worker.ts', {}, db.url);
    const back = await until('worker back with restarts + 1', async () =>
      (await table(B.base)).find((p) => p.role === 'worker' && p.pid === W.proc.pid),
    );
    expect(back).toMatchObject({ name: `worker@${host}`, restarts: 1, status: 'online' });
    expect((await table(A.base)).some((p) => p.pid === oldPid)).toBe(false);
    // the job queued while no worker ran is processed by the new one: the raw log produced its message
    await until('message of the queued job', async () => {
      const r = await call(B.base, 'GET', `/messageLogs?searchParam=${encodeURIComponent(body)}`);
      const row = (r.body.messagesBruteLogs as { status: string; ticketId: number | null }[])[0];
      return row?.status === 'processed' && (row.ticketId ?? 0) > 0 ? true : undefined;
    });

    // 3. B dies without a word: A stops listing it within the expiry (3 intervals; + one poll of slack)
    B.p.proc.kill('SIGKILL');
    await B.p.proc.exited;
    const killedAt = Date.now();
    await until(
      'B gone from the table',
      async () => ((await table(A.base)).some((p) => p.pid === B.p.proc.pid) ? undefined : true),
      EXPIRY_MS + 2_000,
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(EXPIRY_MS + 1_000);
    expect(pidsOf(await table(A.base))).toEqual(sorted([A.p.proc.pid, W.proc.pid]));
  }, 90_000);
});
