import { expect, test } from 'bun:test';
import { runEventBusContract } from './events.contract';
import { MemoryEventBus, nextEventId } from './memory-bus';

runEventBusContract({ name: 'in-process (MemoryEventBus)', makeBus: async () => new MemoryEventBus() });

test('nextEventId stays unique and sortable when the clock steps back or many ids share a millisecond', () => {
  const ids = [nextEventId(5_000_000), ...Array.from({ length: 2000 }, () => nextEventId(5_000_000))];
  ids.push(nextEventId(4_000_000)); // clock stepped back
  ids.push(nextEventId(Date.now()));
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(ids);
});
