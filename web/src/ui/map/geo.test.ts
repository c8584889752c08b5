import { describe, expect, test } from 'bun:test';
import { boundsOf, DEFAULT_CENTER, nextTileStatus, normalizeLatLng, parseCoordinate, validLatLng } from './geo';

describe('map geography', () => {
  test('the default centre is a valid point in Brazil', () => {
    expect(validLatLng(DEFAULT_CENTER.lat, DEFAULT_CENTER.lng)).toBe(true);
    expect(DEFAULT_CENTER.lat).toBeLessThan(0);
  });

  test('valid coordinates', () => {
    expect(validLatLng(0, 0)).toBe(true);
    expect(validLatLng(-90, 180)).toBe(true);
    for (const [a, b] of [
      [91, 0],
      [0, -181],
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
      ['1', 2],
      [null, 2],
    ]) {
      expect(validLatLng(a, b)).toBe(false);
    }
  });

  test('a click on a wrapped world comes back in range, rounded', () => {
    expect(normalizeLatLng({ lat: -23.1234567, lng: 190 })).toEqual({ lat: -23.123457, lng: -170 });
    expect(normalizeLatLng({ lat: 10, lng: -540 })).toEqual({ lat: 10, lng: -180 });
    expect(normalizeLatLng({ lat: 95, lng: 0 })).toEqual({ lat: 90, lng: 0 });
    for (let i = 0; i < 500; i++) {
      const p = normalizeLatLng({ lat: (Math.random() - 0.5) * 400, lng: (Math.random() - 0.5) * 2000 });
      expect(validLatLng(p.lat, p.lng)).toBe(true);
    }
  });

  test('typed coordinates accept a decimal comma and refuse out of range', () => {
    expect(parseCoordinate(' -23,5505 ', 'lat')).toBe(-23.5505);
    expect(parseCoordinate('-46.6333', 'lng')).toBe(-46.6333);
    expect(parseCoordinate('120', 'lng')).toBe(120);
    expect(parseCoordinate('120', 'lat')).toBeNull();
    expect(parseCoordinate('181', 'lng')).toBeNull();
    for (const bad of ['', 'abc', '1e3', '--1', '12.3.4', '0x10']) expect(parseCoordinate(bad, 'lat')).toBeNull();
  });

  test('bounds of points skip invalid ones', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { lat: -23, lng: -46 },
        { lat: -22, lng: -43 },
        { lat: Number.NaN, lng: 0 },
      ]),
    ).toEqual([
      [-23, -46],
      [-22, -43],
    ]);
  });

  test('tile status: a failure before any tile loaded is offline; a loaded tile wins', () => {
    expect(nextTileStatus('loading', 'error')).toBe('offline');
    expect(nextTileStatus('loading', 'timeout')).toBe('offline');
    expect(nextTileStatus('loading', 'load')).toBe('ok');
    expect(nextTileStatus('ok', 'error')).toBe('ok');
    expect(nextTileStatus('offline', 'load')).toBe('ok');
  });
});
