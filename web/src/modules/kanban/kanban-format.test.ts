import { expect, test } from 'bun:test';
import { ticketAge } from './kanban-format';

test('ticket age on a card: now, minutes, hours, days', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  expect(ticketAge('2026-11-28T11:59:30Z', now)).toEqual({ value: 0, unit: 'now' });
  expect(ticketAge('2026-11-28T11:55:00Z', now)).toEqual({ value: 5, unit: 'min' });
  expect(ticketAge('2026-11-28T09:00:00Z', now)).toEqual({ value: 3, unit: 'h' });
  expect(ticketAge('2026-11-25T11:00:00Z', now)).toEqual({ value: 3, unit: 'd' });
  expect(ticketAge('not a date', now)).toEqual({ value: 0, unit: 'now' });
});
