import { afterEach, describe, expect, test } from 'bun:test';
import type { AppEvent, EventBus, NewEvent } from './types';

/**
 * The one behaviour every EventBus adapter must have. Run by events.memory.test.ts and events.redis.test.ts.
 * `makeBus()` creates a fresh bus; `makePeer(bus)` (multi-process adapters only) creates a second, independent bus
 * instance connected to the same transport, standing in for another API process.
 */
export type EventBusContractSubject = {
  name: string;
  makeBus: () => Promise<EventBus>;
  makePeer?: (bus: EventBus) => Promise<EventBus>;
};

const ev = (n: number, extra: Partial<NewEvent> = {}): NewEvent => ({
  companyId: 1,
  channel: 'ticket-1',
  data: { action: 'update', n },
  ...extra,
});

/** Collects events and resolves once `count` have arrived (or rejects after `ms`). */
function collector(bus: EventBus) {
  const got: AppEvent[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const unsubscribe = bus.subscribe((e) => {
    got.push(e);
    for (const w of [...waiters]) if (got.length >= w.count) w.resolve();
  });
  return {
    got,
    unsubscribe,
    waitFor(count: number, ms = 3000): Promise<AppEvent[]> {
      if (got.length >= count) return Promise.resolve(got);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`got ${got.length}/${count} events within ${ms} ms`)), ms);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(got);
          },
        });
      });
    },
  };
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

export function runEventBusContract(subject: EventBusContractSubject): void {
  describe(`EventBus contract: ${subject.name}`, () => {
    const open: EventBus[] = [];
    const make = async () => {
      const b = await subject.makeBus();
      open.push(b);
      return b;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    test('publish returns the event with an id, and subscribers receive it with the same id and payload', async () => {
      const bus = await make();
      const c = collector(bus);
      const published = await bus.publish(ev(1, { userId: 7, adminOnly: true, userIds: [7, 8] }));
      expect(typeof published.id).toBe('string');
      expect(published.id.length).toBeGreaterThan(0);
      const [got] = await c.waitFor(1);
      expect(got).toEqual({
        id: published.id,
        companyId: 1,
        channel: 'ticket-1',
        data: { action: 'update', n: 1 },
        userId: 7,
        userIds: [7, 8],
        adminOnly: true,
      });
    });

    test('every subscriber receives every event', async () => {
      const bus = await make();
      const a = collector(bus);
      const b = collector(bus);
      await bus.publish(ev(1));
      await bus.publish(ev(2));
      expect((await a.waitFor(2)).map((e) => e.data.n)).toEqual([1, 2]);
      expect((await b.waitFor(2)).map((e) => e.data.n)).toEqual([1, 2]);
    });

    test('events of one publisher arrive in publish order with increasing, unique ids', async () => {
      const bus = await make();
      const c = collector(bus);
      const count = 300;
      // not awaited one by one: ordering must hold for concurrent publishes too
      const published = await Promise.all(Array.from({ length: count }, (_, i) => bus.publish(ev(i))));
      const got = await c.waitFor(count);
      expect(got.map((e) => e.data.n)).toEqual(published.map((e) => e.data.n));
      expect(got.map((e) => e.id)).toEqual(published.map((e) => e.id));
      const ids = got.map((e) => e.id);
      expect(new Set(ids).size).toBe(count);
      expect([...ids].sort()).toEqual(ids);
    });

    test('unsubscribe stops delivery to that listener only', async () => {
      const bus = await make();
      const gone = collector(bus);
      const stays = collector(bus);
      await bus.publish(ev(1));
      await gone.waitFor(1);
      gone.unsubscribe();
      await bus.publish(ev(2));
      await stays.waitFor(2);
      await settle();
      expect(gone.got.map((e) => e.data.n)).toEqual([1]);
      expect(stays.got.map((e) => e.data.n)).toEqual([1, 2]);
    });

    test('a throwing listener does not stop the others nor the publisher', async () => {
      const bus = await make();
      bus.subscribe(() => {
        throw new Error('boom');
      });
      const c = collector(bus);
      await bus.publish(ev(1));
      expect((await c.waitFor(1))[0].data.n).toBe(1);
    });

    test('after close, nothing is delivered and publish rejects', async () => {
      const bus = await make();
      const c = collector(bus);
      await bus.close();
      await expect(bus.publish(ev(1))).rejects.toThrow();
      await settle();
      expect(c.got).toEqual([]);
      // closing twice is harmless
      await bus.close();
    });

    if (subject.makePeer) {
      const makePeer = subject.makePeer;
      test('two bus instances (two processes) see each other’s events, in each publisher’s order', async () => {
        const a = await make();
        const b = await makePeer(a);
        open.push(b);
        const onA = collector(a);
        const onB = collector(b);
        for (let i = 0; i < 20; i++) await a.publish(ev(i, { channel: 'from-a' }));
        for (let i = 0; i < 20; i++) await b.publish(ev(i, { channel: 'from-b' }));
        const gotA = await onA.waitFor(40);
        const gotB = await onB.waitFor(40);
        // the transport orders everything: both processes see the very same sequence
        expect(gotA.map((e) => e.id)).toEqual(gotB.map((e) => e.id));
        for (const got of [gotA, gotB]) {
          expect(got.filter((e) => e.channel === 'from-a').map((e) => e.data.n)).toEqual([...Array(20).keys()]);
          expect(got.filter((e) => e.channel === 'from-b').map((e) => e.data.n)).toEqual([...Array(20).keys()]);
        }
      });

      test('closing one instance leaves the other working', async () => {
        const a = await make();
        const b = await makePeer(a);
        open.push(b);
        const onB = collector(b);
        await a.close();
        await b.publish(ev(1));
        expect((await onB.waitFor(1))[0].data.n).toBe(1);
      });
    }
  });
}
