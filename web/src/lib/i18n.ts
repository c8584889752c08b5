import { i18n } from '@lingui/core';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** pt-BR is the source (the spec's texts); English is the fallback; Spanish is the third catalog. */
export const LOCALES = ['pt-BR', 'en', 'es'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: AppLocale = 'en';

/** Native names, so each language is recognisable whatever the current one is. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  'pt-BR': 'Português (Brasil)',
  en: 'English',
  es: 'Español',
};

const catalogs: Record<AppLocale, () => Promise<{ messages: Record<string, any> }>> = {
  'pt-BR': () => import('../locales/pt-BR/messages.po'),
  en: () => import('../locales/en/messages.po'),
  es: () => import('../locales/es/messages.po'),
};

export function isAppLocale(v: unknown): v is AppLocale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

/** Saved choice, else the first browser language we have (pt* → pt-BR, es* → es, en* → en), else English. */
export function detectLocale(saved: string | null, browser: readonly string[]): AppLocale {
  if (isAppLocale(saved)) return saved;
  for (const lang of browser) {
    const l = lang.toLowerCase();
    if (l.startsWith('pt')) return 'pt-BR';
    if (l.startsWith('es')) return 'es';
    if (l.startsWith('en')) return 'en';
  }
  return FALLBACK_LOCALE;
}

export function currentLocale(): AppLocale {
  return isAppLocale(i18n.locale) ? i18n.locale : FALLBACK_LOCALE;
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export async function initI18n(): Promise<void> {
  const nav = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  await activateLocale(detectLocale(readStorage(STORAGE_KEYS.language), nav));
}

export function saveLocale(locale: AppLocale): void {
  writeStorage(STORAGE_KEYS.language, locale);
}
