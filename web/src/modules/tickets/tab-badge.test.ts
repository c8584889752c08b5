import { describe, expect, test } from 'bun:test';
import { tabBadge } from './tab-badge';

describe('tabBadge', () => {
  test('pending first, then open, else none', () => {
    expect(tabBadge(3, 5)).toEqual({ kind: 'pending', count: 3, icon: '3' });
    expect(tabBadge(0, 5)).toEqual({ kind: 'open', count: 5, icon: '5' });
    expect(tabBadge(0, 0)).toEqual({ kind: 'none' });
  });
  test('the icon is capped at 10, the title keeps the real count', () => {
    expect(tabBadge(42, 0)).toEqual({ kind: 'pending', count: 42, icon: '10' });
  });
});
