import { DomainError, ERROR_TEXT, type ErrorCode } from '@zapdesk/core';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { log } from '../log';
import { isUnavailableError, rootMessage } from '../unavailable';

/**
 * Texts of a request body that cannot be read (any route): Portuguese like every refusal, never the framework's
 * English ("Malformed JSON in request body"). Code `ERR_VALIDATION`, 400.
 */
export const BODY_TEXT = {
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  notJson: 'Envie o corpo da requisição em JSON (Content-Type: application/json).',
  notJsonOrMultipart: 'Envie o corpo da requisição em JSON ou multipart/form-data.',
  malformedForm: 'Formulário inválido.',
  /** valid JSON that is not an object (`null`, a string, an array…): zod's own text for it is English */
  notObject: 'O corpo da requisição deve ser um objeto JSON com os campos do formulário.',
} as const;

export function errorBody(code: ErrorCode, message?: string, extra?: Record<string, unknown>) {
  return { error: code, message: message ?? ERROR_TEXT[code], ...extra };
}

/** First message per field, in the spec's texts (the zod schemas carry them). */
export function zodFieldErrors(err: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export function validationResponse(c: Context, err: ZodError) {
  const fields = zodFieldErrors(err);
  const first = Object.values(fields)[0] ?? ERROR_TEXT.ERR_VALIDATION;
  return c.json(errorBody('ERR_VALIDATION', first, { fields }), 400);
}

/** The SQLSTATE of a database error (postgres.js and PGlite put it on the error, drizzle on its `cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Postgres "data exception" class (22xxx: an integer out of range, a NUL byte in text, a malformed number…) can only
 * come from input no validator caught: it is bad input (400), not a server fault. Still logged, so the missing
 * validator gets added at the edge.
 */
export function isBadInputDbError(err: unknown): boolean {
  return sqlState(err)?.startsWith('22') ?? false;
}

/** seconds a client should wait before retrying a 503 (the database or Redis was unreachable) */
export const RETRY_AFTER_SECONDS = 5;

export function onError(err: Error, c: Context) {
  if (err instanceof DomainError) {
    if (err.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    // a refusal about one field names it, as validation failures do
    const details = err.details as { fields?: Record<string, string>; reason?: unknown } | undefined;
    const fields = details?.fields;
    // a refusal whose text has parameters may also carry them as `reason` { code, params } for translation
    const reason = details?.reason;
    return c.json(
      errorBody(
        err.code,
        err.message,
        fields || reason ? { ...(fields ? { fields } : {}), ...(reason ? { reason } : {}) } : undefined,
      ),
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof ZodError) return validationResponse(c, err);
  // the framework's own refusals (Hono's validators, body parsing) carry English texts: answered with ours
  if (err instanceof HTTPException && err.status < 500) {
    if (err.status === 401) return c.json(errorBody('ERR_UNAUTHORIZED'), 401);
    if (err.status === 404) return c.json(errorBody('ERR_NOT_FOUND'), 404);
    if (err.status === 413) return c.json(errorBody('ERR_PAYLOAD_TOO_LARGE'), 413);
    if (err.status === 415) return c.json(errorBody('ERR_VALIDATION', BODY_TEXT.notJson), 400);
    const text = /json/i.test(err.message)
      ? BODY_TEXT.malformedJson
      : /form/i.test(err.message)
        ? BODY_TEXT.malformedForm
        : undefined;
    return c.json(errorBody('ERR_VALIDATION', text), 400);
  }
  // a syntactically broken JSON body is bad input, not a server error
  if (err instanceof SyntaxError) return c.json(errorBody('ERR_VALIDATION', BODY_TEXT.malformedJson), 400);
  if (isBadInputDbError(err)) {
    log.warn({ err, path: c.req.path, code: sqlState(err) }, 'input refused by the database (missing validator)');
    return c.json(errorBody('ERR_VALIDATION'), 400);
  }
  const requestId = c.get('requestId' as never) as string | undefined;
  // PostgreSQL or Redis unreachable: nothing was done, the client may retry (never a 500)
  if (isUnavailableError(err)) {
    log.warn({ err: rootMessage(err), requestId, path: c.req.path }, 'dependency unavailable: answered 503');
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody('ERR_SERVICE_UNAVAILABLE', undefined, { requestId }), 503);
  }
  log.error({ err, requestId, path: c.req.path }, 'unhandled error');
  return c.json(errorBody('ERR_INTERNAL', 'An error occurred!', { requestId }), 500);
}
