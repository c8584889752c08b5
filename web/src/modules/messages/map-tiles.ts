/**
 * The tiles of a small map centred on a point (Web Mercator, 256 px tiles) from the configured tile template
 * (`mapTiles()`: MAP_TILE_URL, OpenStreetMap by default). Plain <img> tiles, no map library and no CDN script: when
 * the tile server is unreachable the bubble falls back to the pin and coordinates.
 */
export const TILE_SIZE = 256;
const SUBDOMAINS = ['a', 'b', 'c'];
const MAX_LAT = 85.05112878;

export type Tile = { key: string; url: string; left: number; top: number };

/** World pixel of a coordinate at a zoom level. */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * scale,
  };
}

/** Tiles covering a width×height box whose centre is the point; positions relative to the box's top-left. */
/** A tile's URL from a Leaflet template ({z}/{x}/{y}, {s} → a, b or c by position, {r} → ''). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{s}', SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length])
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

export function tilesAround(
  lat: number,
  lng: number,
  zoom: number,
  width: number,
  height: number,
  template: string,
): Tile[] {
  const n = 2 ** zoom;
  const c = worldPixel(lat, lng, zoom);
  const x0 = c.x - width / 2;
  const y0 = c.y - height / 2;
  const tiles: Tile[] = [];
  for (let ty = Math.floor(y0 / TILE_SIZE); ty * TILE_SIZE < y0 + height; ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(x0 / TILE_SIZE); tx * TILE_SIZE < x0 + width; tx++) {
      const wx = ((tx % n) + n) % n; // the antimeridian wraps
      tiles.push({
        key: `${tx}/${ty}`,
        url: tileUrl(template, zoom, wx, ty),
        left: Math.round(tx * TILE_SIZE - x0),
        top: Math.round(ty * TILE_SIZE - y0),
      });
    }
  }
  return tiles;
}

/** '-23.55052, -46.63331' (5 decimals ≈ 1 m), the same in every language. */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
