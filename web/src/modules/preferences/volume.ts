import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * Spec 1 §9: notifications use 50 when the user has no value; the preferences slider "defaults to 30". The volume is
 * ONE value, the user's (`volume`, saved on the server, default 50): the Preferences dialog and the profile both edit
 * it, so the slider shows the user's value and its 30 only applies to a user without one (see docs/DECISIONS.md).
 */
export const PREFERENCES_DEFAULT_VOLUME = 30;
export const NOTIFICATION_DEFAULT_VOLUME = 50;

export function clampVolume(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  if (!Number.isFinite(n)) return null;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** Notification sound volume 0–100: the user's saved value, else 50. */
export function notificationVolume(userVolume?: number | null): number {
  return clampVolume(userVolume) ?? NOTIFICATION_DEFAULT_VOLUME;
}

/**
 * Earlier versions kept the Preferences volume in this browser (`localStorage.volume`) and played sounds at it,
 * whatever the profile said. Once per browser: that value — the one the user actually heard — becomes the user's
 * server value, then the local copy is forgotten. Kept when the save fails, to try again at the next start.
 * Resolves the migrated volume, or null when there was nothing to move.
 */
export async function migrateStoredVolume(
  userVolume: number,
  save: (volume: number) => Promise<void>,
): Promise<number | null> {
  const raw = readStorage(STORAGE_KEYS.volume);
  if (raw === null) return null;
  const local = clampVolume(raw);
  if (local === null || local === userVolume) {
    writeStorage(STORAGE_KEYS.volume, null);
    return null;
  }
  await save(local);
  writeStorage(STORAGE_KEYS.volume, null);
  return local;
}
