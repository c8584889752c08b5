import { DomainError } from '@zapdesk/core';
import { createMiddleware } from 'hono/factory';
import { loadActorRow, userCtxOf } from '../auth/actor';
import { verifyAccessToken } from '../auth/tokens';
import { platform } from '../index';
import type { AppEnv } from './context';
import { errorBody } from './errors';
import { registerHandlerMeta } from './route-docs';

export function bearerToken(req: Request, allowQuery: boolean): string | undefined {
  const h = req.headers.get('authorization');
  if (h?.toLowerCase().startsWith('bearer ')) return h.slice(7).trim() || undefined;
  if (allowQuery) {
    const q = new URL(req.url).searchParams.get('token');
    if (q) return q;
  }
  return undefined;
}

/**
 * 403 ERR_SESSION_EXPIRED for an expired or superseded access token (its tokenVersion is older than the user's):
 * the client refreshes once and retries — a session whose refresh family was kept (the one that changed its own
 * password) carries on, a revoked one gets 401 from the refresh and logs out. 401 for no valid session.
 */
const authenticate = (queryToken: boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.raw, queryToken && c.req.method === 'GET');
    if (!token) return c.json(errorBody('ERR_UNAUTHORIZED'), 401);
    const v = await verifyAccessToken(platform().env, token);
    if (v.kind === 'expired') return c.json(errorBody('ERR_SESSION_EXPIRED'), 403);
    if (v.kind === 'invalid') return c.json(errorBody('ERR_UNAUTHORIZED'), 401);
    const row = await loadActorRow(v.claims.sub);
    if (!row || row.user.companyId !== v.claims.companyId) return c.json(errorBody('ERR_UNAUTHORIZED'), 401);
    if (row.user.tokenVersion !== v.claims.tv) return c.json(errorBody('ERR_SESSION_EXPIRED'), 403);
    if (!row.company.status && !row.user.master) throw new DomainError('ERR_COMPANY_INACTIVE');
    const ctx = userCtxOf(row);
    c.set('ctx', v.claims.fam ? { ...ctx, sessionFamily: v.claims.fam } : ctx);
    await next();
  });

/** Every route: the `Authorization: Bearer` header only — a token in a URL leaks into logs, history and Referer. */
export const requireAuth = registerHandlerMeta(authenticate(false), { kind: 'auth', security: 'session' });

/**
 * `GET /events` and `GET /media/{id}` only: the header, or `?token=` for what a browser loads without headers
 * (EventSource, <img>/<audio>/<a> of media and the company logo).
 */
export const requireAuthOrQueryToken = registerHandlerMeta(authenticate(true), { kind: 'auth', security: 'session' });
