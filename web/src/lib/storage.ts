/**
 * Every localStorage key the shell owns, in one place. Spec 1 §4: local storage holds the token, the theme and the
 * per-ticket drafts (the tickets area owns `draft:<ticketId>`); logout clears all of it.
 */
export const STORAGE_KEYS = {
  token: 'token',
  theme: 'theme',
  /** legacy: the old browser-only volume, moved to the user's server value once (preferences/volume) */
  volume: 'volume',
  language: 'language',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode / quota: the app keeps working with in-memory state
  }
}

export function clearStorage(): void {
  try {
    localStorage.clear();
  } catch {
    // nothing to clear
  }
}
