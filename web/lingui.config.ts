import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * pt-BR is the source locale: message ids are the spec's Portuguese texts. English is the fallback.
 * No line numbers in the catalogs: several areas edit them in parallel and line refs would conflict on every change.
 */
export default defineConfig({
  sourceLocale: 'pt-BR',
  locales: ['pt-BR', 'en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
    },
  ],
});
