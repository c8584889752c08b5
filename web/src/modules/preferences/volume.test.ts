import { afterEach, describe, expect, test } from 'bun:test';
import { clampVolume, notificationVolume, storedVolume } from './volume';

const mem = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (k: string) => mem.get(k) ?? null,
  setItem: (k: string, v: string) => void mem.set(k, v),
  removeItem: (k: string) => void mem.delete(k),
  clear: () => mem.clear(),
  key: (i: number) => [...mem.keys()][i] ?? null,
  get length() {
    return mem.size;
  },
} as Storage;

afterEach(() => localStorage.clear());

describe('volume (spec 1 §9)', () => {
  test('clamp to 0–100 integers; garbage is null', () => {
    expect(clampVolume('70')).toBe(70);
    expect(clampVolume(130)).toBe(100);
    expect(clampVolume(-5)).toBe(0);
    expect(clampVolume(33.6)).toBe(34);
    expect(clampVolume('abc')).toBeNull();
    expect(clampVolume('')).toBeNull();
    expect(clampVolume(null)).toBeNull();
  });

  test('notifications: preference, else the user value, else 50', () => {
    expect(notificationVolume(undefined)).toBe(50);
    expect(notificationVolume(20)).toBe(20);
    localStorage.setItem('volume', '80');
    expect(storedVolume()).toBe(80);
    expect(notificationVolume(20)).toBe(80);
  });
});
