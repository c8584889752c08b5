import { describe, expect, test } from 'bun:test';
import { dashDefaultInputs, dashRangeOf, dayRangeProblem, reportDefaultDays } from './date-range';

const SP = 'America/Sao_Paulo';

describe('default ranges (spec 3 §9)', () => {
  test('dashboard: start of the month to now, on the company clock', () => {
    // 1 Dec 01:30 UTC is still 30 Nov 22:30 in São Paulo
    expect(dashDefaultInputs(new Date('2026-12-01T01:30:00Z'), SP)).toEqual({
      initial: '2026-11-01T00:00',
      final: '2026-11-30T22:30',
    });
  });
  test('reports: the last 30 days', () => {
    expect(reportDefaultDays(new Date('2026-11-28T12:00:00Z'), SP)).toEqual({
      initialDate: '2026-10-29',
      finalDate: '2026-11-28',
    });
  });
  test('inputs → instants; the final minute is included; a reversed range is refused', () => {
    expect(dashRangeOf('2026-11-01T00:00', '2026-11-28T10:30', SP)).toEqual({
      initialDate: '2026-11-01T03:00:00.000Z',
      finalDate: '2026-11-28T13:30:59.999Z',
    });
    expect(dashRangeOf('2026-11-28T10:31', '2026-11-28T10:30', SP)).toBeNull();
    expect(dashRangeOf('', '2026-11-28T10:30', SP)).toBeNull();
  });

  test('the API limits: order and at most 366 days', () => {
    expect(dashRangeOf('2025-01-01T00:00', '2026-11-28T10:30', SP)).toBeNull();
    expect(dayRangeProblem('2026-11-28', '2026-11-27')).toBe('order');
    expect(dayRangeProblem('2025-11-28', '2026-11-28')).toBe(null);
    expect(dayRangeProblem('2025-11-26', '2026-11-28')).toBe('length');
    expect(dayRangeProblem('', '2026-11-28')).toBe('missing');
  });
});
