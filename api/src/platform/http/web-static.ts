import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Env } from '../env';

/**
 * Serves the built web app (web/dist) on WEB_PORT with SPA fallback, plus /config.js carrying the backend URL
 * (so one build works for any BACKEND_URL).
 */
export function webFetchHandler(env: Env) {
  const root = env.webDist;
  const configJs = `window.__APP_CONFIG__ = ${JSON.stringify({ backendUrl: env.backendUrl })};`;
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname === '/config.js') {
      return new Response(configJs, {
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    if (!existsSync(join(root, 'index.html'))) {
      return new Response('Web app not built. Run `bun run build:web`.', { status: 503 });
    }
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path !== '/' && !path.endsWith('/')) {
      const file = Bun.file(join(root, path));
      if (await file.exists()) {
        const immutable = path.startsWith('/assets/');
        return new Response(file, {
          headers: immutable ? { 'cache-control': 'public, max-age=31536000, immutable' } : {},
        });
      }
      // a missing asset is a 404, not the SPA shell
      if (/\.[a-z0-9]+$/i.test(path)) return new Response('Not found', { status: 404 });
    }
    return new Response(Bun.file(join(root, 'index.html')), {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    });
  };
}
