import { LOCATION_MAP } from '@zapdesk/core';

/**
 * Pure geography of the maps (no Leaflet here): the default centre, coordinate checks and parsing, the bounds of a
 * set of points, and the tile status a map shows (tiles loading, loaded, or unreachable → offline fallback).
 */
export type LatLng = { lat: number; lng: number };

/**
 * Spec 2 §9: the location editor opens on fixed coordinates at zoom 13 (values not shown in the spec: core's
 * LOCATION_MAP, the Praça da Sé, São Paulo's marco zero). Cards use zoom 15 (spec 2 §2).
 */
export const DEFAULT_CENTER: LatLng = {
  lat: LOCATION_MAP.defaultCenter.latitude,
  lng: LOCATION_MAP.defaultCenter.longitude,
};
export const EDITOR_ZOOM: number = LOCATION_MAP.editorZoom;
export const CARD_ZOOM: number = LOCATION_MAP.cardZoom;
/** the zoom a picked search result or a dropped marker is shown at */
export const PICKED_ZOOM = 16;

export function validLatLng(lat: unknown, lng: unknown): boolean {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/** A point clicked on a wrapped world (lng 190 → -170) rounded to 6 decimals (≈ 0.1 m). */
export function normalizeLatLng(p: LatLng): LatLng {
  const lng = ((((p.lng + 180) % 360) + 360) % 360) - 180;
  const lat = Math.max(-90, Math.min(90, p.lat));
  return { lat: round6(lat), lng: round6(lng) };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6 || 0;

/**
 * A coordinate typed by a person: '-23.55' or '-23,55' (Brazilian decimal comma). null when it is not a number in
 * range (latitude ±90, longitude ±180).
 */
export function parseCoordinate(text: string, axis: 'lat' | 'lng'): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^[-+]?\d{1,3}(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  const max = axis === 'lat' ? 90 : 180;
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

/** [[south, west], [north, east]] of the points; null for none. One point: a degenerate box (the caller zooms). */
export function boundsOf(points: readonly LatLng[]): [[number, number], [number, number]] | null {
  const ok = points.filter((p) => validLatLng(p.lat, p.lng));
  if (!ok.length) return null;
  let s = 90;
  let w = 180;
  let n = -90;
  let e = -180;
  for (const p of ok) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  return [
    [s, w],
    [n, e],
  ];
}

/**
 * What the map shows of its tiles: 'loading' until the first tile, 'ok' once one loaded, 'offline' when a tile
 * failed (or none came in time) and none has loaded: the marker and coordinates on a neutral background.
 */
export type TileStatus = 'loading' | 'ok' | 'offline';
export type TileEvent = 'load' | 'error' | 'timeout';

export function nextTileStatus(status: TileStatus, event: TileEvent): TileStatus {
  if (event === 'load') return 'ok';
  if (status === 'ok') return 'ok';
  return 'offline';
}
