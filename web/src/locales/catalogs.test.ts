import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every string of the UI has an English and a Spanish translation (pt-BR is the source). */
function entries(locale: string): { id: string; str: string }[] {
  const po = readFileSync(join(import.meta.dir, locale, 'messages.po'), 'utf8');
  const out: { id: string; str: string }[] = [];
  const re = /msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g;
  for (const m of po.matchAll(re)) if (m[1]) out.push({ id: m[1], str: m[2] });
  return out;
}

describe('catalogs', () => {
  const source = entries('pt-BR').map((e) => e.id);

  test('the source catalog has the spec texts', () => {
    expect(source).toContain('Acessar');
    expect(source).toContain('APLICAR');
  });

  for (const locale of ['en', 'es']) {
    test(`${locale}: same messages as the source, all translated`, () => {
      const list = entries(locale);
      expect(list.map((e) => e.id).sort()).toEqual([...source].sort());
      expect(list.filter((e) => !e.str).map((e) => e.id)).toEqual([]);
    });

    test(`${locale}: placeholders are kept`, () => {
      for (const e of entries(locale)) {
        const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(ph(e.str)).toEqual(ph(e.id));
      }
    });
  }

  test('pt-BR: a count of 0 reads in the plural (CLDR pt puts 0 in "one": "0 contato", issue 12 §10)', () => {
    // the rule that made "0 contato": pt's "one" covers 0 and 1
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one');
    const plurals = entries('pt-BR').filter((e) => /, plural,/.test(e.id) && /\bone \{/.test(e.id));
    expect(plurals.length).toBeGreaterThan(0);
    expect(plurals.filter((e) => !/=0 \{/.test(e.str)).map((e) => e.id)).toEqual([]);
  });

  test('es: a queue ("fila" in pt) is always "cola", never "fila" (which means a spreadsheet row there)', () => {
    const pt = new Map(entries('pt-BR').map((e) => [e.id, e.str]));
    const es = entries('es').filter((e) => /\bfilas?\b/i.test(pt.get(e.id) ?? ''));
    expect(es.length).toBeGreaterThan(5);
    expect(es.filter((e) => /\bfilas?\b/i.test(e.str) || !/\bcolas?\b/i.test(e.str)).map((e) => e.str)).toEqual([]);
  });
});
