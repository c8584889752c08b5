import { describe, expect, test } from 'bun:test';
import { formatZoned, fromZonedInput, timeZoneNames, toZonedInput } from './zoned-time';

describe('zoned-time: the send date on the company clock', () => {
  test('a São Paulo wall time is 3 h behind UTC, both ways', () => {
    expect(fromZonedInput('2026-11-25T14:30', 'America/Sao_Paulo')).toBe('2026-11-25T17:30:00.000Z');
    expect(toZonedInput('2026-11-25T17:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-25T14:30');
    expect(formatZoned('2026-11-25T17:30:00.000Z', 'America/Sao_Paulo', 'pt-BR')).toBe('25/11/2026, 14:30');
  });
  test('a time skipped by a DST jump lands just after it; an ambiguous one on its first occurrence', () => {
    expect(fromZonedInput('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(fromZonedInput('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(fromZonedInput('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromZonedInput('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
  });
  test('round trip at every hour of a year in several zones', () => {
    for (const zone of ['America/Sao_Paulo', 'America/Manaus', 'Europe/Lisbon', 'Asia/Kolkata', 'UTC']) {
      for (let h = 0; h < 365 * 24; h += 7) {
        const iso = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000).toISOString();
        const back = fromZonedInput(toZonedInput(iso, zone), zone);
        // the first occurrence of an ambiguous hour is an hour earlier; everything else comes back exactly
        expect([iso, new Date(Date.parse(iso) - 3_600_000).toISOString()]).toContain(back as string);
      }
    }
  });
  test('bad values and the zone list', () => {
    expect(fromZonedInput('', 'America/Sao_Paulo')).toBeNull();
    expect(toZonedInput('nope', 'America/Sao_Paulo')).toBe('');
    expect(timeZoneNames()).toContain('America/Sao_Paulo');
  });
});
