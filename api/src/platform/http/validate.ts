import { zValidator } from '@hono/zod-validator';
import { DomainError } from '@zapdesk/core';
import type { HonoRequest, MiddlewareHandler, ValidationTargets } from 'hono';
import type { output, ZodType } from 'zod';
import { BODY_TEXT, errorBody, validationResponse } from './errors';
import { registerHandlerMeta, type ValidationTarget } from './route-docs';

export const NUL_TEXT = 'Caractere inválido';

/** Path of the first string holding U+0000 (Postgres text cannot store it), or null. Files and dates are skipped. */
export function findNul(v: unknown, path: (string | number)[] = []): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path.join('.') || '_' : null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = findNul(v[i], [...path, i]);
      if (p !== null) return p;
    }
    return null;
  }
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    for (const [k, x] of Object.entries(v)) {
      const p = findNul(x, [...path, k]);
      if (p !== null) return p;
    }
  }
  return null;
}

/**
 * zValidator answering 400 `{ error: 'ERR_VALIDATION', message: <first spec text>, fields }`. Every validated
 * input is also refused when a string holds a NUL character, in one place for every route (the database would
 * otherwise fail the statement with a 500).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const zmw = zValidator(target, schema, (result, c) => {
    if (!result.success) return validationResponse(c, result.error as never);
    const field = findNul(result.data);
    if (field !== null) return c.json(errorBody('ERR_VALIDATION', NUL_TEXT, { fields: { [field]: NUL_TEXT } }), 400);
  });
  const mw =
    target === 'json'
      ? jsonBodyFirst(zmw as MiddlewareHandler)
      : target === 'form'
        ? formBodyFirst(zmw as MiddlewareHandler)
        : zmw;
  // the OpenAPI documents read the schema that validates the route from the route itself (route-docs.ts)
  return registerHandlerMeta(mw as typeof zmw, { kind: 'validator', target: target as ValidationTarget, schema });
}

/** `application/json` and the `+json` types (as Hono's validator reads them) */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function isJsonContentType(header: string | null | undefined): boolean {
  return JSON_TYPE.test((header ?? '').split(';')[0].trim());
}

/** a body is there to read (an empty one declared with Content-Length: 0 is no body) */
function hasBody(req: Request): boolean {
  return req.body !== null && req.headers.get('content-length') !== '0';
}

/**
 * Before `validate('json', …)`: a body sent as anything but JSON is refused (Hono's validator would validate `{}` in
 * its place — a field "Obrigatório" that was sent, or an all-optional update that silently does nothing), and a
 * body that is not JSON answers our text, not the framework's English. No body at all validates `{}` as before.
 */
function jsonBodyFirst(next: MiddlewareHandler): MiddlewareHandler {
  return async (c, then) => {
    if (hasBody(c.req.raw)) {
      if (!isJsonContentType(c.req.header('content-type'))) {
        return c.json(errorBody('ERR_VALIDATION', BODY_TEXT.notJson), 400);
      }
      let body: unknown;
      try {
        // cached by Hono: the validator reads the same parsed body
        body = await c.req.json();
      } catch {
        return c.json(errorBody('ERR_VALIDATION', BODY_TEXT.malformedJson), 400);
      }
      if (!isJsonObject(body)) return c.json(errorBody('ERR_VALIDATION', BODY_TEXT.notObject), 400);
    }
    return next(c, then);
  };
}

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/**
 * Before `validate('form', …)`: a body of another type would be validated as `{}` (an update that does nothing).
 * JSON passes: the form routes that also take a JSON body read it themselves.
 */
function formBodyFirst(next: MiddlewareHandler): MiddlewareHandler {
  return async (c, then) => {
    const type = c.req.header('content-type');
    const media = (type ?? '').split(';')[0].trim().toLowerCase();
    if (hasBody(c.req.raw) && !FORM_TYPES.includes(media) && !isJsonContentType(type)) {
      return c.json(errorBody('ERR_VALIDATION', BODY_TEXT.notJsonOrMultipart), 400);
    }
    return next(c, then);
  };
}

type BodyRequest = Request | HonoRequest;

/** every JSON body of the API is an object of fields */
const isJsonObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A JSON object body, for the routes that read it themselves: another Content-Type answers `notJson` (or the given
 * text, where the route also takes multipart), unreadable JSON `malformedJson`, JSON that is not an object
 * `notObject`; 400 ERR_VALIDATION.
 */
export async function readJsonBody(
  req: BodyRequest,
  notJsonText: string = BODY_TEXT.notJson,
): Promise<Record<string, unknown>> {
  const type = req instanceof Request ? req.headers.get('content-type') : req.header('content-type');
  if (!isJsonContentType(type)) throw new DomainError('ERR_VALIDATION', notJsonText);
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new DomainError('ERR_VALIDATION', BODY_TEXT.malformedJson);
  }
  if (!isJsonObject(body)) throw new DomainError('ERR_VALIDATION', BODY_TEXT.notObject);
  return body;
}

/**
 * For the few routes that pick their body format at run time (JSON or multipart): the same checks as
 * `validate('json', schema)` — a body not sent as JSON or malformed and schema failures answer 400, NUL refused.
 */
export async function parseJsonBody<T extends ZodType>(
  req: BodyRequest,
  schema: T,
  notJsonText: string = BODY_TEXT.notJson,
): Promise<output<T>> {
  const raw = await readJsonBody(req, notJsonText);
  const data = schema.parse(raw);
  assertNoNul(data);
  return data;
}

/** Throws 400 ERR_VALIDATION when a string of `value` holds a NUL character (input not read through validate()). */
export function assertNoNul(value: unknown): void {
  if (findNul(value) !== null) throw new DomainError('ERR_VALIDATION', NUL_TEXT);
}
