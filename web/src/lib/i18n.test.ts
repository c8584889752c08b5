import { describe, expect, test } from 'bun:test';
import { detectLocale, isAppLocale } from './i18n';

describe('detectLocale', () => {
  test('a saved choice wins', () => {
    expect(detectLocale('es', ['pt-BR'])).toBe('es');
  });
  test('browser languages map to our catalogs', () => {
    expect(detectLocale(null, ['pt-PT'])).toBe('pt-BR');
    expect(detectLocale(null, ['pt'])).toBe('pt-BR');
    expect(detectLocale(null, ['es-AR', 'en'])).toBe('es');
    expect(detectLocale(null, ['fr-FR', 'en-GB'])).toBe('en');
  });
  test('fallback is English (spec 1 §1); an invalid saved value is ignored', () => {
    expect(detectLocale(null, ['de-DE'])).toBe('en');
    expect(detectLocale('xx', [])).toBe('en');
    expect(isAppLocale('pt-BR')).toBe(true);
    expect(isAppLocale('pt')).toBe(false);
  });
});
