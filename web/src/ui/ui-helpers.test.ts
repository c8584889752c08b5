import { describe, expect, test } from 'bun:test';
import { readableTextColor } from './color-chip';
import { nearBottom } from './infinite-scroll';
import { previewText, tooltipText, truncateText } from './text-preview';
import { byName, textMatches } from './use-paged-list';

describe('nearBottom (spec 1 §9: next page within 100 px of the bottom)', () => {
  test('100 px or less from the bottom asks for more', () => {
    expect(nearBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(nearBottom({ scrollTop: 399, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
  test('a list shorter than its box is at its bottom', () => {
    expect(nearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });
});

describe('readableTextColor', () => {
  test('dark text on light colours, white on dark ones, any hex spelling', () => {
    expect(readableTextColor('#F1C40F')).toBe('#000000');
    expect(readableTextColor('#272b53')).toBe('#ffffff');
    expect(readableTextColor('#fff')).toBe('#000000');
    expect(readableTextColor('#000000cc')).toBe('#ffffff');
  });
  test('an unreadable value falls back to black', () => {
    expect(readableTextColor('red')).toBe('#000000');
  });
});

describe('text preview (spec 1 §9: 54 characters, tooltip 300)', () => {
  test('cuts with an ellipsis and flattens whitespace', () => {
    expect(previewText('a'.repeat(60))).toBe(`${'a'.repeat(54)}…`);
    expect(previewText('linha 1\n\nlinha 2')).toBe('linha 1 linha 2');
    expect(tooltipText('b'.repeat(300))).toBe('b'.repeat(300));
    expect(truncateText('curto', 10)).toBe('curto');
  });
});

describe('live list matching', () => {
  test('search ignores case and accents; an empty search matches everything', () => {
    expect(textMatches(['João Átila', null], 'joao')).toBe(true);
    expect(textMatches(['Maria'], 'ATI')).toBe(false);
    expect(textMatches([], '  ')).toBe(true);
  });
  test('name order ignores case', () => {
    expect(
      ['beta', 'Alfa', 'gama']
        .map((name) => ({ name }))
        .sort(byName)
        .map((x) => x.name),
    ).toEqual(['Alfa', 'beta', 'gama']);
  });
});
