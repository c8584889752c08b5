import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { Env } from '../env';
import { log } from '../log';
import { inlineScriptHashes, webContentSecurityPolicy, webSecurityHeaders } from './security-headers';

/**
 * Serves the built web app (web/dist) on WEB_PORT with SPA fallback, plus /config.js carrying the backend URL and
 * the map tile template (so one build works for any BACKEND_URL / MAP_TILE_URL). Every answer carries the security headers (CSP computed from the built
 * index.html); a malformed or NUL path is 400, a path outside the build 404, never a 500 or a stack trace.
 */
export function webFetchHandler(env: Env) {
  const root = normalize(env.webDist);
  const configJs = `window.__APP_CONFIG__ = ${JSON.stringify({
    backendUrl: env.backendUrl,
    mapTileUrl: env.mapTileUrl,
    mapTileAttribution: env.mapTileAttribution,
  })};`;
  let headers: Record<string, string> | undefined;
  const securityHeaders = () => {
    if (!headers) {
      const index = join(root, 'index.html');
      const hashes = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
      headers = webSecurityHeaders(webContentSecurityPolicy(env.backendUrl, hashes, env.mapTileUrl));
    }
    return headers;
  };
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { ...securityHeaders(), 'content-type': 'text/plain; charset=utf-8' } });

  const serve = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname === '/config.js') {
      return new Response(configJs, {
        headers: {
          ...securityHeaders(),
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
        },
      });
    }
    if (!existsSync(join(root, 'index.html'))) {
      headers = undefined;
      return text('Web app not built. Run `bun run build:web`.', 503);
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return text('Bad request', 400);
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return text('Bad request', 400);
    const path = normalize(decoded);
    const file = join(root, path);
    if (file !== root && !file.startsWith(root + sep)) return text('Not found', 404);
    if (path !== '/' && !path.endsWith('/')) {
      const f = Bun.file(file);
      if (await f.exists()) {
        const immutable = path.startsWith('/assets/');
        return new Response(f, {
          headers: {
            ...securityHeaders(),
            ...(immutable ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}),
          },
        });
      }
      // a missing asset is a 404, not the SPA shell
      if (/\.[a-z0-9]+$/i.test(path)) return text('Not found', 404);
    }
    return new Response(Bun.file(join(root, 'index.html')), {
      headers: { ...securityHeaders(), 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    });
  };

  return async (req: Request): Promise<Response> => {
    try {
      return await serve(req);
    } catch (err) {
      // never Bun's development error page (it shows the stack)
      log.error({ err, url: req.url }, 'web file server error');
      return text('Internal error', 500);
    }
  };
}
