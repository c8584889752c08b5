import { zValidator } from '@hono/zod-validator';
import { DomainError } from '@zapdesk/core';
import type { ValidationTargets } from 'hono';
import type { output, ZodType } from 'zod';
import { errorBody, validationResponse } from './errors';
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
  const mw = zValidator(target, schema, (result, c) => {
    if (!result.success) return validationResponse(c, result.error as never);
    const field = findNul(result.data);
    if (field !== null) return c.json(errorBody('ERR_VALIDATION', NUL_TEXT, { fields: { [field]: NUL_TEXT } }), 400);
  });
  // the OpenAPI documents read the schema that validates the route from the route itself (route-docs.ts)
  return registerHandlerMeta(mw, { kind: 'validator', target: target as ValidationTarget, schema });
}

/**
 * For the few routes that pick their body format at run time (JSON or multipart): the same checks as
 * `validate('json', schema)` — malformed JSON and schema failures answer 400 (ZodError → onError), NUL refused.
 */
export async function parseJsonBody<T extends ZodType>(
  req: { json(): Promise<unknown> },
  schema: T,
): Promise<output<T>> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    throw new DomainError('ERR_VALIDATION', 'Malformed JSON body');
  }
  const data = schema.parse(raw);
  assertNoNul(data);
  return data;
}

/** Throws 400 ERR_VALIDATION when a string of `value` holds a NUL character (input not read through validate()). */
export function assertNoNul(value: unknown): void {
  if (findNul(value) !== null) throw new DomainError('ERR_VALIDATION', NUL_TEXT);
}
