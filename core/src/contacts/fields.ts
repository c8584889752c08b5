import { z } from 'zod';

/**
 * Field builders shared by the directory forms (contacts, categories, tags, quick answers), carrying the spec's
 * texts. Empty or whitespace-only text is "missing" (like the spec's form library), so it answers the required text.
 */
export function requiredText(opts: {
  min: number;
  max?: number;
  required: string;
  tooShort: string;
  tooLong?: string;
}) {
  let s = z.string({ error: opts.required }).trim().min(1, opts.required).min(opts.min, opts.tooShort);
  if (opts.max !== undefined) s = s.max(opts.max, opts.tooLong ?? opts.tooShort);
  return s;
}

/** `#rgb`, `#rrggbb` or `#rrggbbaa` */
export const HexColor = z
  .string({ error: 'Cor inválida' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Cor inválida');
