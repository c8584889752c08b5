import { describe, expect, test } from 'bun:test';
import { formatCoordinates, TILE_SIZE, tilesAround, tileUrl, worldPixel } from './map-tiles';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('map tiles', () => {
  test('world pixel of known points', () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    // the OSM wiki's slippy-map formula: xtile = n·(lon+180)/360, ytile = n·(1 − asinh(tan φ)/π)/2
    const n = 2 ** 15;
    const phi = (-23.5505 * Math.PI) / 180;
    const sp = worldPixel(-23.5505, -46.6333, 15);
    expect(sp.x / TILE_SIZE).toBeCloseTo((n * (-46.6333 + 180)) / 360, 6);
    expect(sp.y / TILE_SIZE).toBeCloseTo((n * (1 - Math.asinh(Math.tan(phi)) / Math.PI)) / 2, 6);
    expect(Math.floor(sp.x / TILE_SIZE)).toBe(12139);
  });

  test('the tiles cover the box and the point is at its centre', () => {
    const w = 256;
    const h = 176;
    const tiles = tilesAround(-23.5505, -46.6333, 15, w, h, OSM);
    expect(tiles.length).toBeGreaterThanOrEqual(1);
    expect(tiles.length).toBeLessThanOrEqual(4);
    for (const t of tiles) expect(t.url).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
    // every pixel of the box is inside some tile
    for (const [x, y] of [
      [0, 0],
      [w - 1, 0],
      [0, h - 1],
      [w - 1, h - 1],
      [w / 2, h / 2],
    ]) {
      expect(tiles.some((t) => x >= t.left && x < t.left + TILE_SIZE && y >= t.top && y < t.top + TILE_SIZE)).toBe(
        true,
      );
    }
  });

  test('the antimeridian wraps and the poles clip', () => {
    const tiles = tilesAround(0, 179.999, 2, 256, 176, OSM);
    expect(tiles.map((t) => t.url.split('/')[4]).sort()).toContain('0');
    expect(tilesAround(89.9, 0, 1, 256, 176, OSM).every((t) => !t.url.includes('/-'))).toBe(true);
  });

  test('a configured template (MAP_TILE_URL) with {s} subdomains', () => {
    expect(tileUrl('https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png', 3, 4, 5)).toBe(
      'https://a.tiles.example.org/3/4/5.png',
    );
    const tiles = tilesAround(-23.5505, -46.6333, 15, 256, 176, 'http://localhost:9000/t/{z}/{x}/{y}.png');
    for (const t of tiles) expect(t.url).toMatch(/^http:\/\/localhost:9000\/t\/15\/\d+\/\d+\.png$/);
  });

  test('coordinates text', () => {
    expect(formatCoordinates(-23.5505, -46.6333)).toBe('-23.55050, -46.63330');
  });
});
