import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../app';
import { loadEnv, parseTileTemplate } from '../env';
import { tileImgSource, webContentSecurityPolicy } from './security-headers';
import { webFetchHandler } from './web-static';

/** Issue 12 point 18: security headers on both origins; the file server never answers 500 or a stack trace. */
const THEME = "(() => { document.documentElement.setAttribute('data-theme', 'x'); })();";
let dist: string;
let server: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script>${THEME}</script><script src="/config.js"></script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  const env = loadEnv({
    NODE_ENV: 'development',
    JWT_SECRET: 'k3J9xq2LmP0vR7tY1wZ5bN8cD4fG6hJ2sA9eQ',
    JWT_REFRESH_SECRET: 'Zp4Lw8Qe2Rt6Yu1Io5Pa9Sd3Fg7Hj0Kl2Xc6V',
    WEB_DIST: dist,
    BACKEND_URL: 'http://api.example.test:8080',
    DATA_DIR: join(dist, 'data'),
  });
  // development: true is where Bun would print a stack trace for a thrown error
  server = Bun.serve({ port: 0, development: true, fetch: webFetchHandler(env) });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => {
  server.stop(true);
  rmSync(dist, { recursive: true, force: true });
});

describe('web file server', () => {
  test('malformed or NUL paths → 400; outside the build → 404; never 500, never a stack', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/assets/%00.js', '/%00', '/a%5C..%5C..%5Cetc%5Cpasswd']) {
      const res = await fetch(base + path);
      expect(res.status).toBe(400);
      const body = await res.text();
      expect(body).not.toMatch(/at .*\.ts|Error|stack/i);
    }
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    const traversal = await fetch(`${base}/assets/%2e%2e/%2e%2e/%2e%2e/etc/hostname.txt`);
    expect(traversal.status).toBe(404);
  });

  test('every answer carries the CSP (inline theme script by hash, API origin for data), nosniff, no framing', async () => {
    const hash = createHash('sha256').update(THEME).digest('base64');
    for (const path of ['/', '/tickets/3', '/assets/app.js', '/config.js', '/%E0%A4%A']) {
      const res = await fetch(base + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(csp).toContain("connect-src 'self' http://api.example.test:8080");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('map tiles (issue 18)', () => {
  test('/config.js carries the tile template and attribution; the CSP allows the tile origin as img-src', async () => {
    const js = await (await fetch(`${base}/config.js`)).text();
    expect(js).toContain('"mapTileUrl":"https://tile.openstreetmap.org/{z}/{x}/{y}.png"');
    expect(js).toContain('OpenStreetMap');
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  });

  test('MAP_TILE_URL: a configured template reaches the CSP ({s} → *); a bad one refuses to start', () => {
    expect(tileImgSource('https://{s}.tiles.example.org/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org');
    expect(tileImgSource('http://localhost:9000/t/{z}/{x}/{y}.png')).toBe('http://localhost:9000');
    expect(tileImgSource('javascript:alert(1)')).toBe('');
    const csp = webContentSecurityPolicy('http://api.test', [], 'https://maps.example.com/{z}/{x}/{y}.png');
    expect(csp).toMatch(/img-src [^;]*https:\/\/maps\.example\.com/);
    expect(csp).not.toContain('tile.openstreetmap.org');
    expect(parseTileTemplate(undefined)).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    for (const bad of [
      'ftp://x/{z}/{x}/{y}',
      'https://x.org/tile.png',
      "https://x.org/{z}/{x}/{y}.png'; script-src *",
    ]) {
      expect(() => parseTileTemplate(bad)).toThrow(/MAP_TILE_URL/);
    }
  });
});

describe('API origin', () => {
  test('JSON answers (ok, 404, 401) carry nosniff, no-referrer and frame-ancestors none', async () => {
    const app = createApp({ corsOrigins: [] });
    for (const path of ['/health', '/nope', '/users/list']) {
      const res = await app.request(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
