import { describe, expect, test } from 'bun:test';
import { DEFAULT_QUEUES, paletteColor, QUEUE_PALETTE } from './palette';
import { QUEUE_COLOR_NOT_IN_PALETTE, QueueInput, QueueUpdateInput } from './queue.schemas';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).toReversed().map((i) => [i.path.join('.'), i.message])); // first issue per field wins, as in the API

describe('palette', () => {
  test('has exactly 50 distinct colours of 3 to 9 characters', () => {
    expect(QUEUE_PALETTE.length).toBe(50);
    expect(new Set(QUEUE_PALETTE.map((c) => c.toUpperCase())).size).toBe(50);
    for (const c of QUEUE_PALETTE) {
      expect(c).toMatch(/^#[0-9A-F]{6}$/);
    }
  });
  test('defaults are Financeiro green, Vendas blue, Suporte orange, all from the palette', () => {
    expect(DEFAULT_QUEUES.map((q) => q.name)).toEqual(['Financeiro', 'Vendas', 'Suporte']);
    for (const q of DEFAULT_QUEUES) expect(paletteColor(q.color)).toBe(q.color);
  });
  test('lookup ignores case', () => {
    expect(paletteColor('#2ecc71')).toBe('#2ECC71');
    expect(paletteColor('#123456')).toBeUndefined();
  });
});

describe('QueueInput (spec 2 §5)', () => {
  const good = { name: 'Suporte', color: '#e67e22', greetingMessage: 'Olá!' };
  test('accepts and normalises the colour to the palette entry', () => {
    expect(QueueInput.parse(good)).toEqual({ name: 'Suporte', color: '#E67E22', greetingMessage: 'Olá!' });
  });
  test.each([
    [{ name: '' }, 'name', 'Required'],
    [{ name: 'S' }, 'name', 'Too Short!'],
    [{ name: 's'.repeat(51) }, 'name', 'Too Long!'],
    [{ color: undefined }, 'color', 'Required'],
    [{ color: '' }, 'color', 'Required'],
    [{ color: '#f' }, 'color', 'Too Short!'],
    [{ color: '#0000000000' }, 'color', 'Too Long!'],
    [{ color: '#123456' }, 'color', QUEUE_COLOR_NOT_IN_PALETTE],
  ])('%o → %s: %s', (patch, field, text) => {
    expect(messages(QueueInput.safeParse({ ...good, ...patch }))[field]).toBe(text);
  });
  test('empty greeting becomes null; update accepts partial input', () => {
    expect(QueueInput.parse({ ...good, greetingMessage: '  ' }).greetingMessage).toBeNull();
    expect(QueueUpdateInput.parse({ name: 'Novo' })).toEqual({ name: 'Novo' });
  });
});
