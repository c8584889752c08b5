import { describe, expect, test } from 'bun:test';
import { dashQuery, reportFilterOf, reportQuery } from './report-query';

describe('report queries', () => {
  test('the print view address round-trips the dialog filter', () => {
    const f = { initialDate: '2026-10-29', finalDate: '2026-11-28', selectedQueueIds: [2, 5], selectedUserIds: [] };
    const q = reportQuery(f);
    expect(q).toBe('initialDate=2026-10-29&finalDate=2026-11-28&selectedQueueIds=%5B2%2C5%5D');
    expect(reportFilterOf(`?${q}`)).toEqual(f);
  });
  test('a bad address is no filter (the dialog opens); junk ids are dropped', () => {
    expect(reportFilterOf('')).toBeNull();
    expect(reportFilterOf('?initialDate=2026-13&finalDate=2026-11-28')).toBeNull();
    expect(
      reportFilterOf(
        '?initialDate=2026-11-01&finalDate=2026-11-28&selectedUserIds=[1,"x",-2,3.5,4]&selectedQueueIds=oops',
      ),
    ).toEqual({ initialDate: '2026-11-01', finalDate: '2026-11-28', selectedQueueIds: [], selectedUserIds: [1, 4] });
  });
  test('the dashboard sends one queue and one user, or none', () => {
    expect(dashQuery({ initialDate: 'a', finalDate: 'b', currentQueue: null, currentUser: 7 })).toBe(
      'initialDate=a&finalDate=b&currentUser=7',
    );
  });
});
