import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';

/**
 * What the OpenAPI documents (`GET /api/documents`, `GET /api/internalDocs`) read from the app's own routes, so the
 * documentation cannot drift from what runs:
 * - `validate(target, schema)` registers the very zod schema that validates the route (request schemas);
 * - the auth middlewares register the security they enforce (`session` for `requireAuth`);
 * - `describeRoute(doc)`, placed in the route's handler chain, adds the prose: summary, answers per status with
 *   their schemas, headers, an example (turned into curl and fetch samples). Routes with `audience: 'public'` form
 *   the public message API document.
 * Every entry is keyed by the handler function itself (Hono keeps it in `app.routes`), never by a path string.
 */

export type ValidationTarget = 'json' | 'form' | 'query' | 'param' | 'header' | 'cookie';

export type Security = 'session' | 'apiToken' | 'none';

export type HeaderDoc = { name: string; description: string; required?: boolean; example?: string };

export type AnswerDoc = {
  description: string;
  /** the answer's body (JSON) */
  schema?: ZodType;
  /** answer headers (e.g. Retry-After) */
  headers?: Record<string, { description: string; type: 'integer' | 'string' }>;
  /** an example body */
  example?: unknown;
};

export type RouteDoc = {
  /** `public`: part of the public message API (`/api/documents`); every route is in `/api/internalDocs` */
  audience: 'public' | 'internal';
  summary: string;
  description?: string;
  tags?: string[];
  /** who may call it; defaults to what the route's auth middleware registered */
  security?: Security;
  /**
   * Request bodies the route reads itself (when it picks JSON or multipart at run time and cannot use `validate`).
   * A `validate('json' | 'form', …)` in the chain wins: its schema is the one documented.
   */
  request?: { json?: ZodType; multipart?: ZodType };
  /** request headers the route reads (e.g. Idempotency-Key) */
  headers?: HeaderDoc[];
  /** the answers, by HTTP status */
  responses: Record<number, AnswerDoc>;
  /** a valid request: the curl and JavaScript samples are generated from it */
  example?: { json?: Record<string, unknown>; multipart?: Record<string, string | { file: string; type: string }> };
};

export type HandlerMeta =
  | { kind: 'validator'; target: ValidationTarget; schema: ZodType }
  | { kind: 'auth'; security: Security }
  | { kind: 'doc'; doc: RouteDoc };

const registry = new WeakMap<object, HandlerMeta>();

/** Marks a handler (a middleware of a route's chain) with what it tells the documentation. */
export function registerHandlerMeta<H extends object>(handler: H, meta: HandlerMeta): H {
  registry.set(handler, meta);
  return handler;
}

/** Hono wraps a sub-app's handler when that sub-app has its own error handler; the original is kept on it. */
const COMPOSED = '__COMPOSED_HANDLER';

export function handlerMeta(handler: unknown): HandlerMeta | undefined {
  if (typeof handler !== 'function') return undefined;
  const inner = (handler as unknown as Record<string, unknown>)[COMPOSED];
  return registry.get(handler) ?? (typeof inner === 'function' ? registry.get(inner) : undefined);
}

/** A pass-through middleware that carries the route's documentation (put it first in the chain). */
export function describeRoute(doc: RouteDoc): MiddlewareHandler {
  const mw: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  return registerHandlerMeta(mw, { kind: 'doc', doc });
}
