import { describe, expect, test } from 'bun:test';
import { allPages } from './all-pages';

/** a server of `total` rows in pages of 40 */
const server = (total: number) => {
  const asked: number[] = [];
  const fetchPage = async (n: number) => {
    asked.push(n);
    const tickets = Array.from({ length: Math.max(0, Math.min(40, total - (n - 1) * 40)) }, (_, i) => (n - 1) * 40 + i);
    return { tickets, hasMore: n * 40 < total };
  };
  return { asked, fetchPage };
};

describe('allPages (the bell counts every waiting conversation)', () => {
  test('47 conversations over two pages: all 47, two requests', async () => {
    const s = server(47);
    expect((await allPages(s.fetchPage)).length).toBe(47);
    expect(s.asked).toEqual([1, 2]);
  });
  test('one short page: one request; a runaway list stops at the page cap', async () => {
    const s = server(3);
    expect(await allPages(s.fetchPage)).toEqual([0, 1, 2]);
    expect(s.asked).toEqual([1]);
    const big = server(10_000);
    expect((await allPages(big.fetchPage, 3)).length).toBe(120);
  });
});
