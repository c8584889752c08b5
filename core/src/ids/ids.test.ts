import { describe, expect, test } from 'bun:test';
import { coercedId, ID_MAX, isDbId } from './ids';

describe('ids', () => {
  test('isDbId: positive int4 only', () => {
    expect(isDbId(1)).toBe(true);
    expect(isDbId(ID_MAX)).toBe(true);
    for (const n of [0, -1, 1.5, ID_MAX + 1, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isDbId(n)).toBe(false);
    }
  });

  test('coercedId: numeric text up to int4, the given text otherwise', () => {
    const s = coercedId('Id inválido');
    expect(s.parse('42')).toBe(42);
    expect(s.parse(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of ['2147483648', '99999999999999999999', 'abc', '-1', '0', '1.5', '']) {
      const r = s.safeParse(bad);
      expect(r.success).toBe(false);
      if (!r.success) expect(r.error.issues[0].message).toBe('Id inválido');
    }
  });
});
