import { describe, expect, test } from 'bun:test';
import { FAKE_PLACES, fakeSearch, searchWords } from './fake-geocoder';

describe('embedded fake geocoder', () => {
  test('words: accents and case ignored', () => {
    expect(searchWords('Praça dos Três Poderes, Brasília')).toEqual(['praca', 'dos', 'tres', 'poderes', 'brasilia']);
  });

  test('every word must match a word start of the name or address; name matches first', () => {
    expect(fakeSearch('avenida paulista', 10).map((p) => p.name)).toEqual(['Avenida Paulista']);
    expect(fakeSearch('SAO PAULO', 10).map((p) => p.name)).toEqual([
      'Avenida Paulista',
      'Praça da Sé',
      'Parque Ibirapuera',
    ]);
    expect(fakeSearch('mercado', 10)[0].name).toMatch(/^Mercado/);
    expect(fakeSearch('salvador', 1)).toHaveLength(1);
    expect(fakeSearch('nowhere town', 10)).toEqual([]);
    expect(fakeSearch('  ', 10)).toEqual([]);
  });

  test('every place is a valid location (coordinates in range, name within the location name size)', () => {
    for (const p of FAKE_PLACES) {
      expect(Math.abs(p.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
      expect(p.name.length).toBeLessThanOrEqual(100);
      expect(p.address).toContain('Brasil');
    }
  });
});
