import { afterEach, describe, expect, test } from 'bun:test';
import type { TicketViewer } from '@zapdesk/core';
import { MemoryEventBus } from './memory-bus';
import { SSE_DISCONNECT_CHANNEL, SSE_VIEWER_CHANNEL, SseHub, type SseHubOptions, type SseViewer } from './sse-hub';
import { readSse } from './sse-test-reader';
import type { NewEvent } from './types';

const admin1: SseViewer = { companyId: 1, userId: 10, isAdmin: true };
const agent1: SseViewer = { companyId: 1, userId: 11, isAdmin: false };
const admin2: SseViewer = { companyId: 2, userId: 20, isAdmin: true };

const ev = (companyId: number, n: number, extra: Partial<NewEvent> = {}): NewEvent => ({
  companyId,
  channel: `ticket-${companyId}`,
  data: { action: 'update', n },
  ...extra,
});

let bus: MemoryEventBus;
let hub: SseHub;
const setup = (opts: SseHubOptions = {}) => {
  bus = new MemoryEventBus();
  hub = new SseHub(bus, opts).start();
};
const open = (v: SseViewer, lastEventId?: string) => readSse(new Response(hub.connect(v, { lastEventId })));

afterEach(async () => {
  hub?.stop();
  await bus?.close();
});

describe('SseHub', () => {
  test('frames: retry hint, then `ready` with a resumable id, then `id/event/data` per event', async () => {
    setup({ retryMs: 1234 });
    const s = open(admin1);
    expect(await s.next()).toEqual({ retry: 1234 });
    const ready = await s.next();
    expect(ready.event).toBe('ready');
    expect(ready.data).toEqual({ action: 'ready' });
    expect(ready.id).toBeString();
    const e = await bus.publish(ev(1, 1));
    expect(await s.next()).toEqual({ id: e.id, event: 'ticket-1', data: { action: 'update', n: 1 } });
    await s.close();
  });

  test('delivers a company’s events only to that company’s streams', async () => {
    setup();
    const a = open(admin1);
    const b = open(admin2);
    await a.nextEvent();
    await b.nextEvent();
    await bus.publish(ev(2, 1));
    await bus.publish(ev(1, 2));
    await bus.publish(ev(2, 3));
    expect((await a.nextEvent()).data.n).toBe(2);
    expect(await a.quiet(100)).toBe(true);
    expect((await b.nextEvent()).data.n).toBe(1);
    expect((await b.nextEvent()).data.n).toBe(3);
    await Promise.all([a.close(), b.close()]);
  });

  test('userId, userIds and adminOnly restrict the audience, and combine', async () => {
    setup();
    const adm = open(admin1);
    const agt = open(agent1);
    await adm.nextEvent();
    await agt.nextEvent();
    await bus.publish(ev(1, 1, { userId: agent1.userId }));
    await bus.publish(ev(1, 2, { adminOnly: true }));
    await bus.publish(ev(1, 3, { userIds: [admin1.userId, 99] }));
    await bus.publish(ev(1, 4, { userId: agent1.userId, adminOnly: true })); // nobody: the agent isn't admin
    await bus.publish(ev(1, 5));
    expect((await adm.until((f) => f.data.n === 5)).map((f) => f.data.n)).toEqual([2, 3, 5]);
    expect((await agt.until((f) => f.data.n === 5)).map((f) => f.data.n)).toEqual([1, 5]);
    await Promise.all([adm.close(), agt.close()]);
  });

  test('resume: replays exactly what this viewer missed after Last-Event-ID, then continues live', async () => {
    setup();
    const s1 = open(agent1);
    await s1.nextEvent();
    const e1 = await bus.publish(ev(1, 1));
    expect((await s1.nextEvent()).id).toBe(e1.id);
    await s1.close();
    expect(hub.clientCount()).toBe(0);
    await bus.publish(ev(1, 2));
    await bus.publish(ev(2, 99)); // another company
    await bus.publish(ev(1, 98, { userId: admin1.userId })); // someone else's
    await bus.publish(ev(1, 3));
    const s2 = open(agent1, e1.id);
    expect(await s2.next()).toEqual({ retry: 3000 });
    expect((await s2.nextEvent()).data.n).toBe(2);
    expect((await s2.nextEvent()).data.n).toBe(3);
    expect(await s2.quiet(100)).toBe(true);
    await bus.publish(ev(1, 4));
    expect((await s2.nextEvent()).data.n).toBe(4);
    await s2.close();
  });

  test('resume from the `ready` id of a stream that received nothing has no gap', async () => {
    setup();
    const s1 = open(agent1);
    const ready = await s1.nextEvent();
    await s1.close();
    await bus.publish(ev(1, 1));
    const s2 = open(agent1, ready.id);
    expect((await s2.nextEvent()).data.n).toBe(1);
    await s2.close();
  });

  test('an id that left the buffer (or never was in it) gets `resync` with a fresh resumable id', async () => {
    setup({ bufferSize: 3 });
    const first = await bus.publish(ev(1, 1));
    for (let i = 2; i <= 5; i++) await bus.publish(ev(1, i));
    const s = open(agent1, first.id);
    const resync = await s.nextEvent();
    expect(resync.event).toBe('resync');
    expect(resync.data).toEqual({ action: 'resync' });
    await s.close();
    // the resync id is the newest event: resuming from it misses nothing
    await bus.publish(ev(1, 6));
    const s2 = open(agent1, resync.id);
    expect((await s2.nextEvent()).data.n).toBe(6);
    await s2.close();
    const s3 = open(agent1, 'zzz-unknown-id');
    expect((await s3.nextEvent()).event).toBe('resync');
    await s3.close();
  });

  test('events older than the age bound are forgotten, except the newest', async () => {
    let now = 1_000_000;
    setup({ bufferMaxAgeMs: 1000, heartbeatMs: 20, now: () => now });
    const old = await bus.publish(ev(1, 1));
    const newest = await bus.publish(ev(1, 2));
    now += 5000;
    await Bun.sleep(60); // a heartbeat tick prunes
    const s = open(agent1, old.id);
    expect((await s.nextEvent()).event).toBe('resync');
    await s.close();
    const s2 = open(agent1, newest.id);
    expect(await s2.quiet(100)).toBe(true); // known id, nothing missed: no resync
    await s2.close();
  });

  test('one shared heartbeat comment reaches every stream', async () => {
    setup({ heartbeatMs: 30 });
    const a = open(admin1);
    const b = open(admin2);
    for (const s of [a, b]) {
      await s.nextEvent();
      expect((await s.next(500)).comment).toBe('hb');
    }
    await Promise.all([a.close(), b.close()]);
  });

  test('a stream that does not read is dropped once its queue passes the bound', async () => {
    setup({ maxQueuedBytes: 4096 });
    const body = hub.connect(agent1); // never read
    const live = open(agent1);
    await live.nextEvent();
    const big = 'x'.repeat(1000);
    expect(hub.clientCount(1)).toBe(2);
    for (let i = 0; i < 10; i++) {
      await bus.publish(ev(1, i, { data: { action: 'update', n: i, big } }));
      // the reading stream keeps up and gets everything
      expect((await live.nextEvent()).data.n).toBe(i);
    }
    expect(hub.clientCount(1)).toBe(1);
    await live.close();
    await body.cancel().catch(() => {});
  });

  test('the reserved disconnect event ends that user’s streams (or the whole company’s) and is not forwarded', async () => {
    setup();
    const adm = open(admin1);
    const agt = open(agent1);
    const other = open(admin2);
    for (const s of [adm, agt, other]) await s.nextEvent();
    await bus.publish({ companyId: 1, channel: SSE_DISCONNECT_CHANNEL, data: { action: 'disconnect' }, userId: 11 });
    expect(await agt.ended()).toBe(true);
    expect(hub.clientCount(1)).toBe(1);
    await bus.publish(ev(1, 1));
    expect((await adm.nextEvent()).data.n).toBe(1); // the admin saw no disconnect frame
    await bus.publish({ companyId: 1, channel: SSE_DISCONNECT_CHANNEL, data: { action: 'disconnect' } });
    expect(await adm.ended()).toBe(true);
    expect(hub.clientCount()).toBe(1);
    await other.close();
  });

  test('events published in the same tick reach each stream as ONE write, with exactly what it may see', async () => {
    setup();
    const raw = (v: SseViewer) => new Response(hub.connect(v)).body!.getReader();
    const adm = raw(admin1);
    const agt = raw(agent1);
    const dec = new TextDecoder();
    const chunk = async (r: ReadableStreamDefaultReader<Uint8Array>) => dec.decode((await r.read()).value);
    for (const r of [adm, agt]) {
      expect(await chunk(r)).toStartWith('retry:');
      expect(await chunk(r)).toContain('event: ready');
    }
    // no await in between: one tick
    void bus.publish(ev(1, 1));
    void bus.publish(ev(1, 2, { adminOnly: true }));
    void bus.publish(ev(1, 3, { userId: agent1.userId }));
    void bus.publish(ev(1, 4));
    const ns = (text: string) => [...text.matchAll(/"n":(\d+)/g)].map((m) => Number(m[1]));
    expect(ns(await chunk(adm))).toEqual([1, 2, 4]);
    expect(ns(await chunk(agt))).toEqual([1, 3, 4]);
    // the next tick is a write of its own
    await bus.publish(ev(1, 5));
    expect(ns(await chunk(adm))).toEqual([5]);
    await Promise.all([adm.cancel(), agt.cancel()]);
  });

  test('a stream opened in the tick of a publish gets that event once: by replay or not at all', async () => {
    setup();
    const live = open(admin1);
    const first = await live.nextEvent();
    void bus.publish(ev(1, 1));
    const resumed = open(agent1, first.id); // same tick: the event is buffered but not written yet
    const fresh = open(admin1);
    expect((await live.nextEvent()).data.n).toBe(1);
    expect((await resumed.nextEvent()).data.n).toBe(1);
    expect((await fresh.nextEvent()).event).toBe('ready');
    await bus.publish(ev(1, 2));
    for (const s of [live, resumed, fresh]) expect((await s.nextEvent()).data.n).toBe(2);
    await Promise.all([live.close(), resumed.close(), fresh.close()]);
  });

  test('events published before a disconnect in the same tick are delivered before the stream ends', async () => {
    setup();
    const agt = open(agent1);
    await agt.nextEvent();
    void bus.publish(ev(1, 1));
    void bus.publish({ companyId: 1, channel: SSE_DISCONNECT_CHANNEL, data: { action: 'disconnect' }, userId: 11 });
    expect((await agt.nextEvent()).data.n).toBe(1);
    expect(await agt.ended()).toBe(true);
  });

  test('heartbeats go only to streams that had nothing written for a period', async () => {
    setup({ heartbeatMs: 40 });
    const busy = open(admin1);
    const quiet = open(admin2);
    await busy.nextEvent();
    await quiet.nextEvent();
    const frames: { comment?: string }[] = [];
    for (let i = 0; i < 15; i++) {
      await bus.publish(ev(1, i));
      await Bun.sleep(10);
    }
    for (;;) {
      const f = await busy.next(50).catch(() => null);
      if (!f || f.data?.n === 14) break;
      frames.push(f);
    }
    expect(frames.filter((f) => f.comment === 'hb')).toEqual([]);
    expect((await quiet.next(200)).comment).toBe('hb');
    await Promise.all([busy.close(), quiet.close()]);
  });

  test('a stream ends with `reauth` before the token that opened it expires; others stay', async () => {
    let now = 1_000_000;
    setup({ heartbeatMs: 20, expirySpreadMs: 1000, now: () => now });
    const expiresAt = now + 60_000;
    const expiring = [1, 2, 3].map(() => open({ ...agent1, expiresAt }));
    const forever = open(admin1);
    for (const s of [...expiring, forever]) await s.nextEvent();
    now = expiresAt - 10 - 1000 - 1; // before the earliest possible cut
    await Bun.sleep(40);
    expect(hub.clientCount(1)).toBe(4);
    now = expiresAt - 10; // the latest cut: half a heartbeat before expiry
    for (const s of expiring) {
      const f = await s.nextEvent(500);
      expect(f).toEqual({ event: 'reauth', data: { action: 'reauth' } });
      expect(await s.ended()).toBe(true);
    }
    expect(hub.clientCount(1)).toBe(1);
    await bus.publish(ev(1, 1));
    expect((await forever.nextEvent()).data.n).toBe(1);
    await forever.close();
  });

  test('an aborted request releases its stream; stop() ends every stream and unsubscribes', async () => {
    setup();
    const ac = new AbortController();
    const s = readSse(new Response(hub.connect(agent1, { signal: ac.signal })));
    const t = open(admin2);
    await s.nextEvent();
    await t.nextEvent();
    expect(hub.clientCount()).toBe(2);
    ac.abort();
    expect(hub.clientCount()).toBe(1);
    hub.stop();
    expect(await t.ended()).toBe(true);
    expect(hub.clientCount()).toBe(0);
    await bus.publish(ev(2, 1)); // no listener left: nothing throws
  });

  describe('ticket visibility (core canViewTicket, decided per audience class)', () => {
    const viewer = (userId: number, queueIds: number[], over: Partial<TicketViewer> = {}): SseViewer => ({
      companyId: 1,
      userId,
      isAdmin: false,
      tickets: { userId, isAdmin: false, queueIds, allowNoQueue: false, viewPendingTickets: true, ...over },
    });
    /** a ticket event as `emit` publishes it: the subject, and the id-only stand-in for those who may not see it */
    const tev = (n: number, subject: { status?: 'open' | 'pending'; queueId: number | null; userId?: number | null }) =>
      ({
        companyId: 1,
        channel: 'ticket-1',
        data: { action: 'update', n },
        ticket: { status: subject.status ?? 'open', queueId: subject.queueId, userId: subject.userId ?? null },
        hidden: { action: 'delete', ticketId: n },
      }) satisfies NewEvent;

    test('queue X sees X, queue Y gets the id-only stand-in, the owner and admins see it', async () => {
      setup();
      const x = open(viewer(11, [1]));
      const x2 = open(viewer(12, [1]));
      const y = open(viewer(13, [2]));
      const adm = open(admin1);
      for (const s of [x, x2, y, adm]) await s.nextEvent();
      await bus.publish(tev(1, { queueId: 1 }));
      await bus.publish(tev(2, { queueId: 2, userId: 11 })); // owned by 11, in queue Y
      await bus.publish(tev(3, { queueId: null }));
      await bus.publish(tev(4, { queueId: 1, status: 'pending' }));
      await bus.publish(ev(1, 5));
      const seen = async (s: ReturnType<typeof open>) =>
        (await s.until((f) => f.data.n === 5)).map((f) => `${f.data.action}:${f.data.n ?? f.data.ticketId}`);
      expect(await seen(x)).toEqual(['update:1', 'update:2', 'delete:3', 'update:4', 'update:5']);
      expect(await seen(x2)).toEqual(['update:1', 'delete:2', 'delete:3', 'update:4', 'update:5']);
      expect(await seen(y)).toEqual(['delete:1', 'update:2', 'delete:3', 'delete:4', 'update:5']);
      expect(await seen(adm)).toEqual(['update:1', 'update:2', 'update:3', 'update:4', 'update:5']);
      await Promise.all([x, x2, y, adm].map((s) => s.close()));
    });

    test('an event without a stand-in reaches only those who may see its ticket; pending needs the permission', async () => {
      setup();
      const x = open(viewer(11, [1], { viewPendingTickets: false }));
      const adm = open(admin1);
      for (const s of [x, adm]) await s.nextEvent();
      const msg = (n: number, status: 'open' | 'pending') => ({ ...tev(n, { queueId: 1, status }), hidden: undefined });
      await bus.publish(msg(1, 'pending'));
      await bus.publish(msg(2, 'open'));
      await bus.publish(ev(1, 3));
      expect((await x.until((f) => f.data.n === 3)).map((f) => f.data.n)).toEqual([2, 3]);
      expect((await adm.until((f) => f.data.n === 3)).map((f) => f.data.n)).toEqual([1, 2, 3]);
      await Promise.all([x.close(), adm.close()]);
    });

    test('coalesced writes pick, per stream, the event or its stand-in', async () => {
      setup();
      const raw = (v: SseViewer) => new Response(hub.connect(v)).body!.getReader();
      const x = raw(viewer(11, [1]));
      const y = raw(viewer(13, [2]));
      const dec = new TextDecoder();
      const chunk = async (r: ReadableStreamDefaultReader<Uint8Array>) => dec.decode((await r.read()).value);
      for (const r of [x, y]) {
        await chunk(r);
        await chunk(r);
      }
      void bus.publish(tev(1, { queueId: 1 }));
      void bus.publish({ ...tev(2, { queueId: 2 }), hidden: undefined });
      void bus.publish(tev(3, { queueId: 2 }));
      const frames = (text: string) =>
        [...text.matchAll(/"action":"(\w+)","(?:n|ticketId)":(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
      expect(frames(await chunk(x))).toEqual(['update:1', 'delete:3']);
      expect(frames(await chunk(y))).toEqual(['delete:1', 'update:2', 'update:3']);
      await Promise.all([x.cancel(), y.cancel()]);
    });

    test('a resumed stream replays each missed event as this viewer may see it', async () => {
      setup();
      const y = open(viewer(13, [2]));
      const ready = await y.nextEvent();
      await y.close();
      await bus.publish(tev(1, { queueId: 1 }));
      await bus.publish({ ...tev(2, { queueId: 1 }), hidden: undefined });
      await bus.publish(tev(3, { queueId: 2 }));
      const again = open(viewer(13, [2]), ready.id);
      expect(
        (await again.until((f) => f.data.n === 3)).map((f) => `${f.data.action}:${f.data.n ?? f.data.ticketId}`),
      ).toEqual(['delete:1', 'update:3']);
      await again.close();
    });

    test('the reserved viewer event changes a user’s profile on their open streams, in bus order', async () => {
      setup();
      const a = open(viewer(11, [1]));
      const other = open(viewer(12, [1]));
      for (const s of [a, other]) await s.nextEvent();
      await bus.publish(tev(1, { queueId: 2 }));
      await bus.publish({
        companyId: 1,
        channel: SSE_VIEWER_CHANNEL,
        userId: 11,
        data: {
          action: 'viewer',
          viewer: { userId: 11, isAdmin: false, queueIds: [2], allowNoQueue: false, viewPendingTickets: true },
        },
      });
      await bus.publish(tev(2, { queueId: 2 }));
      await bus.publish(tev(3, { queueId: 1 }));
      await bus.publish(ev(1, 4));
      const seen = async (s: ReturnType<typeof open>) =>
        (await s.until((f) => f.data.n === 4)).map((f) => `${f.data.action}:${f.data.n ?? f.data.ticketId}`);
      expect(await seen(a)).toEqual(['delete:1', 'update:2', 'delete:3', 'update:4']);
      expect(await seen(other)).toEqual(['delete:1', 'delete:2', 'update:3', 'update:4']);
      await Promise.all([a.close(), other.close()]);
    });
  });
});
