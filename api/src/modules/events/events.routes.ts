import { ticketViewerOf } from '@zapdesk/core';
import { Hono } from 'hono';
import { decode } from 'hono/jwt';
import { z } from 'zod';
import { sseHub } from '../../platform/events/sse';
import { bearerToken, requireAuthOrQueryToken } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { validate } from '../../platform/http/validate';

/** `token` is read by requireAuth; `lastEventId` is how our client resumes after it had to reopen the stream. */
const EventsQuery = z.object({
  token: z.string().optional(),
  lastEventId: z.string().max(100).optional(),
});

/** concurrent `GET /events` streams of one user in one API process */
export const MAX_STREAMS_PER_USER = 12;
const STREAMS_TEXT = 'Muitas abas abertas com atualização ao vivo. Feche algumas e recarregue a página.';

type BunServerLike = { timeout?: (req: Request, seconds: number) => void };

/** expiry (ms) of the access token requireAuth has just verified: the stream ends before it (event `reauth`) */
function tokenExpiresAt(req: Request): number | undefined {
  const token = bearerToken(req, true);
  if (!token) return undefined;
  const exp = decode(token).payload.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/**
 * GET /events — the one realtime stream (text/event-stream). Each SSE `event` is the spec's channel name and its
 * `data` the JSON payload with the spec's `action`. Auth: Bearer header or `?token=` (EventSource can't send headers).
 * The stream lives as long as that token: shortly before it expires the server sends `reauth` and ends the stream.
 */
export const eventsRoutes = new Hono<AppEnv>().get(
  '/events',
  requireAuthOrQueryToken,
  validate('query', EventsQuery),
  (c) => {
    const ctx = c.get('ctx');
    // a bounded number of streams per user (one per open tab): a leaked or looping client cannot hold the sockets
    if (sseHub().userStreamCount(ctx.companyId, ctx.user.id) >= MAX_STREAMS_PER_USER) {
      return c.json(errorBody('ERR_TOO_MANY_REQUESTS', STREAMS_TEXT), 429);
    }
    // the browser's own reconnect sends the header; ours sends the query parameter
    const lastEventId = c.req.header('last-event-id')?.trim() || c.req.valid('query').lastEventId?.trim() || undefined;
    // under Bun.serve the server is c.env: a stream must not hit the idle timeout (heartbeats keep proxies happy)
    (c.env as BunServerLike | undefined)?.timeout?.(c.req.raw, 0);
    const body = sseHub().connect(
      {
        companyId: ctx.companyId,
        userId: ctx.user.id,
        isAdmin: ctx.user.profile === 'admin',
        // ticket events reach this stream only for tickets the user may see (core's rule, as GET /tickets/{id})
        tickets: ticketViewerOf(ctx),
        expiresAt: tokenExpiresAt(c.req.raw),
      },
      { lastEventId, signal: c.req.raw.signal },
    );
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx: don't buffer the stream
        'x-accel-buffering': 'no',
      },
    });
  },
);
