import { afterAll, afterEach, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from './define-job';
import type { Jobs } from './types';

/**
 * The ONE behaviour every Jobs adapter must have (embedded DB runner, BullMQ). Each test works in its own
 * namespace; `open(ns)` called twice with the same ns gives two instances over the same stored jobs, which is
 * how a restart is simulated.
 */
export type JobsContractTarget = {
  open(namespace: string): Jobs | Promise<Jobs>;
  dispose?(): Promise<void>;
};

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 4000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Clocks (database, Redis, this process) round differently by a millisecond or two. */
const SLACK_MS = 5;

export function jobsContract(name: string, target: JobsContractTarget): void {
  describe(`Jobs contract: ${name}`, () => {
    const opened: Jobs[] = [];
    const open = async (ns: string) => {
      const j = await target.open(ns);
      opened.push(j);
      return j;
    };
    const fresh = () => `t${randomBytes(5).toString('hex')}`;

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((j) => j.close()));
    });
    afterAll(async () => {
      await target.dispose?.();
    });

    test('adds a job and processes it with its data; the stored job shows the scheduled-actions fields', async () => {
      const jobs = await open(fresh());
      const seen: { id: string; data: unknown; attemptsMade: number }[] = [];
      jobs.define('echo', async (job) => {
        seen.push({ id: job.id, data: job.data, attemptsMade: job.attemptsMade });
        return 'ok';
      });
      await jobs.startWorkers();
      const before = Date.now();
      const added = await jobs.add('echo', { text: 'olá', n: 1 }, { companyId: 7 });
      expect(added).toMatchObject({
        name: 'echo',
        data: { text: 'olá', n: 1 },
        companyId: 7,
        attemptsMade: 0,
        failedReason: null,
        finishedOn: null,
        opts: { attempts: 1, delay: 0 },
      });
      expect(typeof added.id).toBe('string');
      expect(['waiting', 'active', 'completed']).toContain(added.state);
      expect(added.timestamp).toBeGreaterThanOrEqual(before - SLACK_MS);

      const done = await waitFor(async () => {
        const j = await jobs.get(added.id);
        return j?.state === 'completed' ? j : null;
      });
      expect(seen).toEqual([{ id: added.id, data: { text: 'olá', n: 1 }, attemptsMade: 0 }]);
      expect(done.attemptsMade).toBe(1);
      expect(done.failedReason).toBeNull();
      expect(done.processedOn).not.toBeNull();
      expect(done.finishedOn).not.toBeNull();
      expect(done.processedOn as number).toBeGreaterThanOrEqual(done.timestamp - SLACK_MS);
      expect(done.finishedOn as number).toBeGreaterThanOrEqual(done.processedOn as number);
      expect(await jobs.get('no-such-job')).toBeNull();
    });

    test('job data is stored as JSON: Dates become strings, what JSON cannot hold is refused', async () => {
      const jobs = await open(fresh());
      const added = await jobs.add('x', { at: new Date('2026-01-02T03:04:05.000Z'), skip: undefined });
      expect(added.data).toEqual({ at: '2026-01-02T03:04:05.000Z' });
      expect((await jobs.get(added.id))?.data).toEqual({ at: '2026-01-02T03:04:05.000Z' });
      await expect(jobs.add('x', { n: 10n })).rejects.toThrow();
      expect(await jobs.list()).toHaveLength(1);
    });

    test('a delayed job is not run before its delay and is run after it', async () => {
      const jobs = await open(fresh());
      let ranAt = 0;
      jobs.define('later', async () => {
        ranAt = Date.now();
      });
      await jobs.startWorkers();
      const t0 = Date.now();
      const added = await jobs.add('later', {}, { delay: 300 });
      expect(added.state).toBe('delayed');
      expect(added.opts.delay).toBe(300);
      await sleep(150);
      expect(ranAt).toBe(0);
      expect((await jobs.get(added.id))?.state).toBe('delayed');
      await waitFor(() => ranAt > 0, 4000, 'the delayed job to run');
      expect(ranAt - t0).toBeGreaterThanOrEqual(300 - SLACK_MS);
      await waitFor(async () => (await jobs.get(added.id))?.state === 'completed');
    });

    test('retries with exponential backoff until success, counting attempts', async () => {
      const jobs = await open(fresh());
      const calls: { at: number; attemptsMade: number }[] = [];
      jobs.define('flaky', async (job) => {
        calls.push({ at: Date.now(), attemptsMade: job.attemptsMade });
        if (calls.length < 3) throw new Error(`falha ${calls.length}`);
        return 'finally';
      });
      await jobs.startWorkers();
      const added = await jobs.add('flaky', { x: 1 }, { attempts: 3, backoff: { type: 'exponential', delay: 60 } });
      expect(added.opts).toEqual({ attempts: 3, delay: 0, backoff: { type: 'exponential', delay: 60 } });

      await waitFor(() => calls.length === 1, 4000, 'first attempt');
      const between = await waitFor(async () => {
        const j = await jobs.get(added.id);
        return j && j.attemptsMade === 1 && j.state !== 'active' ? j : null;
      });
      // between attempts the job waits for its backoff and shows why it failed
      expect(between.state).toBe('delayed');
      expect(between.failedReason).toBe('falha 1');

      const done = await waitFor(async () => {
        const j = await jobs.get(added.id);
        return j?.state === 'completed' ? j : null;
      });
      expect(calls.map((c) => c.attemptsMade)).toEqual([0, 1, 2]);
      expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(60 - SLACK_MS);
      expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(120 - SLACK_MS);
      expect(done.attemptsMade).toBe(3);
    });

    test('fixed backoff waits the same delay between attempts', async () => {
      const jobs = await open(fresh());
      const at: number[] = [];
      jobs.define('fixed', async () => {
        at.push(Date.now());
        if (at.length < 3) throw new Error('again');
      });
      await jobs.startWorkers();
      const added = await jobs.add('fixed', null, { attempts: 3, backoff: { type: 'fixed', delay: 80 } });
      await waitFor(async () => (await jobs.get(added.id))?.state === 'completed');
      expect(at).toHaveLength(3);
      expect(at[1] - at[0]).toBeGreaterThanOrEqual(80 - SLACK_MS);
      expect(at[2] - at[1]).toBeGreaterThanOrEqual(80 - SLACK_MS);
    });

    test('exhausting the attempts leaves the job failed with its failure reason', async () => {
      const jobs = await open(fresh());
      let calls = 0;
      jobs.define('doomed', async () => {
        calls++;
        throw new Error('número inválido');
      });
      await jobs.startWorkers();
      const added = await jobs.add('doomed', {}, { attempts: 2, backoff: { type: 'fixed', delay: 30 } });
      const failed = await waitFor(async () => {
        const j = await jobs.get(added.id);
        return j?.state === 'failed' ? j : null;
      });
      expect(calls).toBe(2);
      expect(failed.attemptsMade).toBe(2);
      expect(failed.failedReason).toBe('número inválido');
      expect(failed.finishedOn).not.toBeNull();
      await sleep(100);
      expect(calls).toBe(2);
    });

    test('counts() answers the queue by state (the /metrics gauge)', async () => {
      const jobs = await open(fresh());
      jobs.define('quick', async () => 'ok');
      jobs.define('broken', async () => {
        throw new Error('não');
      });
      await jobs.startWorkers();
      const done = await jobs.add('quick', {});
      const bad = await jobs.add('broken', {});
      await jobs.add('quick', {}, { delay: 60_000 });
      await waitFor(async () => (await jobs.get(done.id))?.state === 'completed');
      await waitFor(async () => (await jobs.get(bad.id))?.state === 'failed');
      expect(await jobs.counts?.()).toEqual({ waiting: 0, delayed: 1, active: 0, completed: 1, failed: 1 });
    });

    test('a jobId makes add idempotent: the second add returns the stored job and nothing runs twice', async () => {
      const jobs = await open(fresh());
      let runs = 0;
      jobs.define('once', async () => {
        runs++;
      });
      const first = await jobs.add('once', { v: 1 }, { jobId: 'campaign-9-contact-3', delay: 50, companyId: 2 });
      const second = await jobs.add('once', { v: 2 }, { jobId: 'campaign-9-contact-3', companyId: 2 });
      expect(first.id).toBe('campaign-9-contact-3');
      expect(second.id).toBe('campaign-9-contact-3');
      expect(second.data).toEqual({ v: 1 });
      expect(second.opts.delay).toBe(50);
      expect(second.timestamp).toBe(first.timestamp);
      expect(await jobs.list()).toHaveLength(1);
      expect(await jobs.list({ companyId: 2 })).toHaveLength(1);

      await jobs.startWorkers();
      await waitFor(async () => (await jobs.get('campaign-9-contact-3'))?.state === 'completed');
      const third = await jobs.add('once', { v: 3 }, { jobId: 'campaign-9-contact-3' });
      expect(third.state).toBe('completed');
      await sleep(100);
      expect(runs).toBe(1);
    });

    test('lists newest first, per company, with a limit', async () => {
      const jobs = await open(fresh());
      const a = await jobs.add('report', { n: 'a' }, { companyId: 1, delay: 60_000 });
      await sleep(3);
      const b = await jobs.add('report', { n: 'b' }, { companyId: 2, delay: 60_000 });
      await sleep(3);
      const c = await jobs.add('report', { n: 'c' }, { companyId: 1 });
      await sleep(3);
      const d = await jobs.add('system', { n: 'd' });

      const all = await jobs.list();
      expect(all.map((j) => j.id)).toEqual([d.id, c.id, b.id, a.id]);
      expect(all.map((j) => j.timestamp)).toEqual([...all.map((j) => j.timestamp)].sort((x, y) => y - x));
      expect(all[3]).toMatchObject({ name: 'report', data: { n: 'a' }, companyId: 1, state: 'delayed' });
      expect((await jobs.list({ companyId: 1 })).map((j) => j.id)).toEqual([c.id, a.id]);
      expect((await jobs.list({ companyId: 2 })).map((j) => j.id)).toEqual([b.id]);
      expect(await jobs.list({ companyId: 3 })).toEqual([]);
      expect((await jobs.list({ limit: 2 })).map((j) => j.id)).toEqual([d.id, c.id]);
    });

    test('lists and removes by job names: an area touches only its own jobs of a company', async () => {
      const jobs = await open(fresh());
      const mine1 = await jobs.add('area.action', { n: 1 }, { companyId: 1, delay: 60_000 });
      await sleep(3);
      const schedule = await jobs.add('schedules.send', { n: 2 }, { companyId: 1, delay: 60_000 });
      await sleep(3);
      const mine2 = await jobs.add('area.action', { n: 3 }, { companyId: 1, delay: 60_000 });
      await sleep(3);
      const otherCompany = await jobs.add('area.action', { n: 4 }, { companyId: 2, delay: 60_000 });
      const mine = { companyId: 1, names: ['area.action'] };
      expect((await jobs.list(mine)).map((j) => j.id)).toEqual([mine2.id, mine1.id]);
      expect((await jobs.list({ ...mine, limit: 1 })).map((j) => j.id)).toEqual([mine2.id]);
      expect(await jobs.list({ companyId: 1, names: [] })).toEqual([]);
      expect(await jobs.removeAll(mine)).toBe(2);
      expect((await jobs.list({ companyId: 1 })).map((j) => j.id)).toEqual([schedule.id]);
      expect((await jobs.list({ companyId: 2 })).map((j) => j.id)).toEqual([otherCompany.id]);
      expect(await jobs.removeAll(mine)).toBe(0);
    });

    test('settled listeners hear each recorded outcome: completed, retrying, failed', async () => {
      const jobs = await open(fresh());
      const heard: { id: string; name: string; companyId: number | null; outcome: string; state?: string }[] = [];
      const off = jobs.onSettled((e) => {
        void jobs.get(e.id).then((j) => heard.push({ ...e, state: j?.state }));
      });
      jobs.define('fine', async () => 'ok');
      jobs.define('broken', async () => {
        throw new Error('quebrou');
      });
      await jobs.startWorkers();
      const fine = await jobs.add('fine', {}, { companyId: 3 });
      const broken = await jobs.add('broken', {}, { companyId: 3, attempts: 2, backoff: { type: 'fixed', delay: 10 } });
      await waitFor(() => heard.length === 3, 4000, 'three outcomes');
      const of = (id: string) => heard.filter((h) => h.id === id).map((h) => h.outcome);
      expect(of(fine.id)).toEqual(['completed']);
      expect(of(broken.id)).toEqual(['retrying', 'failed']);
      expect(heard.find((h) => h.id === fine.id)).toMatchObject({ name: 'fine', companyId: 3, state: 'completed' });
      expect(heard.find((h) => h.id === broken.id && h.outcome === 'failed')?.state).toBe('failed');
      off();
      await jobs.add('fine', {});
      await sleep(200);
      expect(heard).toHaveLength(3);
    });

    test('remove deletes a waiting job so it never runs; removing again answers false', async () => {
      const jobs = await open(fresh());
      let runs = 0;
      jobs.define('cancelled', async () => {
        runs++;
      });
      await jobs.startWorkers();
      const doomed = await jobs.add('cancelled', {}, { delay: 150, companyId: 4 });
      const kept = await jobs.add('cancelled', {}, { delay: 150, companyId: 4 });
      expect(await jobs.remove(doomed.id)).toBe(true);
      expect(await jobs.get(doomed.id)).toBeNull();
      expect(await jobs.remove(doomed.id)).toBe(false);
      expect(await jobs.remove('never-existed')).toBe(false);
      expect((await jobs.list({ companyId: 4 })).map((j) => j.id)).toEqual([kept.id]);
      await waitFor(async () => (await jobs.get(kept.id))?.state === 'completed');
      await sleep(50);
      expect(runs).toBe(1);
    });

    test('removeAll removes one company’s jobs, or every job without a filter', async () => {
      const jobs = await open(fresh());
      await jobs.add('x', {}, { companyId: 1, delay: 60_000 });
      await jobs.add('x', {}, { companyId: 1 });
      const other = await jobs.add('x', {}, { companyId: 2, delay: 60_000 });
      const system = await jobs.add('x', {});
      expect(await jobs.removeAll({ companyId: 1 })).toBe(2);
      expect(await jobs.list({ companyId: 1 })).toEqual([]);
      expect((await jobs.list()).map((j) => j.id).sort()).toEqual([other.id, system.id].sort());
      expect(await jobs.removeAll({ companyId: 1 })).toBe(0);
      expect(await jobs.removeAll()).toBe(2);
      expect(await jobs.list()).toEqual([]);
    });

    test('runs at most `concurrency` jobs of a name at once, and more than one when allowed', async () => {
      const jobs = await open(fresh());
      let now = 0;
      let peak = 0;
      let done = 0;
      jobs.define(
        'slow',
        async () => {
          now++;
          peak = Math.max(peak, now);
          await sleep(80);
          now--;
          done++;
        },
        { concurrency: 2 },
      );
      for (let i = 0; i < 5; i++) await jobs.add('slow', { i });
      await jobs.startWorkers();
      await waitFor(() => done === 5, 5000, 'five slow jobs');
      expect(peak).toBe(2);
    });

    test('close() waits for running handlers, and the outcome is recorded', async () => {
      const ns = fresh();
      const jobs = await open(ns);
      let started = false;
      let finished = false;
      jobs.define('long', async () => {
        started = true;
        await sleep(150);
        finished = true;
      });
      await jobs.startWorkers();
      const added = await jobs.add('long', {});
      await waitFor(() => started, 4000, 'the job to start');
      await jobs.close();
      expect(finished).toBe(true);
      const again = await open(ns);
      expect((await again.get(added.id))?.state).toBe('completed');
    });

    test('a typed job: its handler gets the parsed payload with the company, the job is listed for that company', async () => {
      const jobs = await open(fresh());
      const seen: unknown[] = [];
      const job = defineJob(
        `typed-${fresh()}`,
        z.object({ ticketId: z.number().int(), note: z.string().default('none') }),
        async (data, run) => {
          seen.push({ ...data, attemptsMade: run.attemptsMade });
          return data.ticketId;
        },
      );
      job.register(jobs);
      await jobs.startWorkers();
      const added = await job.enqueue({ companyId: 9, ticketId: 12 }, { jobs });
      expect(added).toMatchObject({ name: job.name, companyId: 9, data: { companyId: 9, ticketId: 12 } });
      await waitFor(async () => (await jobs.get(added.id))?.state === 'completed');
      expect(seen).toEqual([{ companyId: 9, ticketId: 12, note: 'none', attemptsMade: 0 }]);
      expect((await jobs.list({ companyId: 9 })).map((j) => j.id)).toEqual([added.id]);
    });

    test('a typed job refuses a payload without its company or with wrong fields, at enqueue and at run', async () => {
      const jobs = await open(fresh());
      const runs: unknown[] = [];
      const job = defineJob(
        `strict-${fresh()}`,
        z.object({ ticketId: z.number().int() }),
        async (data) => {
          runs.push(data);
        },
        { attempts: 4, backoff: { type: 'fixed', delay: 10 } },
      );
      job.register(jobs);
      await jobs.startWorkers();
      // @ts-expect-error the company is required by the type too
      await expect(job.enqueue({ ticketId: 1 }, { jobs })).rejects.toThrow('companyId');
      // @ts-expect-error wrong type
      await expect(job.enqueue({ companyId: 1, ticketId: 'x' }, { jobs })).rejects.toThrow('ticketId');
      expect(await jobs.list()).toEqual([]);
      // stored untyped (an older version, another tool): fails at once, its remaining attempts unused
      const raw = await jobs.add(job.name, { ticketId: 2 }, { attempts: 4, backoff: { type: 'fixed', delay: 10 } });
      const failed = await waitFor(async () => {
        const j = await jobs.get(raw.id);
        return j?.state === 'failed' ? j : null;
      });
      expect(failed.attemptsMade).toBe(1);
      expect(failed.failedReason).toContain('companyId');
      expect(runs).toEqual([]);
      // stored before typed jobs: the company given to add() completes the payload
      const legacy = await jobs.add(job.name, { ticketId: 3 }, { companyId: 5 });
      await waitFor(async () => (await jobs.get(legacy.id))?.state === 'completed');
      expect(runs).toEqual([{ ticketId: 3, companyId: 5 }]);
    });

    test('jobs survive a restart: delayed jobs added before closing run on a new instance', async () => {
      const ns = fresh();
      const first = await open(ns);
      let ranOnFirst = 0;
      first.define('reminder', async () => {
        ranOnFirst++;
      });
      await first.startWorkers();
      const a = await first.add('reminder', { to: 'a' }, { delay: 150, companyId: 5 });
      const b = await first.add('reminder', { to: 'b' }, { delay: 200, companyId: 5, attempts: 2 });
      await first.close();

      const second = await open(ns);
      const ran: unknown[] = [];
      second.define('reminder', async (job) => {
        ran.push(job.data);
      });
      expect((await second.list({ companyId: 5 })).map((j) => j.id)).toEqual([b.id, a.id]);
      await second.startWorkers();
      await waitFor(() => ran.length === 2, 4000, 'both reminders after the restart');
      expect(ran).toEqual([{ to: 'a' }, { to: 'b' }]);
      expect(ranOnFirst).toBe(0);
      expect((await second.get(b.id))?.opts.attempts).toBe(2);
    });
  });
}
