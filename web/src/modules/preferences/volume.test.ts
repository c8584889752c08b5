import { afterEach, describe, expect, test } from 'bun:test';
import { clampVolume, migrateStoredVolume, notificationVolume } from './volume';

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

  test("notifications play at the user's (server) value, else 50 — a browser value never overrides it", () => {
    expect(notificationVolume(undefined)).toBe(50);
    expect(notificationVolume(20)).toBe(20);
    localStorage.setItem('volume', '80');
    expect(notificationVolume(20)).toBe(20);
  });
});

describe('the old browser volume moves to the server once (issue 12 point 8)', () => {
  test('a local value different from the user value is saved, then forgotten', async () => {
    localStorage.setItem('volume', '80');
    const saved: number[] = [];
    expect(await migrateStoredVolume(50, async (v) => void saved.push(v))).toBe(80);
    expect(saved).toEqual([80]);
    expect(localStorage.getItem('volume')).toBeNull();
    // a second start has nothing to move
    expect(await migrateStoredVolume(80, async (v) => void saved.push(v))).toBeNull();
    expect(saved).toEqual([80]);
  });

  test('nothing stored, the same value, or garbage: no save; the key goes', async () => {
    const saved: number[] = [];
    const save = async (v: number) => void saved.push(v);
    expect(await migrateStoredVolume(50, save)).toBeNull();
    localStorage.setItem('volume', '50');
    expect(await migrateStoredVolume(50, save)).toBeNull();
    localStorage.setItem('volume', 'abc');
    expect(await migrateStoredVolume(50, save)).toBeNull();
    expect(saved).toEqual([]);
    expect(localStorage.getItem('volume')).toBeNull();
  });

  test('a failed save keeps the local value for the next start', async () => {
    localStorage.setItem('volume', '10');
    await expect(
      migrateStoredVolume(50, async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(localStorage.getItem('volume')).toBe('10');
  });
});
