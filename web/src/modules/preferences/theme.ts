import { readStorage, STORAGE_KEYS } from '../../lib/storage';
import { DEFAULT_THEME, isThemeName, type ThemeName } from './themes';

/** The saved theme (index.html applies it to <html data-theme> before React renders). */
export function storedTheme(): ThemeName {
  const t = readStorage(STORAGE_KEYS.theme);
  return isThemeName(t) ? t : DEFAULT_THEME;
}
