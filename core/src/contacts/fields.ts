import { z } from 'zod';
import { coercedId } from '../ids/ids';

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

/** 1-based page number from a query string; absent → 1. */
export const PageNumber = z.coerce
  .number({ error: 'pageNumber inválido' })
  .int('pageNumber inválido')
  .min(1, 'pageNumber inválido')
  .max(1_000_000, 'pageNumber inválido')
  .default(1);

/** Free-text search of a list; lower-cased and trimmed (spec 2 §5: search text in lists is lower-cased). */
export const SearchParam = z
  .string()
  .max(200, 'Busca muito longa')
  .optional()
  .transform((v) => (v ?? '').trim().toLowerCase());

/** Page size of every directory list (spec: "page size not shown"; contact export pages at 20). */
export const DIRECTORY_PAGE_SIZE = 20;

/** `#rgb`, `#rrggbb` or `#rrggbbaa` */
export const HexColor = z
  .string({ error: 'Cor inválida' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Cor inválida');

/** A list of ids sent as JSON text (`[1,2]`), comma text (`1,2`), repeated query values, numbers or `{id}` objects. */
export const IdList = z.preprocess(
  (v) => {
    const flat = (x: unknown): unknown[] => {
      if (x === undefined || x === null || x === '') return [];
      if (Array.isArray(x)) return x.flatMap(flat);
      if (typeof x === 'string') {
        const s = x.trim();
        if (s.startsWith('[')) {
          try {
            return flat(JSON.parse(s));
          } catch {
            return [s];
          }
        }
        return s
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
      }
      if (typeof x === 'object' && 'id' in (x as object)) return [(x as { id: unknown }).id];
      return [x];
    };
    return flat(v);
  },
  z.array(coercedId('Id inválido')).max(500, 'Itens demais'),
);
