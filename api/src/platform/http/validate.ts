import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { errorBody, validationResponse } from './errors';

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
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return validationResponse(c, result.error as never);
    const field = findNul(result.data);
    if (field !== null) return c.json(errorBody('ERR_VALIDATION', NUL_TEXT, { fields: { [field]: NUL_TEXT } }), 400);
  });
}
