/**
 * The seven colour themes of spec 1 §2 (Preferences dialog). Each has five colour slots (primary to quinary), mapped
 * onto daisyUI's primary, secondary, accent, neutral and info. The CSS themes in `styles.css` carry the same values
 * (themes.test.ts keeps them in sync).
 */
export const THEME_NAMES = [
  'defaultTheme',
  'floresta',
  'frutasvermelhas',
  'noturnoorange',
  'ceuazul',
  'dracula',
  'claro',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

export type ThemePalette = {
  scheme: 'light' | 'dark';
  /** primary, secondary, tertiary (accent), quaternary (neutral), quinary (info) */
  slots: readonly [string, string, string, string, string];
};

export const THEMES: Record<ThemeName, ThemePalette> = {
  defaultTheme: { scheme: 'light', slots: ['#272b53', '#4a5499', '#25d366', '#2b2f3a', '#0ea5e9'] },
  floresta: { scheme: 'light', slots: ['#1f5f3b', '#3f8f5a', '#a3c75b', '#26332b', '#2a9d8f'] },
  frutasvermelhas: { scheme: 'light', slots: ['#8c1c3c', '#c2185b', '#f28b82', '#3a2229', '#7e57c2'] },
  noturnoorange: { scheme: 'dark', slots: ['#f97316', '#ea580c', '#facc15', '#2a2f3a', '#38bdf8'] },
  ceuazul: { scheme: 'light', slots: ['#0369a1', '#0ea5e9', '#67e8f9', '#1e293b', '#6366f1'] },
  dracula: { scheme: 'dark', slots: ['#bd93f9', '#ff79c6', '#50fa7b', '#44475a', '#8be9fd'] },
  claro: { scheme: 'light', slots: ['#2563eb', '#64748b', '#14b8a6', '#334155', '#0891b2'] },
};

export const DEFAULT_THEME: ThemeName = 'defaultTheme';

export function isThemeName(v: unknown): v is ThemeName {
  return typeof v === 'string' && (THEME_NAMES as readonly string[]).includes(v);
}
