import { describe, expect, test } from 'bun:test';
import { cut, initials, isoDay, last30Days, listTime, PREVIEW_CHARS } from './format';

describe('format', () => {
  test('cut flattens whitespace and cuts with an ellipsis', () => {
    expect(cut('a\n b', 10)).toBe('a b');
    const long = 'x'.repeat(80);
    expect(cut(long, PREVIEW_CHARS)).toHaveLength(PREVIEW_CHARS);
    expect(cut(long, PREVIEW_CHARS).endsWith('…')).toBe(true);
  });
  test('listTime: hour today, date before', () => {
    const now = new Date(2026, 4, 10, 15, 0);
    expect(listTime(new Date(2026, 4, 10, 9, 5).toISOString(), now, 'pt-BR')).toBe('09:05');
    expect(listTime(new Date(2026, 4, 9, 9, 5).toISOString(), now, 'pt-BR')).toBe('09/05/26');
    expect(listTime('nope', now, 'pt-BR')).toBe('');
  });
  test('dates and initials', () => {
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(last30Days(new Date(2026, 2, 31))).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(initials('maria da silva')).toBe('MS');
    expect(initials('João')).toBe('J');
    expect(initials('')).toBe('?');
  });
});
