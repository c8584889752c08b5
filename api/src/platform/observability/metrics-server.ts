import type { Env } from '../env';
import type { Platform } from '../index';
import { log } from '../log';
import { metricsAccess, metricsText } from './metrics';

/**
 * A worker process has no HTTP API: with METRICS_TOKEN set it serves its own `GET /metrics` on METRICS_PORT
 * (default 9464), same token rules as the API's route. Answers whether it started.
 */
export function startWorkerMetricsServer(env: Env, p: Platform): boolean {
  if (!env.metricsToken) return false;
  const token = env.metricsToken;
  const server = Bun.serve({
    port: env.metricsPort,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== 'GET' || url.pathname !== '/metrics') return new Response('not found', { status: 404 });
      const access = metricsAccess(
        token,
        req.headers.get('authorization') ?? undefined,
        url.searchParams.get('token') ?? undefined,
      );
      if (access !== 'ok') {
        return new Response('unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
      }
      const { body, contentType } = await metricsText();
      return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
    },
  });
  p.onShutdown.push(() => server.stop(true));
  log.info({ port: server.port }, 'worker metrics served on /metrics');
  return true;
}
