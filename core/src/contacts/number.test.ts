import { describe, expect, test } from 'bun:test';
import { canonicalBrazilianMobile, normalizeNumber, numberVariants } from './number';

describe('normalizeNumber', () => {
  test('keeps digits only', () => {
    expect(normalizeNumber('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(normalizeNumber('  1 (202) 555-0100 ')).toBe('12025550100');
  });
  test('takes the user part of a JID, without the device suffix', () => {
    expect(normalizeNumber('5511987654321@s.whatsapp.net')).toBe('5511987654321');
    expect(normalizeNumber('5511987654321:12@s.whatsapp.net')).toBe('5511987654321');
  });
  test('keeps leading zeros', () => {
    expect(normalizeNumber('000123456789')).toBe('000123456789');
  });
  test('adds the 9th digit to a legacy Brazilian mobile', () => {
    expect(normalizeNumber('553187654321')).toBe('5531987654321');
    expect(normalizeNumber('553187654321@s.whatsapp.net')).toBe('5531987654321');
  });
  test('leaves Brazilian landlines and 13-digit mobiles alone', () => {
    expect(normalizeNumber('551133334444')).toBe('551133334444');
    expect(normalizeNumber('5531987654321')).toBe('5531987654321');
  });
  test('empty and garbage give an empty string', () => {
    expect(normalizeNumber('')).toBe('');
    expect(normalizeNumber('abc')).toBe('');
  });
  test('is idempotent', () => {
    for (const n of ['553187654321', '+55 11 98765-4321', '12025550100', '000111']) {
      expect(normalizeNumber(normalizeNumber(n))).toBe(normalizeNumber(n));
    }
  });
});

describe('numberVariants', () => {
  test('Brazilian mobile: canonical and legacy spellings', () => {
    expect(numberVariants('553187654321')).toEqual(['5531987654321', '553187654321']);
    expect(numberVariants('5531987654321')).toEqual(['5531987654321', '553187654321']);
  });
  test('other numbers: one spelling', () => {
    expect(numberVariants('551133334444')).toEqual(['551133334444']);
    expect(numberVariants('12025550100')).toEqual(['12025550100']);
  });
  test('canonicalBrazilianMobile only touches 12-digit 55 mobiles', () => {
    expect(canonicalBrazilianMobile('441187654321')).toBe('441187654321');
  });
});
