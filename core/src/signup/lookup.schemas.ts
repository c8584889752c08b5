import { z } from 'zod';
import { checkDocumentNumber, DOCUMENT_TEXTS } from '../saas/documents';

/**
 * The registration forms' lookups (spec 3 §7 GET /helper/cnpj/{digits}, GET /helper/whatsapp/{number}; ours
 * GET /helper/cep/{cep}). Failures of the outside services are silent (spec 3 §8): the answer is then `{}`.
 */
export const LOOKUP_TEXTS = {
  invalidCep: 'CEP inválido',
  /** spec 3 §4 */
  whatsappValid: 'Este numero possui um WhatsApp',
  /** spec 3 §5 */
  whatsappInvalid: 'Este numero não possui um WhatsApp',
  invalidNumber: 'Número inválido',
  limited: 'Muitas consultas seguidas. Aguarde um minuto e tente de novo.',
} as const;

/** Lookups per client IP per minute (CNPJ and CEP each) */
export const LOOKUP_RULE = { limit: 30, windowMs: 60_000 } as const;
/** WhatsApp checks per user per minute (each is a request to WhatsApp through the platform's connection) */
export const WHATSAPP_CHECK_RULE = { limit: 20, windowMs: 60_000 } as const;

/** `digits` of GET /helper/cnpj: a valid CNPJ (numeric or alphanumeric, marks allowed), normalized */
export const CnpjParam = z.object({
  digits: z
    .string()
    .max(40, DOCUMENT_TEXTS.invalidCnpj)
    .transform((v, ctx) => {
      const r = checkDocumentNumber(v);
      if (!r.ok || r.kind !== 'cnpj') {
        ctx.addIssue({ code: 'custom', message: r.ok ? DOCUMENT_TEXTS.invalidCnpj : r.message });
        return z.NEVER;
      }
      return r.value;
    }),
});

/** the digits of a CEP ("01310-100" → "01310100"), or null when it is not 8 digits */
export function cepDigits(raw: string | null | undefined): string | null {
  const d = (raw ?? '').replace(/\D/g, '');
  return d.length === 8 && (raw ?? '').replace(/[\s.-]/g, '').length === 8 ? d : null;
}

export const CepParam = z.object({
  cep: z
    .string()
    .max(20, LOOKUP_TEXTS.invalidCep)
    .transform((v, ctx) => {
      const d = cepDigits(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: LOOKUP_TEXTS.invalidCep });
        return z.NEVER;
      }
      return d;
    }),
});

/** `number` of GET /helper/whatsapp: a phone as typed (3 to 20 digits once marks are dropped) */
export const WhatsappNumberParam = z.object({
  number: z
    .string()
    .max(40, LOOKUP_TEXTS.invalidNumber)
    .transform((v, ctx) => {
      const d = v.replace(/\D/g, '');
      if (d.length < 3 || d.length > 20 || /[^\d\s()+.-]/.test(v)) {
        ctx.addIssue({ code: 'custom', message: LOOKUP_TEXTS.invalidNumber });
        return z.NEVER;
      }
      return d;
    }),
});

export type CnpjLookupDto =
  | Record<string, never>
  | {
      nome: string;
      fantasia: string;
      cep: string;
      logradouro: string;
      numero: string;
      complemento: string;
      bairro: string;
      municipio: string;
      uf: string;
    };
export type CepLookupDto =
  | Record<string, never>
  | { cep: string; logradouro: string; complemento: string; bairro: string; municipio: string; uf: string };

/** GET /helper/whatsapp/{number}: "validity and normalized number" (spec 3 §7) with the text the form shows */
export type WhatsappCheckDto = { valid: boolean; number: string; message: string };
