import { afterAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { campaignDispatches, campaigns, whatsapps } from '../../db/schema';
import { type DbHandle, db, openDb, setDb } from '../../platform/db';
import { makeCompany } from '../../test/factories';
import { childEnv, type Proc, procsTail, spawnCollected, until as waitUntil } from '../../test/processes';
import { createThrowawayDatabase, deleteRedisKeys, realPostgresUrl, realRedisUrl } from '../../test/services';
import { counters } from './campaign-engine.engine';
import { campaignRow, dispatchRows, makeCampaign, makeSetup, numbersFor, outbox } from './campaign-engine.fixtures';
import { holdAdvisoryLock, inTransaction, tryAdvisoryXactLock } from './campaign-engine.repo';

/**
 * Issue 15 acceptance 3, with real processes: PostgreSQL (a throwaway database) + Redis (own prefixes) + two
 * `bun run worker` processes (BullMQ, the Redis session lease, the relay). A running campaign of 40 contacts over 2
 * simulator connections; the worker holding a claimed dispatch is SIGKILLed mid-campaign, then every Redis key of
 * this test is deleted (Redis "restarted": queues, leases, relay state gone) and a replacement worker starts (its
 * start-up step rebuilds the queue from the rows). The campaign completes; no recipient got anything twice; at most
 * one uncertain dispatch per connection of the killed worker; the counters equal the rows.
 */
const pgUrl = await realPostgresUrl('campaign crash');
const redisUrl = await realRedisUrl('campaign crash');
const PREFIX = `test-cengine-${randomBytes(4).toString('hex')}`;
const BUN = process.execPath;
const API_DIR = join(import.meta.dir, '../../..');
const N = 40;

const procs: Proc[] = [];
let dropDb: (() => Promise<void>) | undefined;
let handle: DbHandle | undefined;
const tail = () => procsTail(procs, 30, 400);
const until = <T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) =>
  waitUntil(what, fn, { timeoutMs, pollMs: 50, context: tail });

function spawnWorker(name: string, dbUrl: string): Proc {
  return spawnCollected(procs, name, [BUN, join(API_DIR, 'src', 'worker.ts')], {
    cwd: join(API_DIR, '..'),
    env: childEnv(
      'cengine',
      { dbUrl, redisUrl: redisUrl!, prefix: PREFIX },
      {
        JOBS_PREFIX: `${PREFIX}-jobs`,
        SESSION_LEASE_MS: '2000',
        SESSION_SCAN_MS: '300',
        SIMULATOR_ENABLED: '1',
        // interval 5 s → 150 ms, waits 1–3 s → 30–90 ms: the spec's pacing compressed
        CAMPAIGN_PACING_SCALE: '0.03',
        CAMPAIGN_RETRY_MS: '300',
        DATA_DIR: `/tmp/cengine-crash/${PREFIX}/${name}`,
      },
    ),
    keep: 300,
  });
}

const workerPid = (claimedBy: string | null) => Number(claimedBy?.split(':').at(-2));

describe.skipIf(!pgUrl || !redisUrl)('campaign engine crash: SIGKILL the sending worker, Redis emptied', () => {
  afterAll(async () => {
    for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.proc.exited));
    await deleteRedisKeys(redisUrl!, `${PREFIX}*`).catch(() => {});
    await handle?.close().catch(() => {});
    setDb(undefined);
    await dropDb?.().catch(() => {});
  });

  test('the campaign completes; nobody gets a message twice; ≤ 1 uncertain per killed connection; counters = rows', async () => {
    const tdb = await createThrowawayDatabase(pgUrl!, 'zapdesk_cengine');
    dropDb = tdb.drop;
    handle = await openDb({ url: tdb.url });
    await handle.migrate();
    setDb(handle);

    const company = await makeCompany({ enableCampaigns: true });
    const companyId = company.id;
    const conns = await db
      .insert(whatsapps)
      .values(
        [1, 2].map((i) => ({
          companyId,
          name: `Sim ${i}`,
          lib: 'simulator' as const,
          status: 'CONNECTED' as const,
          session: 'simulator:paired',
        })),
      )
      .returning();
    const ws = conns.map((w) => w.id);
    const setup = await makeSetup(companyId, ws, { intervalSeconds: 5, tMin: 1, tMax: 3, breakerThreshold: 0 });
    const c = await makeCampaign(companyId, setup.id, numbersFor(N), { status: 'start', initialized: new Date() });

    // two workers: their start-up step finds the running campaign and queues its tick
    spawnWorker('A', tdb.url);
    spawnWorker('B', tdb.url);
    await until('a few sent', async () => {
      const rows = await dispatchRows(companyId, c.id);
      return rows.filter((r) => r.status === 'sent').length >= 6 || undefined;
    });
    // the worker with a dispatch in flight right now
    const victim = await until('a claimed dispatch', async () => {
      const [r] = await db
        .select()
        .from(campaignDispatches)
        .where(and(eq(campaignDispatches.campaignId, c.id), eq(campaignDispatches.status, 'claimed')))
        .limit(1);
      const pid = workerPid(r?.claimedBy ?? null);
      return procs.find((p) => p.proc.pid === pid && p.proc.exitCode === null);
    });
    victim.proc.kill('SIGKILL');
    await victim.proc.exited;
    const killedAt = await dispatchRows(companyId, c.id);
    const victimClaims = killedAt.filter((r) => r.status === 'claimed' && workerPid(r.claimedBy) === victim.proc.pid);
    expect(victimClaims.length).toBeGreaterThanOrEqual(1);
    expect(killedAt.filter((r) => r.status === 'sent').length).toBeLessThan(N);

    // Redis "restarted": every key of this test gone (queued and delayed ticks, session leases, relay state)
    await deleteRedisKeys(redisUrl!, `${PREFIX}*`);
    // the killed worker comes back (a new process): its start-up step rebuilds the queue from the rows
    spawnWorker('A2', tdb.url);

    await until(
      'the campaign completes',
      async () => ((await campaignRow(companyId, c.id)).status === 'finalized' ? true : undefined),
      45_000,
    );
    const rows = await dispatchRows(companyId, c.id);
    console.log(
      `crash: killed ${victim.name} with ${victimClaims.length} claim(s), ${killedAt.filter((r) => r.status === 'sent').length}/${N} sent then; uncertain at the end: ${rows.filter((r) => r.status === 'uncertain').length}`,
    );
    // every row is final; uncertain ones were in flight when the worker died, at most one per connection: its own
    // claims, and a survivor's claim whose send it was relaying through the session the killed worker owned
    expect(rows.filter((r) => r.status === 'pending' || r.status === 'claimed')).toEqual([]);
    const uncertain = rows.filter((r) => r.status === 'uncertain');
    expect(uncertain.length).toBeLessThanOrEqual(2);
    const inFlightAtKill = new Set(killedAt.filter((r) => r.status === 'claimed').map((r) => r.id));
    for (const u of uncertain) expect(inFlightAtKill.has(u.id)).toBe(true);
    expect(new Set(uncertain.map((u) => u.whatsappId)).size).toBe(uncertain.length);
    expect(rows.filter((r) => r.status === 'sent').length).toBe(N - uncertain.length);

    // the outbox: nobody got the same campaign message twice (a sent contact: greeting + message, once each)
    const box = await outbox(companyId);
    const per = new Map<string, string[]>();
    for (const m of box) per.set(m.number, [...(per.get(m.number) ?? []), m.body]);
    for (const r of rows) {
      const got = per.get(r.number) ?? [];
      expect(new Set(got).size).toBe(got.length);
      if (r.status === 'sent') expect(got).toHaveLength(2);
      else expect(got.length).toBeLessThanOrEqual(2);
    }
    // the counters (the manager's, the webhook's) are the rows
    const k = await counters(companyId, c.id);
    expect(k).toEqual({
      count: N,
      sentCount: rows.filter((r) => r.status === 'sent').length,
      failCount: rows.filter((r) => r.status === 'sentFail').length,
      uncertainCount: uncertain.length,
      pendingCount: 0,
      canceledCount: 0,
      inFlightCount: 0,
    });
    const [camp] = await db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(camp?.finalized).not.toBeNull();
  }, 90_000);

  test('a liveness lock lost with its connection is seen lost (held() false) and is free for others', async () => {
    if (!handle) {
      const tdb = await createThrowawayDatabase(pgUrl!, 'zapdesk_cengine');
      dropDb = tdb.drop;
      handle = await openDb({ url: tdb.url });
      setDb(handle);
    }
    const key = 4242;
    const lock = await holdAdvisoryLock(0x43414d57, key);
    expect(await lock!.held()).toBe(true);
    // another session cannot take it while it is held
    expect(await inTransaction((tx) => tryAdvisoryXactLock(tx, 0x43414d57, key))).toBe(false);
    // the database drops that connection (a restart, a network cut): the lock is gone, and seen gone
    await handle.sql!`select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and classid = ${0x43414d57}::int::oid and objid = ${key}::int::oid`;
    // the terminated backend exits a moment after pg_terminate_backend answers: until then pg_locks still shows it
    for (let i = 0; i < 100 && (await lock!.held()); i++) await Bun.sleep(50);
    expect(await lock!.held()).toBe(false);
    expect(await inTransaction((tx) => tryAdvisoryXactLock(tx, 0x43414d57, key))).toBe(true);
    lock!.release();
  });
});
