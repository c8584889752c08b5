import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isThemeName, THEME_NAMES, THEMES } from './themes';

const css = readFileSync(join(import.meta.dir, '../../styles.css'), 'utf8');
const SLOT_VARS = ['primary', 'secondary', 'accent', 'neutral', 'info'] as const;

function themeBlock(name: string): string {
  const start = css.indexOf(`name: "${name}";`);
  expect(start).toBeGreaterThan(-1);
  return css.slice(start, css.indexOf('}', start));
}

describe('themes', () => {
  test('the seven spec themes, in order', () => {
    expect([...THEME_NAMES]).toEqual([
      'defaultTheme',
      'floresta',
      'frutasvermelhas',
      'noturnoorange',
      'ceuazul',
      'dracula',
      'claro',
    ]);
  });

  test('default primary is #272b53 (spec 1 §9)', () => {
    expect(THEMES.defaultTheme.slots[0]).toBe('#272b53');
    expect(themeBlock('defaultTheme')).toContain('default: true;');
  });

  for (const name of THEME_NAMES) {
    test(`${name}: the CSS theme carries the same five slots and colour scheme`, () => {
      const block = themeBlock(name);
      THEMES[name].slots.forEach((hex, i) => {
        expect(block).toContain(`--color-${SLOT_VARS[i]}: ${hex};`);
      });
      expect(block).toContain(`color-scheme: ${THEMES[name].scheme};`);
    });
  }

  test('isThemeName', () => {
    expect(isThemeName('dracula')).toBe(true);
    expect(isThemeName('Dracula')).toBe(false);
    expect(isThemeName(null)).toBe(false);
  });
});
