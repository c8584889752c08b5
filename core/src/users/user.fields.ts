import { z } from 'zod';
import { ID_MAX } from '../ids/ids';

/**
 * Field builders carrying the spec's validation texts (spec 1 §5: 'Too Short!', 'Too Long!', 'Required',
 * 'Invalid email'). Shared by the API (validation) and the web (forms), so both show the same words.
 */
export const TEXT = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
} as const;

/** A required, trimmed string between min and max characters. */
export function boundedText(min: number, max: number) {
  return z.string({ error: TEXT.required }).trim().min(1, TEXT.required).min(min, TEXT.tooShort).max(max, TEXT.tooLong);
}

/** Name of a user, group, queue…: 2 to 50 (spec 1 §5, §9). */
export const nameField = () => boundedText(2, 50);

/** Password: 5 to 50 (spec 1 §5). Not trimmed: spaces are part of a password. */
export const passwordField = () =>
  z.string({ error: TEXT.required }).min(1, TEXT.required).min(5, TEXT.tooShort).max(50, TEXT.tooLong);

/** E-mail: required and valid; stored lower-cased so uniqueness and login ignore case. */
export const emailField = () =>
  z
    .string({ error: TEXT.required })
    .trim()
    .min(1, TEXT.required)
    .max(254, TEXT.tooLong)
    .pipe(z.email({ error: TEXT.invalidEmail }))
    .transform((s) => s.toLowerCase());

/** A flag the spec writes as 0/1 in places; accepted as boolean or 0/1, answered as boolean. */
export const flagField = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Invalid value' })
    .transform((v) => v === true || v === 1);

/** A positive integer id (body fields). */
export const idField = () =>
  z.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(ID_MAX, 'Invalid id');
