import { describe, expect, test } from 'bun:test';
import { collectPages, selectorPath } from './search-select';

describe('selectorPath', () => {
  test('encodes the search, the page and the extra params', () => {
    expect(selectorPath('/botConfigs', 'vendas & co', 2)).toBe('/botConfigs?searchParam=vendas+%26+co&pageNumber=2');
    expect(selectorPath('/flows/', 'boas', 1, { type: 'Bot' })).toBe('/flows/?searchParam=boas&pageNumber=1&type=Bot');
  });
});

describe('collectPages', () => {
  const pages = [
    { items: [{ id: 1, name: 'a', extra: true } as { id: number; name: string }], hasMore: true },
    {
      items: [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
      hasMore: true,
    },
    { items: [{ id: 3, name: 'c' }], hasMore: false },
  ];
  test('walks until hasMore is false, keeping each id once and only id/name', async () => {
    const asked: number[] = [];
    const got = await collectPages(async (p) => {
      asked.push(p);
      return pages[p - 1];
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(got).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
  });
  test('stops at maxPages', async () => {
    const asked: number[] = [];
    await collectPages(async (p) => {
      asked.push(p);
      return pages[p - 1];
    }, 2);
    expect(asked).toEqual([1, 2]);
  });
});
