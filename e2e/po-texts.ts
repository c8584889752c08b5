import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pt-BR source texts of the given source folders whose en/es translation differs: what must NOT be on a screen
 * once the UI is switched to that language. Read from the catalogs (`#:` references), so a new string is checked
 * without editing the journey. Texts with placeholders are skipped (their literal form never appears).
 */
type Entry = { id: string; refs: string[]; str: string };

const LOCALES = join(import.meta.dirname ?? __dirname, '..', 'web', 'src', 'locales');

function parsePo(locale: string): Entry[] {
  const text = readFileSync(join(LOCALES, locale, 'messages.po'), 'utf8');
  const out: Entry[] = [];
  for (const block of text.split(/\n\n+/)) {
    const refs = [...block.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1].split(/\s+/));
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (id === undefined || str === undefined || id === '') continue;
    out.push({ id: unquotePo(id), refs, str: unquotePo(str) });
  }
  return out;
}

const unquotePo = (s: string) => s.replace(/\\"/g, '"').replace(/\\\\/g, '\\');

export function ptTextsToAvoid(locale: 'en' | 'es', folders: string[]): string[] {
  const translated = new Map(parsePo(locale).map((e) => [e.id, e.str]));
  return parsePo('pt-BR')
    .filter((e) => e.refs.some((r) => folders.some((f) => r.startsWith(f))))
    .filter((e) => !/[{}]/.test(e.id))
    .filter((e) => {
      const tr = translated.get(e.id);
      return tr !== undefined && tr !== '' && tr !== e.id;
    })
    .map((e) => e.id);
}

/** pt-BR texts of `folders` present in `screenText` (should be none after switching language). */
export function ptLeftovers(screenText: string, locale: 'en' | 'es', folders: string[]): string[] {
  const candidates = ptTextsToAvoid(locale, folders);
  const translated = new Map(parsePo(locale).map((e) => [e.id, e.str]));
  const allTranslations = [...translated.values()];
  // a pt text that is part of some translation (e.g. "Importar" inside Spanish "Importar contactos") proves nothing
  return candidates.filter((pt) => screenText.includes(pt) && !allTranslations.some((tr) => tr.includes(pt)));
}
