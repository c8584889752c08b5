import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import os from 'node:os';
import type { ProcessInfoDto, ProcessReport, SystemResourcesDto } from '@zapdesk/core';
import { TestClock, useClock } from '../../platform/clock';
import { type ProcessReporter, startProcessReporter } from '../../platform/processes/reporter';
import { MemoryProcessStore } from '../../platform/processes/store';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const { t } = useTestApp();
let master: string;
let admin: string;
let reporter: ProcessReporter;
let store: MemoryProcessStore;
let restartsAsked = 0;

beforeAll(async () => {
  const home = await makeTenant();
  master = (await makeUser(home.company.id, { profile: 'admin', master: true })).token;
  admin = home.admin.token;
  store = new MemoryProcessStore();
  reporter = await startProcessReporter({
    role: 'embedded',
    port: 1,
    store,
    supervised: true,
    intervalMs: 60_000, // ticks only when asked (a request reports the answering process first)
    onRestart: () => {
      restartsAsked++;
    },
  });
}, 60_000);
afterAll(() => reporter.stop());

async function call(token: string, json: unknown) {
  const res = await t.req('POST', '/systemcontrol/', { token, json });
  return { status: res.status, body: (await res.json()) as any };
}

describe('process registry (memory store, shared clock)', () => {
  test('a report expires 3 intervals after it was made; a restart request is taken once', async () => {
    const clock = new TestClock();
    const restore = useClock(clock);
    try {
      const s = new MemoryProcessStore();
      const r = { ...(await reporter.snapshot()), id: 'other:1', reportedAt: new Date(clock.now()).toISOString() };
      r.ttlMs = 3 * 2_000;
      await s.put(r as ProcessReport);
      clock.advance(5_999);
      expect((await s.list()).map((x) => x.id)).toEqual(['other:1']);
      clock.advance(1);
      expect(await s.list()).toEqual([]);
      await s.requestRestart('other:1');
      expect(await s.takeRestartRequest('other:1')).toBe(true);
      expect(await s.takeRestartRequest('other:1')).toBe(false);
      expect(await s.countStart('api@x')).toBe(0);
      expect(await s.countStart('api@x')).toBe(1);
    } finally {
      restore();
    }
  });
});

describe('POST /systemcontrol/', () => {
  test('getPm2Info / getSystemResources: this process with real numbers (ranges, not values)', async () => {
    for (const action of ['getPm2Info', 'getSystemResources']) {
      const r = await call(master, { action });
      expect(r.status).toBe(200);
      const res = r.body.resources as SystemResourcesDto;
      const me = res.pm2Info.find((p: ProcessInfoDto) => p.self)!;
      expect(me).toMatchObject({ id: `${os.hostname()}:${process.pid}`, role: 'embedded', pid: process.pid });
      expect(me.name).toBe(`embedded@${os.hostname()}:1`);
      expect(me.status).toBe('online');
      expect(me.supervised).toBe(true);
      expect(me.restarts).toBe(0);
      expect(me.cpu).toBeGreaterThanOrEqual(0);
      expect(me.cpu).toBeLessThanOrEqual(100 * os.cpus().length);
      expect(me.memory).toBeGreaterThan(10 * 1024 * 1024);
      expect(me.memory).toBeLessThan(os.totalmem());
      expect(me.eventLoopLagMs).toBeGreaterThanOrEqual(0);
      expect(me.jobsRunning).toBeGreaterThanOrEqual(0);
      expect(me.sessions).toBeGreaterThanOrEqual(0);
      expect(me.uptime).toBeGreaterThanOrEqual(0);
      expect(Date.parse(me.startedAt)).toBeLessThanOrEqual(Date.now());
      expect(typeof me.version).toBe('string');

      const [host] = res.systemInfo;
      expect(res.systemInfo).toHaveLength(1);
      expect(host.host).toBe(os.hostname());
      expect(host.disk.total).toBeGreaterThan(0);
      expect(host.disk.available).toBeGreaterThan(0);
      expect(host.disk.available).toBeLessThanOrEqual(host.disk.total);
      expect(host.memory.total).toBe(os.totalmem());
      expect(host.memory.free).toBeGreaterThan(0);
      expect(host.memory.free).toBeLessThanOrEqual(host.memory.total);
      expect(host.cpu.cores).toHaveLength(os.cpus().length);
      for (const load of [host.cpu.currentLoad, ...host.cpu.cores]) {
        expect(load).toBeGreaterThanOrEqual(0);
        expect(load).toBeLessThanOrEqual(100);
      }
      expect(host.cpu.loadAvg).toHaveLength(3);
    }
  });

  test('restart: one process by id or all; the process takes the request at its next report', async () => {
    const unknown = await call(master, { action: 'restart', id: 'nohost:1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NOT_FOUND');
    const one = await call(master, { action: 'restart', id: reporter.id });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ restart: { restarting: [{ id: reporter.id, name: reporter.name }], unsupervised: [] } });
    expect(restartsAsked).toBe(0);
    await reporter.tick();
    expect(restartsAsked).toBe(1);
    // asked once: a second report does not restart again
    await reporter.tick();
    expect(restartsAsked).toBe(1);
  });

  test('restart all: a process without a supervisor is left running (nothing would start it again)', async () => {
    const bare = { ...(await reporter.snapshot()), id: 'barehost:7', name: 'api@barehost:8080', supervised: false };
    await store.put(bare);
    try {
      const all = await call(master, { action: 'restart' });
      expect(all.body.restart).toEqual({
        restarting: [{ id: reporter.id, name: reporter.name }],
        unsupervised: [{ id: 'barehost:7', name: 'api@barehost:8080' }],
      });
      expect(await store.takeRestartRequest('barehost:7')).toBe(false);
      const one = await call(master, { action: 'restart', id: 'barehost:7' });
      expect(one.body.restart).toEqual({
        restarting: [],
        unsupervised: [{ id: 'barehost:7', name: 'api@barehost:8080' }],
      });
    } finally {
      await store.remove('barehost:7');
      await store.takeRestartRequest(reporter.id);
    }
  });

  test('update: the running version and the procedure, latest unknown without UPDATE_CHECK_URL', async () => {
    const r = await call(master, { action: 'update' });
    expect(r.status).toBe(200);
    expect(r.body.update).toMatchObject({ latest: null, updateAvailable: null, checkError: null, mode: 'embedded' });
    expect(r.body.update.running).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.body.update.commands).toContain('npm start');
  });

  test('update: the latest version from UPDATE_CHECK_URL (a local fake); a failing check says why', async () => {
    const fake = Bun.serve({
      port: 0,
      fetch: (req) =>
        new URL(req.url).pathname === '/latest.json'
          ? Response.json({ version: '99.0.0' })
          : new Response('nope', { status: 500 }),
    });
    const env = t.platform.env;
    try {
      env.updateCheckUrl = `http://127.0.0.1:${fake.port}/latest.json`;
      const r = await call(master, { action: 'update' });
      expect(r.body.update).toMatchObject({ latest: '99.0.0', updateAvailable: true, checkError: null });
      env.updateCheckUrl = `http://127.0.0.1:${fake.port}/broken`;
      const broken = await call(master, { action: 'update' });
      expect(broken.status).toBe(200);
      expect(broken.body.update).toMatchObject({ latest: null, updateAvailable: null });
      expect(broken.body.update.checkError).toContain('500');
    } finally {
      env.updateCheckUrl = undefined;
      fake.stop(true);
    }
  });

  test('reprocessRecentMessages: counts of the window (nothing failed here)', async () => {
    const r = await call(master, { action: 'reprocessRecentMessages', minutes: 5 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      reprocessed: { minutes: 5, found: 0, produced: 0, noted: 0, failed: 0, truncated: false },
    });
  });

  test('master only: a company admin gets 403 ERR_NO_PERMISSION; a bad action is a 400', async () => {
    const denied = await call(admin, { action: 'getPm2Info' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    for (const body of [{ action: 'rm -rf' }, {}, { action: 'restart', id: '' }, { action: 'x', minutes: 0 }]) {
      const bad = await call(master, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
    }
    const noToken = await t.req('POST', '/systemcontrol/', { json: { action: 'getPm2Info' } });
    expect(noToken.status).toBe(401);
  });
});

describe('GET /adjustDb/', () => {
  test('master: no pending migration, statistics refreshed, table sizes; admin 403', async () => {
    const r = await t.req('GET', '/adjustDb/', { token: master });
    expect(r.status).toBe(200);
    const { adjustDb } = (await r.json()) as any;
    expect(adjustDb.migrations.pending).toEqual([]);
    expect(adjustDb.migrations.applied).toBe(adjustDb.migrations.known);
    expect(adjustDb.migrations.known).toBeGreaterThan(0);
    expect(adjustDb.analyzed).toBe(true);
    expect(adjustDb.databaseBytes).toBeGreaterThan(0);
    const companies = adjustDb.tables.find((x: { name: string }) => x.name === 'companies');
    expect(companies.rows).toBeGreaterThanOrEqual(1);
    expect(companies.totalBytes).toBeGreaterThan(0);
    const denied = await t.req('GET', '/adjustDb/', { token: admin });
    expect(denied.status).toBe(403);
  });
});
