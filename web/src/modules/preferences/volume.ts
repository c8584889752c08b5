import { readStorage, STORAGE_KEYS } from '../../lib/storage';

/** Spec 1 §9: the preferences slider starts at 30; notifications use 50 when the user has no value. */
export const PREFERENCES_DEFAULT_VOLUME = 30;
export const NOTIFICATION_DEFAULT_VOLUME = 50;

export function clampVolume(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  if (!Number.isFinite(n)) return null;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** The volume saved by the Preferences dialog, if any. */
export function storedVolume(): number | null {
  return clampVolume(readStorage(STORAGE_KEYS.volume));
}

/** Notification sound volume 0–100 (the tickets area plays sounds at this level): preference, user, else 50. */
export function notificationVolume(userVolume?: number | null): number {
  return storedVolume() ?? clampVolume(userVolume) ?? NOTIFICATION_DEFAULT_VOLUME;
}
