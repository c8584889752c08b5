import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { validationResponse } from './errors';

/** zValidator answering 400 `{ error: 'ERR_VALIDATION', message: <first spec text>, fields }`. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return validationResponse(c, result.error as never);
  });
}
