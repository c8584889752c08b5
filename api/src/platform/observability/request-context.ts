import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../http/context';
import { log } from '../log';
import { observeHttp } from './metrics';
import { type RequestStore, requestStore } from './request-store';

/** an incoming X-Request-Id is kept when it is this sane (a proxy's or client's id); else one is made */
const SANE_ID = /^[A-Za-z0-9._:@=+/-]{8,128}$/;

/** the route pattern for the metrics label: unmatched paths collapse to one value (bounded cardinality) */
function routeLabel(pattern: string): string {
  return !pattern || pattern === '*' || pattern === '/*' ? 'unmatched' : pattern;
}

/** requests not worth an access line: probes and the scrape itself */
const QUIET = new Set(['/health', '/health/ready', '/health/live', '/metrics']);

/**
 * The first middleware of the app (issue 22): a request id (a sane incoming `X-Request-Id`, else a new UUID) echoed
 * in the `X-Request-Id` answer header and set as `requestId`; every log line written while the request runs carries
 * it (and the company once the session is known); at the end one access line (level by status) and the latency
 * histogram of /metrics, labelled by the route PATTERN (`/tickets/:id`), never the raw path.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    const store: RequestStore = { requestId };
    await requestStore.run(store, async () => {
      try {
        await next();
      } finally {
        // a handler's own Response (a stream, a file) did not get the prepared header
        if (!c.res.headers.has('X-Request-Id')) {
          try {
            c.res.headers.set('X-Request-Id', requestId);
          } catch {
            // immutable headers (a proxied response): the id is still in the logs
          }
        }
        const ctx = c.get('ctx') as { companyId?: number } | undefined;
        if (ctx?.companyId !== undefined) store.companyId = ctx.companyId;
        const status = c.res.status;
        const seconds = (performance.now() - started) / 1000;
        const route = routeLabel(routePath(c));
        observeHttp(route, c.req.method, status, seconds);
        if (!QUIET.has(c.req.path)) {
          const line = {
            requestId,
            ...(store.companyId !== undefined ? { companyId: store.companyId } : {}),
            method: c.req.method,
            route,
            status,
            latencyMs: Math.round(seconds * 10_000) / 10,
          };
          if (status >= 500) log.error(line, 'request');
          else log.info(line, 'request');
        }
      }
    });
  };
}
